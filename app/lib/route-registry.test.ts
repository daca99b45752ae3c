import fs from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { publicRoutes, unlistedRoutes, type UnlistedRoute } from "~/lib/route-registry";
import routeTable from "~/routes";

type TableEntry = { file: string; path?: string; index?: boolean; children?: TableEntry[] };
type TableRoute = { path: string; files: string[] };

/** Each page of the route table with its full path and the modules it renders, layouts first. */
function tableRoutes(entries: TableEntry[], parentPath = "", parentFiles: string[] = []): TableRoute[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parentPath : `${parentPath}/${entry.path}`;
    const files = [...parentFiles, entry.file];
    if (entry.children?.length) return tableRoutes(entry.children, path, files);
    return [{ path: path || "/", files }];
  });
}

const table = tableRoutes(routeTable as TableEntry[]);
const appDir = join(import.meta.dirname, "..");
const source = (file: string) => fs.readFileSync(join(appDir, file), "utf8");
const covers = (u: UnlistedRoute, path: string) =>
  "path" in u ? u.path === path : path === u.under || path.startsWith(`${u.under}/`);
const registered = new Set(publicRoutes.map((r) => r.path));

describe("the route registry agrees with the route table", () => {
  it("lists every page of the route table, or says in unlistedRoutes why not", () => {
    const missing = table
      .map((r) => r.path)
      .filter((path) => !registered.has(path) && !unlistedRoutes.some((u) => covers(u, path)));
    expect(missing, "add these to publicRoutes or unlistedRoutes in app/lib/route-registry.ts").toEqual([]);
  });

  it("registers only paths the route table serves, each once and never also as unlisted", () => {
    const served = new Set(table.map((r) => r.path));
    expect(publicRoutes.map((r) => r.path).filter((path) => !served.has(path))).toEqual([]);
    expect(registered.size).toBe(publicRoutes.length);
    expect(
      publicRoutes.filter((r) => unlistedRoutes.some((u) => covers(u, r.path))).map((r) => r.path),
    ).toEqual([]);
  });

  it("keeps no stale entry in unlistedRoutes", () => {
    expect(unlistedRoutes.filter((u) => !table.some((r) => covers(u, r.path)))).toEqual([]);
  });

  it("states each page's hydration as its module renders it: island iff it renders an <Island>", () => {
    // Read statically from the source: importing the page modules would render nothing here.
    const actual = publicRoutes.map((r) => {
      const leaf = table.find((t) => t.path === r.path)!.files.at(-1)!;
      return {
        path: r.path,
        hydration: /from "~\/islands\/island"/.test(source(leaf)) ? "island" : "static",
      };
    });
    expect(publicRoutes.map(({ path, hydration }) => ({ path, hydration }))).toEqual(actual);
  });

  it("hydrates React Router on no public page: only unlisted routes (404, studio) carry the hydratedRoute handle", () => {
    const hydrating = publicRoutes.filter((r) =>
      table.find((t) => t.path === r.path)!.files.some((f) => /\bhydratedRoute\b/.test(source(f))),
    );
    expect(hydrating.map((r) => r.path)).toEqual([]);
    const hydrated = table
      .filter((t) => /\bhydratedRoute\b/.test(source(t.files.at(-1)!)))
      .map((t) => t.path);
    const unlisted = (path: string) =>
      unlistedRoutes.some(
        (u) =>
          ("path" in u && u.path === path) ||
          ("under" in u && (path === u.under || path.startsWith(`${u.under}/`))),
      );
    expect(hydrated).toContain("/*");
    expect(hydrated.filter((path) => !unlisted(path))).toEqual([]);
  });
});
