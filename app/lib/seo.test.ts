import { describe, expect, it, vi } from "vitest";

import { siteConfig } from "~/content/site";
import { publicRoutes } from "~/lib/route-registry";
import { absoluteUrl, ogImagePath, seo } from "~/lib/seo";
import { jsonLdText, siteStructuredData } from "~/lib/structured-data";

// vitest.config.ts's `define` does not reach the jsdom project's globals; set
// the build-time constant before the modules under test read it.
vi.hoisted(() => {
  (globalThis as { __SITE_URL__?: string }).__SITE_URL__ ??= "http://localhost:3000";
});

type Tag = {
  title?: string;
  property?: string;
  name?: string;
  rel?: string;
  content?: string;
  href?: string;
};
const byKey = (tags: ReturnType<typeof seo>) =>
  new Map(
    (tags as Tag[]).map((t) => [
      String("title" in t ? "title" : (t.property ?? t.name ?? t.rel)),
      String(t.content ?? t.title ?? t.href),
    ]),
  );

describe("seo()", () => {
  it("builds the canonical, Open Graph and Twitter tags from SITE_URL", () => {
    const tags = byKey(seo({ title: "Pricing", description: "Packages.", path: "/pricing" }));
    expect(tags.get("title")).toBe(`Pricing | ${siteConfig.name}`);
    expect(tags.get("canonical")).toBe("http://localhost:3000/pricing");
    expect(tags.get("og:url")).toBe("http://localhost:3000/pricing");
    expect(tags.get("og:image")).toBe("http://localhost:3000/og/pricing.png");
    expect(tags.get("twitter:image")).toBe("http://localhost:3000/og/pricing.png");
    expect(tags.get("og:image:width")).toBe("1200");
    expect(tags.get("og:image:height")).toBe("630");
    expect(tags.get("twitter:card")).toBe("summary_large_image");
    expect(tags.has("robots")).toBe(false);
  });

  it("puts the brand first on the home page, whose canonical ends in a slash", () => {
    const tags = byKey(seo({ title: "Stunning Websites That Drive Results", description: "x", path: "/" }));
    expect(tags.get("title")).toBe(`${siteConfig.name} | Stunning Websites That Drive Results`);
    expect(tags.get("canonical")).toBe("http://localhost:3000/");
    expect(tags.get("og:image")).toBe("http://localhost:3000/og/home.png");
  });

  it("marks noindex pages and accepts an explicit image", () => {
    const tags = byKey(
      seo({
        title: "Paid",
        description: "x",
        path: "/payment-success",
        noindex: true,
        image: "/og/custom.png",
        imageAlt: "Alt",
      }),
    );
    expect(tags.get("robots")).toBe("noindex, nofollow");
    expect(tags.get("og:image")).toBe("http://localhost:3000/og/custom.png");
    expect(tags.get("og:image:alt")).toBe("Alt");
  });

  it("gives each main page its own image and every other page the studio default", () => {
    const main = publicRoutes
      .filter((r) => r.section === "main" && r.prerender)
      .map((r) => ogImagePath(r.path));
    expect(new Set(main).size).toBe(main.length);
    expect(ogImagePath("/demo/bakery/menu")).toBe("/og/default.png");
    expect(ogImagePath("/payment-success")).toBe("/og/default.png");
    expect(ogImagePath("/no-such-page")).toBe("/og/default.png");
  });

  it("never builds absolute URLs from anything but SITE_URL", () => {
    expect(absoluteUrl("/about")).toBe("http://localhost:3000/about");
  });
});

describe("site structured data", () => {
  const data = siteStructuredData();
  it("is a ProfessionalService built from the site config", () => {
    expect(data["@type"]).toBe("ProfessionalService");
    expect(data.name).toBe(siteConfig.name);
    expect(data.url).toBe("http://localhost:3000/");
    expect(data.logo).toBe("http://localhost:3000/og/logo.png");
    expect(data.telephone).toBe(siteConfig.phone.href.slice("tel:".length));
    expect(data.address.postalCode).toBe(siteConfig.address.postalCode);
    expect(data.areaServed.map((a) => a.name)).toEqual(siteConfig.areaServed);
  });

  it("lists opening hours only for the days the studio is open", () => {
    const closed = siteConfig.hours.filter((h) => !h.opens).flatMap((h) => h.dayOfWeek);
    const listed = data.openingHoursSpecification.flatMap((s) => s.dayOfWeek);
    for (const day of closed) expect(listed).not.toContain(day);
    for (const spec of data.openingHoursSpecification) expect(spec.opens).toMatch(/^\d{2}:\d{2}$/);
  });

  it("serialises to JSON that cannot close its script element", () => {
    const text = jsonLdText({ evil: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("</script");
    expect(JSON.parse(text)).toEqual({ evil: "</script><script>alert(1)</script>" });
  });
});
