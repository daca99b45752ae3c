/**
 * Portfolio previews (decision 0017): the top of each demo's home page as built
 * (1280x640 CSS px, without JavaScript, as a visitor first sees it), as AVIF at every
 * width of PREVIEW_WIDTHS.
 *
 * The build serves the committed files in assets/previews/, so every build is the
 * same with or without a browser: postbuild calls copyDemoPreviews(), which warns
 * when a demo's landing page no longer reads as it did when its preview was taken.
 * `npm run previews` (after `npm run build`, needs Debian Chromium) renders them
 * again from the build and rewrites assets/previews/ with its manifest.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

import { portfolioItems } from "../app/content/portfolio";
import { PREVIEW_VIEWPORT, PREVIEW_WIDTHS, previewFile, previewHeight } from "../app/lib/demo-previews";
import { z } from "../app/lib/zod";
import { configuredBuildDir, configuredChromiumPath } from "../server/paths";
import { visibleText } from "./visible-text";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const previewFallbackDir = path.join(root, "assets", "previews");
export const MANIFEST = "manifest.json";
/** AVIF quality: the lowest at which the demos' headings and buttons stay clean at card size (decision 0017). */
const QUALITY = 40;
const ORIGIN = "http://previews.invalid";

/** Demo id -> hash of the visible text of its landing page when the preview was taken. */
const manifestSchema = z.record(z.string(), z.string().regex(/^[0-9a-f]{16}$/));

function landingHtml(clientDir: string, link: string) {
  return fs.readFileSync(path.join(clientDir, link, "index.html"), "utf8");
}

export function textHash(html: string) {
  return createHash("sha256").update(visibleText(html).join("\n")).digest("hex").slice(0, 16);
}

export function readManifest(dir = previewFallbackDir) {
  return manifestSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), "utf8")));
}

/** Copies the committed previews into the client build; returns the demos whose landing page changed since. */
export function copyDemoPreviews(clientDir: string, sourceDir = previewFallbackDir) {
  const outDir = path.join(clientDir, "previews");
  fs.mkdirSync(outDir, { recursive: true });
  for (const item of portfolioItems) {
    for (const width of PREVIEW_WIDTHS)
      fs.copyFileSync(
        path.join(sourceDir, previewFile(item.id, width)),
        path.join(outDir, previewFile(item.id, width)),
      );
  }
  const manifest = readManifest(sourceDir);
  return portfolioItems
    .filter((item) => manifest[item.id] !== textHash(landingHtml(clientDir, item.link)))
    .map((item) => item.id);
}

/** The client build file a URL path resolves to, or undefined outside the build. */
function buildFile(clientDir: string, urlPath: string) {
  const rel = decodeURIComponent(urlPath).replace(/^\/+/, "");
  for (const candidate of [rel, path.join(rel, "index.html")]) {
    const full = path.resolve(clientDir, candidate);
    if (
      full.startsWith(path.resolve(clientDir) + path.sep) &&
      fs.existsSync(full) &&
      fs.statSync(full).isFile()
    )
      return full;
  }
  return undefined;
}

/** Screenshots every demo's landing page from the client build and rewrites assets/previews/. */
export async function renderDemoPreviews(clientDir: string) {
  // Only this maintainer script encodes AVIF; the build itself never loads sharp.
  const { default: sharp } = await import("sharp");
  const browser = await chromium.launch({
    executablePath: configuredChromiumPath(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--no-first-run",
    ],
  });
  const manifest: Record<string, string> = {};
  fs.rmSync(previewFallbackDir, { recursive: true, force: true });
  fs.mkdirSync(previewFallbackDir, { recursive: true });
  try {
    const context = await browser.newContext({
      viewport: PREVIEW_VIEWPORT,
      javaScriptEnabled: false,
      reducedMotion: "reduce",
    });
    // Every request is answered from the build; nothing reaches the network.
    await context.route("**/*", async (route) => {
      const url = new URL(route.request().url());
      const file = url.origin === ORIGIN ? buildFile(clientDir, url.pathname) : undefined;
      await (file ? route.fulfill({ path: file }) : route.fulfill({ status: 404, body: "" }));
    });
    const page = await context.newPage();
    for (const item of portfolioItems) {
      const response = await page.goto(`${ORIGIN}${item.link}`, { waitUntil: "load" });
      if (!response?.ok())
        throw new Error(`demo-previews: ${item.link} is missing from ${clientDir}; run npm run build first`);
      await page.evaluate("document.fonts.ready.then(() => undefined)");
      const png = await page.screenshot({ clip: { x: 0, y: 0, ...PREVIEW_VIEWPORT } });
      for (const width of PREVIEW_WIDTHS) {
        await sharp(png)
          .resize(width, previewHeight(width), { kernel: "lanczos3" })
          .avif({ quality: QUALITY, effort: 6 })
          .toFile(path.join(previewFallbackDir, previewFile(item.id, width)));
      }
      manifest[item.id] = textHash(landingHtml(clientDir, item.link));
    }
  } finally {
    await browser.close();
  }
  fs.writeFileSync(path.join(previewFallbackDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return Object.keys(manifest).length;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const clientDir = path.resolve(configuredBuildDir(), "client");
  const n = await renderDemoPreviews(clientDir);
  console.log(
    `demo-previews: ${n} demos rendered into assets/previews/; run npm run build again to serve them`,
  );
}
