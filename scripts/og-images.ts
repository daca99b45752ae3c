/**
 * Social preview images, rendered at build time: a 1200x630 PNG per main page
 * (its title and description as built into the page, with the studio brand),
 * a shared default for every other page, and a square logo for JSON-LD.
 * Written into the client build under /og/, so they are self-hosted.
 *
 * Rasterised by headless Debian Chromium through playwright-core, with the
 * site's own fonts embedded, so nothing is fetched from the network.
 *
 * Standalone: `tsx scripts/og-images.ts` (after `react-router build`); with
 * `--save-fallback` it also refreshes assets/og/, the committed copies the
 * build uses on a machine without Chromium (so `npm start` works anywhere).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

import { siteConfig } from "../app/content/site";
import { publicRoutes } from "../app/lib/route-registry";
import { configuredBuildDir, configuredChromiumPath, configuredSiteUrl } from "../server/paths";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const fallbackDir = path.join(root, "assets", "og");
const WIDTH = 1200;
const HEIGHT = 630;

export function ogSlug(routePath: string) {
  return routePath === "/" ? "home" : routePath.slice(1).replaceAll("/", "-");
}

const decode = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The page's title (brand removed) and description, read from its prerendered HTML. */
export function readPageText(html: string) {
  const title = decode(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? siteConfig.name);
  const description = decode(
    /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? siteConfig.description,
  );
  const bare = title.replace(` | ${siteConfig.name}`, "").replace(`${siteConfig.name} | `, "");
  return { title: bare, description };
}

function fontFace(family: string, file: string) {
  const data = fs.readFileSync(path.join(root, "node_modules", file)).toString("base64");
  return `@font-face{font-family:"${family}";src:url(data:font/woff2;base64,${data}) format("woff2");font-weight:100 900;}`;
}

const MARK = `<svg width="__S__" height="__S__" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#1d4ed8"/><path d="M6 22 13 11l4 6 3-4 6 9Z" fill="#fff"/><path d="M6 25c3-2 5-2 8 0s5 2 8 0 4-2 4-2" stroke="#5eead4" stroke-width="2" fill="none" stroke-linecap="round"/></svg>`;

function cardHtml(fonts: string, title: string, description: string, url: string) {
  return `<!doctype html><html><head><meta charset="utf-8"><style>${fonts}
  *{margin:0;box-sizing:border-box}
  body{width:${WIDTH}px;height:${HEIGHT}px;overflow:hidden;font-family:"Inter";color:#fff;
    background:#0b1324;position:relative;
    padding:64px 72px;display:flex;flex-direction:column;justify-content:space-between}
  .brand{display:flex;align-items:center;gap:20px;font-family:"Jakarta";font-weight:700;font-size:34px;letter-spacing:-.01em}
  h1{font-family:"Jakarta";font-weight:800;font-size:${title.length > 32 ? 72 : 84}px;line-height:1.05;letter-spacing:-.025em;max-width:1000px}
  p{font-size:30px;line-height:1.4;color:#cbd5e1;max-width:980px;margin-top:24px;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
  .foot{display:flex;justify-content:space-between;align-items:center;font-size:24px;color:#94a3b8}
  .wave{height:6px;width:160px;border-radius:3px;background:#5eead4}
  /* Flat colours only: gradients would make each PNG ten times larger. */
  .art{position:absolute;right:0;top:0;z-index:-1}
  body>div{position:relative}
  </style></head><body>
  <svg class="art" width="520" height="${HEIGHT}" viewBox="0 0 520 ${HEIGHT}"><path d="M120 0h400v${HEIGHT}H420Z" fill="#13245a"/><path d="M300 0h220v${HEIGHT}h-60Z" fill="#1d4ed8"/></svg>
  <div class="brand">${MARK.replaceAll("__S__", "64")}<span>${escapeHtml(siteConfig.name)}</span></div>
  <div><h1>${escapeHtml(title)}</h1><p>${escapeHtml(description)}</p></div>
  <div class="foot"><span>${escapeHtml(url)}</span><span class="wave"></span></div>
  </body></html>`;
}

export async function renderOgImages(clientDir: string, siteUrl: string) {
  const outDir = path.join(clientDir, "og");
  fs.mkdirSync(outDir, { recursive: true });
  const fonts =
    fontFace("Inter", "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2") +
    fontFace(
      "Jakarta",
      "@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2",
    );
  const host = siteUrl.replace(/^https?:\/\//, "");

  const cards: { file: string; title: string; description: string; url: string }[] = [];
  for (const r of publicRoutes.filter((x) => x.section === "main" && x.prerender)) {
    const htmlFile = path.join(clientDir, r.path === "/" ? "index.html" : `${r.path.slice(1)}/index.html`);
    if (!fs.existsSync(htmlFile))
      throw new Error(`og-images: ${htmlFile} is missing; run react-router build first`);
    const text = readPageText(fs.readFileSync(htmlFile, "utf8"));
    cards.push({ file: `${ogSlug(r.path)}.png`, ...text, url: `${host}${r.path === "/" ? "" : r.path}` });
  }
  cards.push({
    file: "default.png",
    title: siteConfig.tagline,
    description: siteConfig.description,
    url: host,
  });

  const executablePath = configuredChromiumPath();
  if (!fs.existsSync(executablePath)) {
    console.warn(
      `og-images: Chromium not found at ${executablePath}; using the committed images in assets/og/`,
    );
    for (const file of fs.readdirSync(fallbackDir))
      fs.copyFileSync(path.join(fallbackDir, file), path.join(outDir, file));
    return fs.readdirSync(fallbackDir).length;
  }
  const browser = await chromium.launch({
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--no-first-run",
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
    for (const card of cards) {
      await page.setContent(cardHtml(fonts, card.title, card.description, card.url), { waitUntil: "load" });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.screenshot({
        path: path.join(outDir, card.file),
        type: "png",
        clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT },
      });
    }
    await page.setViewportSize({ width: 512, height: 512 });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${MARK.replaceAll("__S__", "512")}</body></html>`,
    );
    await page.screenshot({
      path: path.join(outDir, "logo.png"),
      type: "png",
      omitBackground: true,
      clip: { x: 0, y: 0, width: 512, height: 512 },
    });
  } finally {
    await browser.close();
  }
  return cards.length + 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const clientDir = path.resolve(configuredBuildDir(), "client");
  const n = await renderOgImages(clientDir, configuredSiteUrl());
  console.log(`og-images: rendered ${n} images`);
  if (process.argv.includes("--save-fallback")) {
    for (const file of fs.readdirSync(path.join(clientDir, "og")))
      fs.copyFileSync(path.join(clientDir, "og", file), path.join(fallbackDir, file));
    console.log("og-images: refreshed assets/og/");
  }
}
