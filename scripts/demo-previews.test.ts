import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { portfolioItems } from "../app/content/portfolio";
import { PREVIEW_WIDTHS, previewFile, previewHeight } from "../app/lib/demo-previews";
import { copyDemoPreviews, MANIFEST, previewFallbackDir, readManifest, textHash } from "./demo-previews";

/** Pixel size of an AVIF file, from the image spatial extents ("ispe") box of its header. */
function avifSize(file: Buffer) {
  if (file.toString("ascii", 4, 12) !== "ftypavif") return undefined;
  const at = file.indexOf("ispe", 0, "ascii");
  return at < 0 ? undefined : { width: file.readUInt32BE(at + 8), height: file.readUInt32BE(at + 12) };
}

const expectedFiles = portfolioItems.flatMap((item) =>
  PREVIEW_WIDTHS.map((width) => ({ item, width, file: previewFile(item.id, width) })),
);

describe("committed demo previews (assets/previews, made by npm run previews)", () => {
  it.each(expectedFiles)("$file is an AVIF of the size the card declares, and small", ({ width, file }) => {
    const full = path.join(previewFallbackDir, file);
    expect(fs.existsSync(full), `${file} is missing: run npm run build, then npm run previews`).toBe(true);
    const body = fs.readFileSync(full);
    expect(avifSize(body)).toEqual({ width, height: previewHeight(width) });
    // Up to three load on a phone's first view of /portfolio, against its LCP and transfer budgets.
    expect(body.length).toBeLessThan(width === 1080 ? 20 * 1024 : 12 * 1024);
  });

  it("holds exactly the listed demos' previews, each with the hash of the page it shows", () => {
    expect(fs.readdirSync(previewFallbackDir).sort()).toEqual(
      [...expectedFiles.map((f) => f.file), MANIFEST].sort(),
    );
    expect(Object.keys(readManifest()).sort()).toEqual(portfolioItems.map((item) => item.id).sort());
  });
});

describe("copyDemoPreviews", () => {
  it("puts the committed files in the build and names the demos whose landing page changed since", () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "demo-previews-"));
    const [clientDir, sourceDir] = [path.join(tmp, "client"), path.join(tmp, "previews")];
    try {
      fs.cpSync(previewFallbackDir, sourceDir, { recursive: true });
      const manifest: Record<string, string> = {};
      for (const item of portfolioItems) {
        fs.mkdirSync(path.join(clientDir, item.link), { recursive: true });
        const html = `<main><h1>${item.title}</h1><p>Call us</p></main>`;
        fs.writeFileSync(path.join(clientDir, item.link, "index.html"), html);
        // The gym's landing page "changed" after its preview was taken.
        manifest[item.id] = textHash(item.id === "gym" ? html.replace("Call us", "Call us today") : html);
      }
      fs.writeFileSync(path.join(sourceDir, MANIFEST), JSON.stringify(manifest));
      expect(copyDemoPreviews(clientDir, sourceDir)).toEqual(["gym"]);
      for (const { file } of expectedFiles) {
        expect(fs.readFileSync(path.join(clientDir, "previews", file))).toEqual(
          fs.readFileSync(path.join(previewFallbackDir, file)),
        );
      }
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
