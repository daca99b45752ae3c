/**
 * After `react-router build`: adds the SEO files (sitemap.xml, robots.txt and
 * the social preview images) and the portfolio's demo previews, then precompresses the client build with brotli
 * and gzip (max quality, once at build time) so the server answers from memory
 * without compressing per request.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

import { configuredBuildDir, configuredSiteUrl } from "../server/paths";
import { copyDemoPreviews } from "./demo-previews";
import { CORE_TEXT, outsideCore } from "./fonts/core-fonts";
import { renderOgImages } from "./og-images";
import { writeSeoFiles } from "./seo-files";

const clientDir = path.resolve(configuredBuildDir(), "client");
const siteUrl = configuredSiteUrl();
const listed = writeSeoFiles(clientDir, siteUrl);
const images = await renderOgImages(clientDir, siteUrl);
const stale = copyDemoPreviews(clientDir);
console.log(
  `postbuild: sitemap.xml with ${listed} URLs on ${siteUrl}, robots.txt, ${images} social images, demo previews`,
);
if (stale.length > 0) {
  console.warn(
    `postbuild: the previews of ${stale.join(", ")} show an older landing page; run npm run previews, then build again`,
  );
}
// Every prerendered page is checked for characters the core font subsets lack (they
// still render, at the cost of the full latin font file).
function eachHtml(dir: string, visit: (file: string) => void) {
  for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) eachHtml(full, visit);
    else if (d.name.endsWith(".html")) visit(full);
  }
}
eachHtml(clientDir, (file) => {
  const html = fs.readFileSync(file, "utf8");
  const text = html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, "").replace(/<[^>]+>/g, " ");
  const extra = outsideCore(text.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, ""));
  if (extra.length > 0) {
    console.warn(
      `postbuild: ${path.relative(clientDir, file)} prints ${extra.join("")} outside the core font subset (${CORE_TEXT.length} characters); add them in scripts/fonts/core-fonts.ts and run npm run fonts`,
    );
  }
});

const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|txt|xml|webmanifest|data)$/;

let count = 0;
let raw = 0;
let brotli = 0;
function walk(dir: string) {
  for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) walk(full);
    else if (COMPRESSIBLE.test(d.name)) {
      const body = fs.readFileSync(full);
      if (body.length < 256) continue;
      const br = zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
      fs.writeFileSync(`${full}.br`, br);
      fs.writeFileSync(`${full}.gz`, zlib.gzipSync(body, { level: 9 }));
      count++;
      raw += body.length;
      brotli += br.length;
    }
  }
}
walk(clientDir);
console.log(
  `postbuild: precompressed ${count} files, ${(raw / 1024).toFixed(0)} KB -> ${(brotli / 1024).toFixed(0)} KB brotli`,
);
