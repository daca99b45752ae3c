import fs from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { demoRef, refProjectTypes } from "~/content/lead-sources";
import { portfolioItems } from "~/content/portfolio";
import { PREVIEW_WIDTHS, previewFile } from "~/lib/demo-previews";
import { demoSites } from "~/lib/demo-sites";
import { publicRoutes } from "~/lib/route-registry";

/**
 * A demo is registered once, in app/lib/demo-sites.ts; the route table, the route registry and
 * the lead sources are built from it. These are the places that cannot be, and must agree with
 * it (docs/how-to.md#a-demo): a demo added, renamed or removed in one of them fails here.
 */
const root = join(import.meta.dirname, "..", "..");
const read = (file: string) => fs.readFileSync(join(root, file), "utf8");
const slugs = demoSites.map((d) => d.slug);
const folders = fs
  .readdirSync(join(root, "app", "demos"), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== "frame")
  .map((d) => d.name);

describe("every demo is registered in every place (app/lib/demo-sites.ts)", () => {
  it("has one folder under app/demos/ per demo, and no folder that is not a demo", () => {
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(demoSites.map((d) => d.folder).sort()).toEqual(folders.sort());
  });

  it.each(demoSites)(
    "$folder: its content says its slug and every page has its module",
    ({ slug, folder, pages }) => {
      expect(read(`app/demos/${folder}/content.ts`)).toMatch(new RegExp(`\\bslug: "${slug}"`));
      const modules =
        pages.length === 0 ? ["page.tsx"] : ["layout.tsx", "home.tsx", ...pages.map((p) => `${p}.tsx`)];
      expect(modules.filter((m) => !fs.existsSync(join(root, "app", "demos", folder, m)))).toEqual([]);
    },
  );

  it("is in the route registry (prerender, sitemap, e2e pages) and the registry has no other demo", () => {
    const demoRoutes = publicRoutes.filter((r) => r.section === "demo").map((r) => r.path);
    expect(
      demoRoutes.filter(
        (path) => !slugs.some((s) => path === `/demo/${s}` || path.startsWith(`/demo/${s}/`)),
      ),
    ).toEqual([]);
    expect(slugs.filter((s) => !demoRoutes.includes(`/demo/${s}`))).toEqual([]);
  });

  it("has one portfolio card, in the same order, whose id is its slug and link its home page", () => {
    expect(portfolioItems.map((item) => ({ id: item.id, link: item.link }))).toEqual(
      slugs.map((s) => ({ id: s, link: `/demo/${s}` })),
    );
  });

  it("has committed previews of its home page (npm run previews) and a line in their manifest", () => {
    expect(Object.keys(JSON.parse(read("assets/previews/manifest.json"))).sort()).toEqual([...slugs].sort());
    const files = slugs.flatMap((s) => PREVIEW_WIDTHS.map((w) => `assets/previews/${previewFile(s, w)}`));
    expect(files.filter((f) => !fs.existsSync(join(root, f)))).toEqual([]);
  });

  it("preselects a project type for a visitor from its 'Get a site like this' link", () => {
    expect(Object.keys(refProjectTypes).sort()).toEqual(slugs.map(demoRef).sort());
  });

  it("is tested end to end by exactly one of the demo specs", () => {
    // The specs type their slugs by hand on purpose (expected texts are the product's, not the data's).
    const specSlugs = ["tests/e2e/demos-part1.spec.ts", "tests/e2e/demos-part2.spec.ts"].flatMap((spec) => {
      const list = /^const slugs = \[([^\]]*)\]/m.exec(read(spec))?.[1] ?? "";
      return [...list.matchAll(/"([a-z0-9-]+)"/g)].map((m) => m[1]);
    });
    expect(specSlugs.sort()).toEqual([...slugs].sort());
  });

  it("is described in docs/product.md#demo-sites", () => {
    const section = /^## Demo sites\n([\s\S]*?)^## /m.exec(read("docs/product.md"))?.[1] ?? "";
    expect(slugs.filter((s) => !section.includes(`/demo/${s}\``))).toEqual([]);
  });
});
