import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";

import { publicRoutes } from "~/lib/route-registry";

import { prerenderedHtml } from "../helpers/prerendered";

/**
 * What every demo page of part 1 (tests/e2e/demos-part1.spec.ts) is made of, read from the
 * built HTML: the server sends that file as is, and these checks are of its elements and
 * attributes alone, so a browser adds nothing (each ran as a Playwright page load). That the
 * page answers 200 and passes axe is routes.spec.ts's, for every public route; a script cannot
 * bring a foreign file in later, the CSP allows the site's own origin only (server/http/static.server.test.ts).
 */
const landings = ["consultant", "portfolio", "landscaper", "bakery"].map((slug) => `/demo/${slug}`);
// The pages come from the route registry, so a page added to one of these demos is tested here.
const pages = publicRoutes
  .map((r) => r.path)
  .filter((path) => landings.some((l) => path === l || path.startsWith(`${l}/`)));

/** The page's text as a reader meets it: the body without its scripts, styles and templates. */
function readableText(document: Document): string {
  const body = document.body.cloneNode(true) as HTMLElement;
  for (const el of body.querySelectorAll("script, style, template, noscript")) el.remove();
  return body.textContent ?? "";
}

describe("every demo page of part 1", () => {
  it("is listed", () => {
    expect(pages.length).toBeGreaterThanOrEqual(landings.length * 2);
  });

  for (const path of pages) {
    it(`${path}: one h1, images sized and labelled, nothing foreign, no placeholder text`, () => {
      const { document } = new JSDOM(prerenderedHtml(path)).window;
      expect(document.querySelectorAll("h1")).toHaveLength(1);
      // Self-made imagery only: every illustration has explicit size and a name or is hidden.
      expect(document.querySelectorAll("main svg[role='img']:not([width])")).toHaveLength(0);
      expect(document.querySelectorAll("main svg[role='img']:not([aria-label])")).toHaveLength(0);
      expect(
        document.querySelectorAll("main img:not([width]), main img:not([height]), main img:not([alt])"),
      ).toHaveLength(0);
      const foreign = [...document.querySelectorAll("img, script, link:not([rel=canonical])")]
        .map((el) => el.getAttribute("src") ?? el.getAttribute("href") ?? "")
        .filter((u) => /^(https?:)?\/\//.test(u));
      expect(foreign).toEqual([]);
      expect(readableText(document)).not.toMatch(/lorem ipsum|placeholder/i);
    });
  }
});
