import { describe, expect, it } from "vitest";
import { contrastRatio, luminance } from "./shared-contrast";

describe("contrastRatio", () => {
  it("matches the WCAG reference values", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    // #767676 on white is the classic "just passes AA" grey.
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(4.5);
  });
  it("is symmetric and rejects malformed colours", () => {
    expect(contrastRatio("#1d4ed8", "#ffffff")).toBe(contrastRatio("#ffffff", "#1d4ed8"));
    expect(() => luminance("red")).toThrow();
  });
});
