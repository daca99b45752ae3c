/**
 * First-load weight of prerendered pages, read from the build (no server, no browser):
 * for each route, the JS and CSS its HTML makes the browser fetch before the page is
 * interactive, gzip-compressed (level 9), against the performance budgets
 * (the same as scripts/lighthouse.ts states: first-load JS ≤ 90 KB gzipped on every route).
 *
 * Followed: <script src>, <link rel=modulepreload|stylesheet>, the inline module
 * script's imports, and every static import of those modules (transitively).
 * Dynamic `import()` inside a module is lazy, so it is not counted, except in an
 * island entry (`*.island-*.js`), which imports React DOM that way at once.
 *
 *   npx tsx scripts/first-load-size.ts [--build build] [--json] [route ...]
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

import { configuredBuildDir } from "../server/paths";

const DEFAULT_ROUTES = [
  "/",
  "/pricing",
  "/contact",
  "/payment",
  "/demo/gym",
  "/demo/electrician/contact",
  "/demo/portfolio",
];
const JS_BUDGET_KB = 90;
const TOTAL_BUDGET_KB = 250;

type RouteSize = {
  route: string;
  jsFiles: number;
  jsGzip: number;
  cssFiles: number;
  cssGzip: number;
  htmlGzip: number;
  fontPreloads: number;
  stylesheets: string[];
  /** zod's chunk loads on first visit (it should only where a form validates with it). */
  zod: boolean;
  /** Largest JS files of the route, for finding what to trim. */
  largest: { file: string; gzip: number }[];
};

const args = process.argv.slice(2);
const json = args.includes("--json");
const buildIndex = args.indexOf("--build");
const buildDir = buildIndex >= 0 ? args[buildIndex + 1]! : configuredBuildDir();
const routes = args.filter((a, i) => !a.startsWith("--") && args[i - 1] !== "--build");
const clientDir = join(buildDir, "client");

const gzipCache = new Map<string, number>();
function gzipSize(file: string) {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** "/assets/x.js" or "./x.js" relative to a module's URL -> absolute URL path. */
function resolveUrl(spec: string, fromUrl: string) {
  return new URL(spec, `http://site${fromUrl}`).pathname;
}

/** Static imports of a built module: `import{a}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`. */
function staticImports(source: string) {
  return [...source.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)].map((m) => m[1]!);
}

function attr(tag: string, name: string) {
  return tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
}

function measure(route: string): RouteSize {
  const htmlFile = join(clientDir, route, "index.html");
  if (!existsSync(htmlFile)) throw new Error(`${htmlFile} not found: run npm run build first`);
  const html = readFileSync(htmlFile, "utf8");
  const js = new Set<string>();
  const css = new Set<string>();
  const stylesheets: string[] = [];
  let fontPreloads = 0;

  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attr(tag, "rel");
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel === "modulepreload") js.add(resolveUrl(href, route));
    if (rel === "stylesheet") {
      css.add(resolveUrl(href, route));
      stylesheets.push(href);
    }
    if (rel === "preload" && attr(tag, "as") === "font") fontPreloads++;
  }
  for (const [tag] of html.matchAll(/<script\b[^>]*\bsrc="[^"]*"[^>]*>/g))
    js.add(resolveUrl(attr(tag, "src")!, route));
  for (const [, body] of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    // The inline entry script imports the client entry; it runs on load, so it counts.
    for (const m of body!.matchAll(/import\s*\(?\s*["']([^"']+\.js)["']/g)) js.add(resolveUrl(m[1]!, route));
    for (const spec of staticImports(body!)) js.add(resolveUrl(spec, route));
  }

  // Follow static imports transitively: the browser must fetch them before running the module.
  const queue = [...js];
  while (queue.length) {
    const url = queue.pop()!;
    const file = join(clientDir, url);
    if (!existsSync(file)) throw new Error(`${route}: ${url} is referenced but not in the build`);
    const source = readFileSync(file, "utf8");
    const eager = /\.island-[^/]*\.js$/.test(url)
      ? [...source.matchAll(/import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g)].map((m) => m[1]!)
      : [];
    for (const spec of [...staticImports(source), ...eager]) {
      const dep = resolveUrl(spec, url);
      if (!js.has(dep)) {
        js.add(dep);
        queue.push(dep);
      }
    }
  }

  const jsSizes = [...js].map((url) => ({
    file: url.replace(/^\/assets\//, ""),
    gzip: gzipSize(join(clientDir, url)),
  }));
  return {
    route,
    jsFiles: js.size,
    jsGzip: jsSizes.reduce((sum, f) => sum + f.gzip, 0),
    cssFiles: css.size,
    cssGzip: [...css].reduce((sum, url) => sum + gzipSize(join(clientDir, url)), 0),
    htmlGzip: gzipSync(html, { level: 9 }).length,
    fontPreloads,
    stylesheets,
    // zod may sit in its own chunk or inside the one page that uses it; its error class names itself.
    zod: [...js].some((url) => /[`"']ZodError[`"']/.test(readFileSync(join(clientDir, url), "utf8"))),
    largest: jsSizes.sort((a, b) => b.gzip - a.gzip).slice(0, json ? undefined : 6),
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const results = (routes.length ? routes : DEFAULT_ROUTES).map(measure);

if (json) {
  console.log(JSON.stringify(results, null, 2));
} else {
  console.log(
    "| Route | JS files | JS gz KB | zod | CSS files | CSS gz KB | HTML gz KB | JS+CSS+HTML gz KB |",
  );
  console.log("|---|---:|---:|:-:|---:|---:|---:|---:|");
  for (const r of results) {
    console.log(
      `| ${r.route} | ${r.jsFiles} | ${kb(r.jsGzip)} | ${r.zod ? "yes" : "no"} | ${r.cssFiles} | ${kb(r.cssGzip)} | ${kb(r.htmlGzip)} | ${kb(r.jsGzip + r.cssGzip + r.htmlGzip)} |`,
    );
  }
  console.log("\nLargest JS per route (gz KB):");
  for (const r of results)
    console.log(`  ${r.route}: ${r.largest.map((f) => `${f.file} ${kb(f.gzip)}`).join(", ")}`);
}

// The first-load JS budget (fonts and images are not counted here: Lighthouse measures the full transfer).
const failures = results.flatMap((r) => [
  ...(r.jsGzip > JS_BUDGET_KB * 1024
    ? [`${r.route}: first-load JS ${kb(r.jsGzip)} KB > ${JS_BUDGET_KB} KB`]
    : []),
  ...(r.jsGzip + r.cssGzip + r.htmlGzip > TOTAL_BUDGET_KB * 1024
    ? [`${r.route}: JS+CSS+HTML over ${TOTAL_BUDGET_KB} KB`]
    : []),
  ...(r.cssFiles !== 1
    ? [`${r.route}: ${r.cssFiles} stylesheets (${r.stylesheets.join(", ")}), expected exactly one`]
    : []),
]);
if (failures.length) {
  console.error(`\n${failures.join("\n")}`);
  process.exitCode = 1;
}
