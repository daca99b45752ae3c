/**
 * Portfolio previews, rendered at build time: the top of each demo's home page as
 * built (1280x640 CSS px), saved as WebP at every width of PREVIEW_WIDTHS into the
 * client build under /previews/. Pages are read straight from the client build
 * (no server), without JavaScript, as a visitor first sees them.
 *
 * Like the social images, Chromium is optional: without it the build copies the
 * committed previews in assets/previews/. `npm run previews` (after a build)
 * refreshes those copies; scripts/demo-previews.test.ts fails when one is missing.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { portfolioItems } from "../app/content/portfolio";
import { PREVIEW_VIEWPORT, PREVIEW_WIDTHS, previewFile } from "../app/lib/demo-previews";
import { launchBuildChromium } from "./build-chromium";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const previewFallbackDir = path.join(root, "assets", "previews");
/** WebP quality: screenshots of flat UI stay legible at card size well below the default 80. */
const QUALITY = 60;
const ORIGIN = "http://previews.invalid";

/** The client build file a URL path resolves to, or undefined outside the build. */
function buildFile(clientDir: string, urlPath: string) {
  const rel = decodeURIComponent(urlPath).replace(/^\/+/, "");
  const candidates = [rel, path.join(rel, "index.html")];
  for (const candidate of candidates) {
    const full = path.resolve(clientDir, candidate);
    if (full.startsWith(path.resolve(clientDir)) && fs.existsSync(full) && fs.statSync(full).isFile()) return full;
  }
  return undefined;
}

export async function renderDemoPreviews(clientDir: string) {
  const outDir = path.join(clientDir, "previews");
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await launchBuildChromium("demo-previews", previewFallbackDir, outDir);
  if (!browser) return fs.readdirSync(previewFallbackDir).length;
  let count = 0;
  try {
    const context = await browser.newContext({ viewport: PREVIEW_VIEWPORT, javaScriptEnabled: false, reducedMotion: "reduce" });
    // Every request is answered from the build; nothing reaches the network.
    await context.route("**/*", async (route) => {
      const url = new URL(route.request().url());
      const file = url.origin === ORIGIN ? buildFile(clientDir, url.pathname) : undefined;
      if (file) await route.fulfill({ path: file });
      else await route.fulfill({ status: 404, body: "" });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    for (const item of portfolioItems) {
      const response = await page.goto(`${ORIGIN}${item.link}`, { waitUntil: "load" });
      if (!response?.ok()) throw new Error(`demo-previews: ${item.link} is missing from ${clientDir}; run react-router build first`);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      for (const width of PREVIEW_WIDTHS) {
        const { data } = await cdp.send("Page.captureScreenshot", {
          format: "webp",
          quality: QUALITY,
          clip: { x: 0, y: 0, ...PREVIEW_VIEWPORT, scale: width / PREVIEW_VIEWPORT.width },
        });
        fs.writeFileSync(path.join(outDir, previewFile(item.id, width)), Buffer.from(data, "base64"));
        count++;
      }
    }
  } finally {
    await browser.close();
  }
  return count;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
  const n = await renderDemoPreviews(clientDir);
  console.log(`demo-previews: rendered ${n} previews`);
  if (process.argv.includes("--save-fallback")) {
    fs.rmSync(previewFallbackDir, { recursive: true, force: true });
    fs.mkdirSync(previewFallbackDir, { recursive: true });
    for (const file of fs.readdirSync(path.join(clientDir, "previews"))) {
      fs.copyFileSync(path.join(clientDir, "previews", file), path.join(previewFallbackDir, file));
    }
    console.log("demo-previews: refreshed assets/previews/");
  }
}
