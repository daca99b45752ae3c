import { describe, expect, it } from "vitest";

import { siteOf } from "./source";

describe("siteOf: one site, one row", () => {
  it("merges a site's addresses and its campaign name", () => {
    for (const s of ["google", "google.com", "www.google.ca", "google.co.uk", "m.google.com", "Google.com"])
      expect(siteOf(s), s).toBe("Google");
    expect(siteOf("l.facebook.com")).toBe("Facebook");
    expect(siteOf("m.facebook.com")).toBe("Facebook");
    expect(siteOf("t.co")).toBe("X (Twitter)");
    expect(siteOf("lnkd.in")).toBe("LinkedIn");
  });

  it("keeps other sites as their address without www, and names without a dot as they are", () => {
    expect(siteOf("www.example.org")).toBe("example.org");
    expect(siteOf("news.ycombinator.com")).toBe("news.ycombinator.com");
    expect(siteOf("direct")).toBe("direct");
    expect(siteOf("newsletter")).toBe("newsletter");
  });
});
