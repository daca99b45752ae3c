import { href as routerHref } from "react-router";
import { describe, expect, it } from "vitest";

import { href } from "~/lib/href";

describe("href", () => {
  it("builds the same URL as React Router's href()", () => {
    const cases: [string, Record<string, string>?][] = [
      ["/"],
      ["/pricing"],
      ["/demo/bakery/menu"],
      ["/demo/portfolio/photos/:file", { file: "tofino.svg" }],
      ["/*"],
      ["/*", { "*": "a/b" }],
      ["/shop/:lang?/items", {}],
      ["/shop/:lang?/items", { lang: "fr" }],
    ];
    for (const [path, params] of cases) {
      const call = (fn: (...a: unknown[]) => string) => (params ? fn(path, params) : fn(path));
      expect(call(href as never), path).toBe(call(routerHref as never));
    }
  });

  it("refuses a path whose required param is missing, as React Router does", () => {
    expect(() => (href as (p: string) => string)("/demo/portfolio/photos/:file")).toThrow(
      "requires param 'file'",
    );
  });
});
