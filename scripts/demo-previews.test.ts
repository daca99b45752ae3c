import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { portfolioItems } from "../app/content/portfolio";
import { PREVIEW_WIDTHS, previewFile, previewHeight } from "../app/lib/demo-previews";
import { previewFallbackDir, renderDemoPreviews } from "./demo-previews";

/** Pixel size of a WebP file (lossy "VP8 " or extended "VP8X" bitstream), or undefined. */
function webpSize(file: Buffer) {
  if (file.toString("ascii", 0, 4) !== "RIFF" || file.toString("ascii", 8, 12) !== "WEBP") return undefined;
  const chunk = file.toString("ascii", 12, 16);
  if (chunk === "VP8 ") return { width: file.readUInt16LE(26) & 0x3fff, height: file.readUInt16LE(28) & 0x3fff };
  if (chunk === "VP8X") return { width: file.readUIntLE(24, 3) + 1, height: file.readUIntLE(27, 3) + 1 };
  return undefined;
}

const expectedFiles = portfolioItems.flatMap((item) => PREVIEW_WIDTHS.map((width) => ({ item, width, file: previewFile(item.id, width) })));

describe("committed demo previews (assets/previews, refreshed by npm run previews)", () => {
  it.each(expectedFiles)("$file is a WebP of the size the card declares, under 30 KB", ({ width, file }) => {
    const full = path.join(previewFallbackDir, file);
    expect(fs.existsSync(full), `${file} is missing: run npm run build, then npm run previews`).toBe(true);
    const body = fs.readFileSync(full);
    expect(webpSize(body)).toEqual({ width, height: previewHeight(width) });
    // Several load on a phone's first view of /portfolio; each counts against the page's transfer budget.
    expect(body.length).toBeLessThan(30 * 1024);
  });

  it("holds no preview of a demo the portfolio no longer lists", () => {
    expect(fs.readdirSync(previewFallbackDir).sort()).toEqual(expectedFiles.map((f) => f.file).sort());
  });
});

describe("renderDemoPreviews without Chromium", () => {
  const chromiumPath = process.env.CHROMIUM_PATH;
  afterEach(() => {
    if (chromiumPath === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = chromiumPath;
  });

  it("copies the committed previews into the client build, so the build still works", async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "demo-previews-"));
    process.env.CHROMIUM_PATH = path.join(clientDir, "no-chromium-here");
    try {
      expect(await renderDemoPreviews(clientDir)).toBe(expectedFiles.length);
      for (const { file } of expectedFiles) {
        expect(fs.readFileSync(path.join(clientDir, "previews", file))).toEqual(fs.readFileSync(path.join(previewFallbackDir, file)));
      }
    } finally {
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
