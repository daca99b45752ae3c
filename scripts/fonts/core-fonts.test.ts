import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { CORE_TEXT, coreFonts, coreUnicodeRange, outsideCore } from "./core-fonts";

const dir = path.resolve(import.meta.dirname, "../../app/styles/fonts");

describe("core font subsets", () => {
  it("writes CORE_TEXT as merged unicode ranges", () => {
    expect(coreUnicodeRange()).toMatch(/^U\+0020-007E,U\+00A0,U\+00A9,/);
    expect(coreUnicodeRange()).toContain("U+2018-2019");
  });

  it("finds the characters a page prints outside the core", () => {
    expect(outsideCore("Café — “quoted” ★")).toEqual([]);
    expect(outsideCore("Zoë François\n\t")).toEqual(["ë", "ç"]);
  });

  it("the committed stylesheet declares every family's core file with today's CORE_TEXT range (else run npm run fonts)", () => {
    const css = fs.readFileSync(path.join(dir, "core-fonts.css"), "utf8");
    for (const pkg of coreFonts) {
      expect(css).toContain(`url("./${pkg}-core.woff2")`);
      const file = fs.readFileSync(path.join(dir, `${pkg}-core.woff2`));
      expect(file.subarray(0, 4).toString("latin1")).toBe("wOF2");
    }
    const ranges = [...css.matchAll(/unicode-range: ([^;]+);/g)].map((m) => m[1]);
    expect(ranges).toHaveLength(coreFonts.length);
    expect(new Set(ranges)).toEqual(new Set([coreUnicodeRange()]));
    expect(CORE_TEXT.length).toBeGreaterThan(95);
  });
});
