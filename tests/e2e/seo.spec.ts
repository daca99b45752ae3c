import type { APIRequestContext } from "@playwright/test";

import { siteConfig } from "../../app/content/site";
import { publicRoutes } from "../../app/lib/route-registry";
import { configuredSiteUrl } from "../../server/paths";
import { expect, hydrateForm, test } from "./fixtures";

/**
 * SEO of the built site, read over HTTP from the production server: every
 * prerendered page's head, the sitemap and robots.txt, the social images,
 * the studio's JSON-LD and the trailing-slash rule.
 */
const siteUrl = configuredSiteUrl();
const canonicalFor = (path: string) => (path === "/" ? `${siteUrl}/` : `${siteUrl}${path}`);
const prerendered = publicRoutes.filter((r) => r.prerender);

const decode = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

type Head = {
  title?: string;
  description?: string;
  canonical?: string;
  robots?: string;
  meta: Map<string, string>;
  jsonLd: string[];
  html: string;
};

function parseHead(html: string): Head {
  const meta = new Map<string, string>();
  for (const m of html.matchAll(/<meta\s+(?:name|property)="([^"]+)"\s+content="([^"]*)"\s*\/?>/g))
    meta.set(m[1]!, decode(m[2]!));
  return {
    title:
      /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] && decode(/<title>([\s\S]*?)<\/title>/.exec(html)![1]!),
    description: meta.get("description"),
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1],
    robots: meta.get("robots"),
    meta,
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => m[1]!,
    ),
    html,
  };
}

