import fs from "node:fs";
import path from "node:path";

import { builtFile } from "./build";

/**
 * The HTML of a prerendered page as the server sends it: the file the build wrote for it
 * (build/client/<path>/index.html, served as is, decision 0012). For checks of the HTML
 * alone, read without a server or a browser; `npm run build` first (npm test does).
 */
export function prerenderedHtml(route: string): string {
  return fs.readFileSync(builtFile(path.join("client", route, "index.html")), "utf8");
}

/**
 * The title and meta description of a page's HTML, as a visitor's tab shows them for a
 * page whose first load runs no script (every prerendered page): entities decoded, white
 * space collapsed and trimmed as document.title reads it.
 */
export function documentHead(html: string) {
  const head = html.slice(0, html.indexOf("</head>"));
  const text = (s: string | undefined) =>
    s === undefined
      ? undefined
      : s
          .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
          .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
          .replace(/&quot;/g, '"')
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">")
          .replace(/&amp;/g, "&")
          .replace(/\s+/g, " ")
          .trim();
  return {
    title: text(/<title>([\s\S]*?)<\/title>/.exec(head)?.[1]) ?? "",
    description: text(/<meta name="description" content="([^"]*)"/.exec(head)?.[1]),
  };
}
