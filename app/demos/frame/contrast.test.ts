import { describe, expect, it } from "vitest";

import { contrastRatio, relativeLuminance } from "./contrast";

describe("contrast", () => {
  it("matches the WCAG reference values", () => {
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1);
    expect(relativeLuminance("#000")).toBe(0);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21);
    expect(contrastRatio("#ffffff", "#767676")).toBeCloseTo(4.54, 2);
  });

  it("is symmetric and rejects non-hex input", () => {
    expect(contrastRatio("#1d4ed8", "#fff")).toBeCloseTo(contrastRatio("#fff", "#1d4ed8"));
    expect(() => relativeLuminance("red")).toThrow();
  });
});
