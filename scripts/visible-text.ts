/**
 * Prints the visible text of every prerendered page (build/client/**\/index.html),
 * one block of text per line under a "== /route" header, so two builds can be
 * compared with `diff` when a refactor must not change what visitors read.
 *
 *   npx tsx scripts/visible-text.ts [build/client] > text.txt
 */
import fs from "node:fs";
import path from "node:path";
import { decodeHTML } from "entities";

import { configuredBuildDir } from "../server/paths";

const clientDir = path.resolve(process.argv[2] ?? path.join(configuredBuildDir(), "client"));

// Tags that only style text (or mark a break opportunity) inside a line; every other tag starts a new line.
const inline = new Set([
  "a",
  "abbr",
  "b",
  "code",
  "em",
  "i",
  "kbd",
  "mark",
  "q",
  "s",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "time",
  "u",
  "wbr",
]);

export function visibleText(html: string): string[] {
  const body = html
    .replace(/<!--[\s\S]*?-->|<![^>]*>/g, "")
    .replace(/<(script|style|template|noscript)\b[^>]*>[\s\S]*?<\/\1>/gi, "")
    .replace(/<\/?([a-zA-Z][\w-]*)\b[^>]*>/g, (_tag, name: string) =>
      inline.has(name.toLowerCase()) ? "" : "\n",
    );
  return decodeHTML(body)
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

function pages(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && d.name === "index.html")
    .map((d) => path.join(d.parentPath, d.name))
    .sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of pages(clientDir)) {
    const route = `/${path.relative(clientDir, path.dirname(file))}`.replace(/\/$/, "") || "/";
    process.stdout.write(
      `== ${route === "/." ? "/" : route}\n${visibleText(fs.readFileSync(file, "utf8")).join("\n")}\n`,
    );
  }
}
