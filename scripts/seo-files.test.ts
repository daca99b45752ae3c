import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { publicRoutes } from "../app/lib/route-registry";
import { robotsTxt, sitemapPaths, sitemapXml, writeSeoFiles } from "./seo-files";

describe("sitemap and robots", () => {
  it("lists every indexable route and no noindex one", () => {
    const paths = sitemapPaths();
    expect(paths).toEqual(publicRoutes.filter((r) => r.indexable).map((r) => r.path));
    expect(paths).not.toContain("/payment-success");
    expect(paths).toContain("/demo/landscaper/portfolio");
  });

  it("writes absolute URLs on SITE_URL, with a slash only for home", () => {
    const xml = sitemapXml("https://example.ca");
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml).toContain("<loc>https://example.ca/</loc>");
    expect(xml).toContain("<loc>https://example.ca/pricing</loc>");
    expect(xml).not.toContain("/pricing/");
    expect(xml.match(/<loc>/g)).toHaveLength(sitemapPaths().length);
  });

  it("robots.txt points at the sitemap and blocks only the API and checkout sessions", () => {
    const txt = robotsTxt("https://example.ca");
    expect(txt).toContain("Sitemap: https://example.ca/sitemap.xml");
    expect(txt.match(/^Disallow: .*$/gm)).toEqual([
      "Disallow: /api/",
      "Disallow: /checkout/",
      "Disallow: /studio",
    ]);
  });

  it("writes both files into the client build", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seo-files-"));
    try {
      writeSeoFiles(dir, "https://example.ca");
      expect(fs.readFileSync(path.join(dir, "sitemap.xml"), "utf8")).toContain("https://example.ca/contact");
      expect(fs.readFileSync(path.join(dir, "robots.txt"), "utf8")).toContain("User-agent: *");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