async function fetchHead(request: APIRequestContext, path: string) {
  const res = await request.get(path, { maxRedirects: 0 });
  expect(res.status(), path).toBe(200);
  return parseHead(await res.text());
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(buf: Buffer) {
  expect(buf.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

test.describe("SEO of the built site", () => {
  let heads: Map<string, Head>;
  let sitemapLocs: string[];

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    heads = new Map();
    for (const r of publicRoutes) heads.set(r.path, await fetchHead(request, r.path));
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    sitemapLocs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decode(m[1]!));
    await request.dispose();
  });

  test("every prerendered route has a unique title and description and a canonical on SITE_URL", () => {
    const titles = new Map<string, string[]>();
    const descriptions = new Map<string, string[]>();
    for (const r of prerendered) {
      const h = heads.get(r.path)!;
      expect(h.title, `${r.path} title`).toBeTruthy();
      expect(h.description, `${r.path} description`).toBeTruthy();
      expect(h.canonical, `${r.path} canonical`).toBe(canonicalFor(r.path));
      titles.set(h.title!, [...(titles.get(h.title!) ?? []), r.path]);
      descriptions.set(h.description!, [...(descriptions.get(h.description!) ?? []), r.path]);
    }
    const dupes = (m: Map<string, string[]>) =>
      [...m].filter(([, paths]) => paths.length > 1).map(([text, paths]) => `"${text}": ${paths.join(", ")}`);
    expect(dupes(titles), "titles shared by several pages").toEqual([]);
    expect(dupes(descriptions), "descriptions shared by several pages").toEqual([]);
  });

  test("every page carries Open Graph and Twitter tags with absolute URLs", () => {
    for (const r of publicRoutes) {
      const { meta, title, description } = heads.get(r.path)!;
      expect(meta.get("og:title"), r.path).toBe(title);
      expect(meta.get("og:description"), r.path).toBe(description);
      expect(meta.get("og:url"), r.path).toBe(canonicalFor(r.path));
      expect(meta.get("og:site_name"), r.path).toBe(siteConfig.name);
      expect(meta.get("twitter:card"), r.path).toBe("summary_large_image");
      expect(meta.get("og:image"), r.path).toMatch(
        new RegExp(`^${siteUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/og/[a-z0-9-]+\\.png$`),
      );
      expect(meta.get("twitter:image"), r.path).toBe(meta.get("og:image"));
    }
  });

  test("each main page has its own 1200x630 social image, served as PNG", async ({ request }) => {
    const seen = new Set<string>();
    for (const r of publicRoutes.filter((x) => x.section === "main" && x.prerender)) {
      const image = heads.get(r.path)!.meta.get("og:image")!;
      expect(seen.has(image), `${r.path} shares ${image}`).toBe(false);
      seen.add(image);
    }
    const all = new Set([...heads.values()].map((h) => h.meta.get("og:image")!));
    for (const image of all) {
      const res = await request.get(new URL(image).pathname);
      expect(res.status(), image).toBe(200);
      expect(res.headers()["content-type"]).toBe("image/png");
      expect(pngSize(await res.body())).toEqual({ width: 1200, height: 630 });
    }
  });

  test("the sitemap lists exactly the indexable routes, absolute on SITE_URL", async ({ request }) => {
    const res = await request.get("/sitemap.xml");
    expect(res.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const expected = publicRoutes.filter((r) => r.indexable).map((r) => canonicalFor(r.path));
    expect(sitemapLocs).toEqual(expected);
    for (const r of prerendered) expect(sitemapLocs, r.path).toContain(heads.get(r.path)!.canonical);
  });

  test("noindex pages say so and are absent from the sitemap", () => {
    const noindex = publicRoutes.filter((r) => !r.indexable);
    expect(noindex.map((r) => r.path)).toContain("/payment-success");
    for (const r of noindex) {
      expect(heads.get(r.path)!.robots, r.path).toBe("noindex, nofollow");
      expect(sitemapLocs).not.toContain(canonicalFor(r.path));
    }
    for (const loc of sitemapLocs) expect(new URL(loc).pathname).not.toMatch(/^\/(checkout|api)\//);
    for (const r of publicRoutes.filter((x) => x.indexable))
      expect(heads.get(r.path)!.robots, r.path).toBeUndefined();
  });

  test("robots.txt allows the site and points at the sitemap", async ({ request }) => {
    const res = await request.get("/robots.txt");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const text = await res.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
    expect(text).not.toMatch(/^Disallow: \/\s*$/m);
  });

  test("studio JSON-LD is on / and /contact only, valid and built from the site config", () => {
    for (const r of publicRoutes) {
      const blocks = heads.get(r.path)!.jsonLd;
      if (r.path !== "/" && r.path !== "/contact") {
        expect(blocks, `${r.path} must carry no business markup`).toEqual([]);
        continue;
      }
      expect(blocks, r.path).toHaveLength(1);
      const data = JSON.parse(blocks[0]!);
      expect(data).toMatchObject({
        "@context": "https://schema.org",
        "@type": "ProfessionalService",
        name: siteConfig.name,
        url: `${siteUrl}/`,
        logo: `${siteUrl}/og/logo.png`,
        telephone: siteConfig.phone.href.replace("tel:", ""),
        email: siteConfig.email,
        address: {
          "@type": "PostalAddress",
          streetAddress: siteConfig.address.street,
          addressLocality: siteConfig.address.city,
          postalCode: siteConfig.address.postalCode,
        },
      });
      expect(data.areaServed.map((a: { name: string }) => a.name)).toEqual(siteConfig.areaServed);
      const open = siteConfig.hours.filter((h) => h.opens);
      expect(data.openingHoursSpecification).toEqual(
        open.map((h) => ({
          "@type": "OpeningHoursSpecification",
          dayOfWeek: h.dayOfWeek,
          opens: h.opens,
          closes: h.closes,
        })),
      );
    }
  });

  test("no page preloads a font, and rendering blocks on one stylesheet only", async ({ request }) => {
    for (const r of publicRoutes) {
      const { html } = heads.get(r.path)!;
      const head = html.slice(0, html.indexOf("</head>"));
      // The web fonts come after the first paint (lib/after-first-paint.ts, decision 0041).
      expect(head, r.path).not.toMatch(/<link\b[^>]*rel="preload"[^>]*as="font"/);
      expect(head.match(/rel="stylesheet"/g), r.path).toHaveLength(1);
      // A script file in the head would block rendering; only modules (deferred) may load there.
      // The classic scripts are inline: the lazy-blocks guard (lib/lazy-blocks.ts) and the
      // first-paint guard with the fonts' @font-face rules (lib/after-first-paint.ts).
      const inline: string[] = [];
      for (const [, tag, body] of head.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)) {
        if (/type="(module|application\/ld\+json)"|async/.test(tag!)) continue;
        expect(tag, `${r.path}: an inline script only`).not.toMatch(/\bsrc=/);
        inline.push(body!);
      }
      expect(
        inline.map((b) => /^\(function (\w+)\(/.exec(b)?.[1]),
        r.path,
      ).toEqual(["renderAllOnRestore", "deferUntilFirstPaint"]);
      expect(inline.join("").length, r.path).toBeLessThan(6 * 1024);
    }
    // Every face the guard names is a built, immutable woff2.
    const faces = [
      ...heads.get("/")!.html.matchAll(/url\(\\"(\/assets\/[a-z-]+-core-[\w-]+\.woff2)\\"\)/g),
    ].map((m) => m[1]!);
    expect(faces.length).toBeGreaterThanOrEqual(10);
    for (const font of faces) {
      const res = await request.get(font);
      expect(res.headers()["content-type"], font).toBe("font/woff2");
      expect(res.headers()["cache-control"], font).toContain("immutable");
    }
  });
});

test.describe("one trailing-slash rule", () => {
  for (const [from, to] of [
    ["/pricing/", "/pricing"],
    ["/demo/bakery/menu/", "/demo/bakery/menu"],
    ["/contact//", "/contact"],
    ["/about/?ref=x", "/about?ref=x"],
  ] as const) {
    test(`${from} answers 301 to ${to}`, async ({ request }) => {
      const res = await request.get(from, { maxRedirects: 0 });
      expect(res.status()).toBe(301);
      expect(res.headers()["location"]).toBe(to);
    });
  }

  test("the home page and slash-less paths answer directly", async ({ request }) => {
    for (const path of ["/", "/pricing", "/demo/bakery/menu"]) {
      expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
    }
  });
});

test("the JSON-LD block hydrates cleanly under the CSP and the page stays accessible", async ({
  page,
  checkA11y,
}) => {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(e.message));
  for (const path of ["/", "/contact"]) {
    await page.goto(path);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    if (path === "/contact") await hydrateForm(page);
    await page.waitForLoadState("networkidle");
    await checkA11y();
  }
  // Client navigation between the two (from /contact, which hydrates) keeps exactly one block.
  await page.goto("/contact");
  await hydrateForm(page);
  await page.locator('a[href="/"]').first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  // The stylesheet is a React resource; hydration and navigation must not duplicate it.
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
  expect(problems).toEqual([]);
});
