// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";

import { renderAllOnRestore } from "./lazy-blocks";

function loadAs(type: string | undefined) {
  document.documentElement.setAttribute("data-lazy-blocks", "");
  vi.spyOn(performance, "getEntriesByType").mockReturnValue(
    type ? [{ type } as PerformanceNavigationTiming] : [],
  );
  renderAllOnRestore(document);
  return document.documentElement.hasAttribute("data-lazy-blocks");
}

describe("renderAllOnRestore", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps lazy rendering on a fresh navigation", () => {
    expect(loadAs("navigate")).toBe(true);
  });

  it("renders the whole page when the browser restores a scroll position (Back, Forward, reload)", () => {
    expect(loadAs("back_forward")).toBe(false);
    expect(loadAs("reload")).toBe(false);
  });

  it("renders the whole page when the navigation type is unknown", () => {
    expect(loadAs(undefined)).toBe(false);
  });

  it("is self-contained, as inlining it with toString requires", () => {
    const inlined = new Function("document", `(${renderAllOnRestore.toString()})(document);`);
    document.documentElement.setAttribute("data-lazy-blocks", "");
    vi.spyOn(performance, "getEntriesByType").mockReturnValue([
      { type: "reload" } as PerformanceNavigationTiming,
    ]);
    inlined(document);
    expect(document.documentElement.hasAttribute("data-lazy-blocks")).toBe(false);
  });
});
