/**
 * sitemap.xml and robots.txt for the client build, generated from the route
 * registry so a page added there is listed everywhere at once. Only indexable
 * routes are listed (prerendered or, like /book, rendered per request); noindex pages
 * (/payment-success, the sandbox checkout) never are. URLs are absolute, on SITE_URL.
 */
import fs from "node:fs";
import path from "node:path";

import { publicRoutes } from "../app/lib/route-registry";
import { configuredSiteUrl } from "../server/paths";

export function sitemapPaths() {
  return publicRoutes.filter((r) => r.indexable).map((r) => r.path);
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function sitemapXml(siteUrl: string) {
  const urls = sitemapPaths().map(
    (p) => `  <url><loc>${xmlEscape(p === "/" ? `${siteUrl}/` : `${siteUrl}${p}`)}</loc></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string) {
  // Noindex pages stay crawlable so search engines can read their noindex;
  // the API, per-payment checkout pages and the studio back office have nothing to crawl.
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /checkout/",
    "Disallow: /studio",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

export function writeSeoFiles(clientDir: string, siteUrl = configuredSiteUrl()) {
  fs.writeFileSync(path.join(clientDir, "sitemap.xml"), sitemapXml(siteUrl));
  fs.writeFileSync(path.join(clientDir, "robots.txt"), robotsTxt(siteUrl));
  return sitemapPaths().length;
}
