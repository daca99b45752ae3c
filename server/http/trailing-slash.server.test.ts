import { describe, expect, it } from "vitest";

import { withoutTrailingSlash } from "./trailing-slash.server";

describe("withoutTrailingSlash", () => {
  it.each([
    ["/about/", "/about"],
    ["/demos/dental/", "/demos/dental"],
    ["/about///", "/about"],
    ["//", "/"],
    ["///", "/"],
    ["//evil.com/", "/evil.com"],
    ["///evil.com/", "/evil.com"],
    ["/\\evil.com/", "/evil.com"],
    ["\\\\evil.com/", "/evil.com"],
    ["/%2F%2Fevil.com/", "/%2F%2Fevil.com"],
  ])("sends %s to %s", (path, target) => {
    expect(withoutTrailingSlash(path)).toBe(target);
  });

  it.each(["/", "/about", "//evil.com", ""])("leaves %s alone", (path) => {
    expect(withoutTrailingSlash(path)).toBeUndefined();
  });

  it("never answers a target that leaves the origin", () => {
    for (const path of ["//evil.com/", "/\\/evil.com/", "\\/evil.com/", "/" + "/".repeat(50) + "evil.com/"]) {
      const target = withoutTrailingSlash(path)!;
      expect(new URL(target, "https://studio.example").origin).toBe("https://studio.example");
    }
  });
});
