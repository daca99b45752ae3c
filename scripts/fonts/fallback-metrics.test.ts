import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { FALLBACK_WEIGHTS, fallbackFamilies, fallbackFontsCss } from "./fallback-metrics";

const root = path.resolve(import.meta.dirname, "../..");
const committed = fs.readFileSync(path.join(root, "app/styles/fonts/fallback-fonts.css"), "utf8");

describe("metric-matched fallback faces", () => {
  it("the committed stylesheet is what the fonts measure today (else run npm run fonts)", async () => {
    expect(committed).toBe(await fallbackFontsCss());
  });

  it("every family has a fallback at each weight the pages use, bold ones from a local bold face", () => {
    for (const { family } of fallbackFamilies) {
      for (const weight of FALLBACK_WEIGHTS) {
        const rule = new RegExp(
          `font-family: "${family} Fallback";\\s*font-weight: ${weight};\\s*src: ([^;]+);\\s*size-adjust: (\\d+\\.\\d+)%`,
        ).exec(committed);
        expect(rule, `${family} ${weight}`).not.toBeNull();
        const [, src = "", sizeAdjust = ""] = rule ?? [];
        expect(src.includes(" Bold"), `${family} ${weight}`).toBe(weight >= 600);
        // A sane scale: no family is more than a third narrower or wider than Arial/Times.
        expect(Number(sizeAdjust)).toBeGreaterThan(66);
        expect(Number(sizeAdjust)).toBeLessThan(133);
      }
    }
  });

  it("every font stack in the app names its family's fallback right after the web font", () => {
    const sources = [
      fs.readFileSync(path.join(root, "app/styles/app.css"), "utf8"),
      ...fs
        .readdirSync(path.join(root, "app/demos"), { recursive: true, encoding: "utf8" })
        .filter((f) => /(content|theme)\.ts$/.test(f))
        .map((f) => fs.readFileSync(path.join(root, "app/demos", f), "utf8")),
    ].join("\n");
    const stacks = [...sources.matchAll(/"([A-Za-z ]+) Variable", "([A-Za-z ]+) Fallback"/g)];
    expect(stacks.length).toBeGreaterThanOrEqual(18);
    for (const [, web, fallback] of stacks) {
      expect(fallback).toBe(web);
      expect(fallbackFamilies.map((f) => f.family)).toContain(web);
    }
  });
});
