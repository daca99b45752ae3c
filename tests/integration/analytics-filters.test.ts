import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { createAnalyticsDashboard, type AnalyticsDashboard } from "../../server/analytics/dashboard.server";
import { createRollups } from "../../server/analytics/rollup.server";
import type { AnalyticsDevice } from "../../server/db/schema";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";
import { dealRows } from "../helpers/deals";
import { signedInStudio, type SignedInStudio } from "../helpers/studio";

// 13:00 in Vancouver (UTC-7) on 2026-11-25: today started at 07:00 UTC.
const NOW = Date.parse("2026-11-25T20:00:00.000Z");

type Visit = {
  visitor: string;
  start: string;
  paths: string[];
  referrer?: string;
  utmSource?: string;
  device?: AnalyticsDevice;
  /** A lead whose inquiry was sent at the end of the visit. */
  lead?: string;
};

/** A visit's page views as the ingest stores them, a minute apart, the first its entry; then its inquiry goal. */
async function seed(database: TestDatabase, visits: Visit[]) {
  for (const v of visits) {
    const at = (i: number) => new Date(Date.parse(v.start) + i * 60_000).toISOString();
    const base = {
      visitor: v.visitor,
      visit: `${v.visitor}-1`,
      referrer_host: v.referrer ?? null,
      utm_source: v.utmSource ?? null,
      utm_medium: null,
      utm_campaign: null,
      demo_ref: null,
      device: v.device ?? "desktop",
      amount_cents: null,
    };
    await database.db
      .insertInto("analytics_events")
      .values([
        ...v.paths.map((path, i) => ({
          ...base,
          created_at: at(i),
          name: "pageview",
          path,
          entry: i === 0 ? 1 : 0,
          lead_id: null,
          ...(i === 0 ? {} : { referrer_host: null, utm_source: null }),
        })),
        ...(v.lead
          ? [
              {
                ...base,
                created_at: at(v.paths.length),
                name: "inquiry",
                path: "/contact",
                entry: 0,
                lead_id: v.lead,
              },
            ]
          : []),
      ])
      .execute();
  }
}

/**
 * Today's visits: three from Google under three names (google.com, www.google.ca, utm_source=google),
 * one from Bing, one direct; a Google lead and a direct one, each sent during its visit. Yesterday:
 * one from Google and one direct.
 */
async function seedWeek(database: TestDatabase) {
  const { lead } = dealRows(database, { now: NOW });
  const google = await lead({ status: "new", createdAt: Date.parse("2026-11-25T17:10:00.000Z") });
  await database.db.updateTable("leads").set({ utm_source: "google" }).where("id", "=", google).execute();
  const direct = await lead({ status: "new", createdAt: Date.parse("2026-11-25T17:20:00.000Z") });
  await seed(database, [
    {
      visitor: "g1",
      start: "2026-11-25T16:00:00.000Z",
      paths: ["/", "/pricing"],
      referrer: "google.com",
      device: "mobile",
    },
    { visitor: "g2", start: "2026-11-25T16:30:00.000Z", paths: ["/portfolio"], referrer: "www.google.ca" },
    { visitor: "g3", start: "2026-11-25T17:00:00.000Z", paths: ["/"], utmSource: "google", lead: google },
    {
      visitor: "b1",
      start: "2026-11-25T17:05:00.000Z",
      paths: ["/pricing"],
      referrer: "bing.com",
      device: "mobile",
    },
    {
      visitor: "d1",
      start: "2026-11-25T17:15:00.000Z",
      paths: ["/", "/pricing"],
      device: "mobile",
      lead: direct,
    },
    { visitor: "gy", start: "2026-11-24T18:00:00.000Z", paths: ["/"], referrer: "google.com" },
    { visitor: "dy", start: "2026-11-24T19:00:00.000Z", paths: ["/", "/about"] },
  ]);
  return { google, direct };
}

const params = (query: string) => new URLSearchParams(query);
/** A funnel row whose leads (if any) went no further. */
const leadless = (source: string, visits: number, inquiries: number) => ({
  source,
  visits,
  inquiries,
  ...{ booked: 0, noShows: 0, quoted: 0, accepted: 0, revenueCents: 0 },
});

describe(`analytics filters on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let dashboard: AnalyticsDashboard;
  beforeEach(async () => {
    database = await openTestDatabase();
    dashboard = createAnalyticsDashboard({ database, now: () => NOW });
  });
  afterEach(async () => {
    await database.dispose();
  });

  /** The page's figures for a query string, as its loader reads them. */
  const view = async (query: string) => {
    const { query: range, filters, filterErrors, error } = dashboard.parseQuery(params(query));
    expect(error).toBeUndefined();
    return { filterErrors, ...(await dashboard.overview(range, filters)) };
  };

  it("counts only a merged source's visits in every figure: Google is google.com, www.google.ca and utm_source=google", async () => {
    await seedWeek(database);
    // Today's and yesterday's roll-ups as the job writes them: the unfiltered page reads those.
    await createRollups({ database, now: () => NOW }).run();
    const page = await view("range=today&source=Google");
    expect(page.filterErrors).toEqual([]);
    expect(page.totals).toEqual({ visitors: 3, visits: 3, pageviews: 4, bounces: 2 });
    expect(page.previousTotals).toEqual({ visitors: 1, visits: 1, pageviews: 1, bounces: 1 });
    expect(page.series.reduce((sum, p) => sum + p.visitors, 0)).toBe(3);
    expect(page.series.reduce((sum, p) => sum + p.pageviews, 0)).toBe(4);
    expect(page.top.source.map((r) => [r.value, r.visits])).toEqual([["Google", 3]]);
    // Referrers by site too; the campaign's visit has none.
    expect(page.top.referrer.map((r) => [r.value, r.visits])).toEqual([["Google", 2]]);
    expect(page.top.page.map((r) => [r.value, r.visitors, r.pageviews])).toEqual([
      ["/", 2, 2],
      ["/portfolio", 1, 1],
      ["/pricing", 1, 1],
    ]);
    expect(page.top.device.map((r) => [r.value, r.visits])).toEqual([
      ["desktop", 2],
      ["mobile", 1],
    ]);
    // The funnel is Google's row: its visits and its lead.
    expect(page.funnel).toEqual([leadless("Google", 3, 1)]);
    expect(page.rawSince).toBeNull();

    // Unfiltered, from the roll-ups: the sources' filtered figures add up to the whole page's.
    const whole = await view("range=today");
    expect(whole.totals).toEqual({ visitors: 5, visits: 5, pageviews: 7, bounces: 3 });
    const parts = await Promise.all(
      whole.top.source.map((s) => view(`range=today&source=${encodeURIComponent(s.value)}`)),
    );
    for (const key of ["visitors", "visits", "pageviews", "bounces"] as const) {
      expect(parts.reduce((sum, p) => sum + p.totals[key], 0)).toBe(whole.totals[key]);
      expect(parts.reduce((sum, p) => sum + p.previousTotals[key], 0)).toBe(whole.previousTotals[key]);
    }
    expect(parts.flatMap((p) => p.series.map((s) => s.visitors)).reduce((a, b) => a + b, 0)).toBe(
      whole.series.reduce((sum, p) => sum + p.visitors, 0),
    );
    // Each source's own figures are its row of the whole page's list.
    parts.forEach((p, i) => expect(p.top.source).toEqual([whole.top.source[i]]));
  });

  it("combines filters (AND) and finds a page's leads by the visit their inquiry was sent in", async () => {
    await seedWeek(database);
    const both = await view("range=today&source=Google&device=mobile");
    expect(both.totals).toEqual({ visitors: 1, visits: 1, pageviews: 2, bounces: 0 });
    expect(both.top.page.map((r) => r.value)).toEqual(["/", "/pricing"]);
    // Google's lead was sent from a desktop: not this visit's.
    expect(both.funnel).toEqual([leadless("Google", 1, 0)]);

    // Page: the visits that viewed it (and all their pages), and the lead sent from one of them.
    const pricing = await view("range=7d&page=%2Fpricing");
    expect(pricing.totals).toEqual({ visitors: 3, visits: 3, pageviews: 5, bounces: 1 });
    expect(pricing.funnel.map((f) => [f.source, f.visits, f.inquiries])).toEqual([
      ["direct", 1, 1],
      ["Bing", 1, 0],
      ["Google", 1, 0],
    ]);
    // Entry page: the visits that began on it.
    const entry = await view("range=7d&entry=%2F&device=desktop");
    expect(entry.totals.visits).toBe(3);
    expect(entry.top.source.map((r) => [r.value, r.visits])).toEqual([
      ["Google", 2],
      ["direct", 1],
    ]);
  });

  it("finds a visit by a source it shows only later (a demo banner clicked) or in another case, and one that began the day before", async () => {
    await seed(database, [
      { visitor: "x", start: "2026-11-25T16:00:00.000Z", paths: ["/", "/contact"] },
      { visitor: "y", start: "2026-11-25T16:10:00.000Z", paths: ["/"], utmSource: "GOOGLE" },
      // 23:50 to 00:10 in Vancouver: its second page is today's, under yesterday's entry.
      { visitor: "z", start: "2026-11-25T06:50:00.000Z", paths: ["/", "/about"], referrer: "m.facebook.com" },
    ]);
    // x clicks a demo's banner on its second page; z's second page comes 20 minutes after its first.
    for (const [visitor, path, change] of [
      ["x", "/contact", { demo_ref: "bakery" }],
      ["z", "/about", { created_at: "2026-11-25T07:10:00.000Z" }],
    ] as const)
      await database.db
        .updateTable("analytics_events")
        .set(change)
        .where("visitor", "=", visitor)
        .where("path", "=", path)
        .execute();
    expect((await view("range=today&source=bakery")).totals.visits).toBe(1);
    expect((await view("range=today&demo=bakery")).top.page.map((r) => r.value)).toEqual(["/", "/contact"]);
    expect((await view("range=today&source=Google")).totals.visits).toBe(1);
    const facebook = await view("range=today&source=Facebook");
    expect(facebook.totals).toEqual({ visitors: 1, visits: 1, pageviews: 1, bounces: 1 });
    expect(facebook.previousTotals.visits).toBe(1);
    expect((await view("range=today&referrer=Facebook")).top.page.map((r) => r.value)).toEqual(["/about"]);
  });

  it("says which filter it did not understand, applies the others and changes nothing else", async () => {
    await seedWeek(database);
    const bad = dashboard.parseQuery(params("range=today&device=toaster&page=pricing&source=Google"));
    expect(bad.error).toBeUndefined();
    expect(bad.query.range).toBe("today");
    expect(bad.filters).toEqual({ source: "Google" });
    expect(bad.filterErrors).toEqual([
      "The page filter “pricing” was not applied: A page starts with “/”.",
      "The device filter “toaster” was not applied: A device is mobile, tablet or desktop.",
    ]);
    const long = dashboard.parseQuery(params(`source=${"x".repeat(301)}&referrer=`));
    expect(long.filters).toEqual({});
    expect(long.filterErrors).toHaveLength(1);
    expect(long.filterErrors[0]).toContain("longer than 300 characters");
    // An empty value is no filter: the figures are the unfiltered page's.
    const none = await view("range=today&source=");
    expect(none.totals.visits).toBe(5);
  });

  it("says the days before the raw events' 90 days are not counted under a filter", async () => {
    await seedWeek(database);
    const long = await view("range=custom&from=2026-07-01&to=2026-11-25&source=Google");
    expect(long.rawSince).toBe("2026-08-28");
    expect(long.totals.visits).toBe(4);
    expect((await view("range=30d&source=Google")).rawSince).toBeNull();
    expect((await view("range=custom&from=2026-07-01&to=2026-11-25")).rawSince).toBeNull();
  });
});

describe(`studio analytics page's filters on ${testDatabaseKind}`, () => {
  let h: SignedInStudio;
  beforeEach(async () => {
    h = await signedInStudio();
    h.clock.now = NOW;
  });
  afterEach(async () => {
    await h.dispose();
  });

  const html = async (path: string) => {
    const response = await h.browser.request(path);
    expect(response.status).toBe(200);
    return (await response.text()).replaceAll("<!-- -->", "");
  };

  it("links each row to the page filtered by it, shows the filters as removable chips and keeps them in its other links", async () => {
    await seedWeek(h.database);
    const page = await html("/studio/analytics?range=today");
    // A source row links to the page filtered by it (a plain link: no script needed).
    expect(page).toContain('href="/studio/analytics?range=today&amp;source=Google"');
    expect(page).toContain('href="/studio/analytics?range=today&amp;device=mobile"');
    expect(page).toContain('href="/studio/analytics?range=today&amp;page=%2Fpricing"');
    expect(page).not.toContain("Filters in use");

    const filtered = await html("/studio/analytics?range=today&source=Google&device=mobile");
    expect(filtered).toMatch(/<ul aria-label="Filters in use"/);
    expect(filtered).toContain("Source is <strong>Google</strong>");
    expect(filtered).toContain("Device is <strong>Phone</strong>");
    // Each chip's × removes its filter, the others kept; and one link removes them all.
    const removes = [...filtered.matchAll(/<a aria-label="Remove the filter ([^"]+)"[^>]* href="([^"]+)"/g)];
    expect(removes.map((m) => [m[1], m[2]])).toEqual([
      ["Source is Google", "/studio/analytics?range=today&amp;device=mobile"],
      ["Device is Phone", "/studio/analytics?range=today&amp;source=Google"],
    ]);
    expect(filtered).toMatch(/href="\/studio\/analytics\?range=today"[^>]*>Remove every filter</);
    // The range form and the CSV links carry the filters.
    expect(filtered).toContain('<input type="hidden" name="source" value="Google"/>');
    expect(filtered).toContain(
      'href="/api/studio/analytics/visitors.csv?range=today&amp;source=Google&amp;device=mobile"',
    );
    const data = await h.browser.page<{ totals: { visits: number } }>(
      "/studio/analytics?range=today&source=Google&device=mobile",
      "studio/analytics",
    );
    expect(data.totals.visits).toBe(1);

    const csv = await h.browser.request(
      "/api/studio/analytics/page.csv?range=today&source=Google&device=mobile",
    );
    expect(
      (await csv.text())
        .replace(/^\uFEFF/, "")
        .split("\r\n")
        .filter(Boolean),
    ).toEqual(["Page,Visitors,Page views", "/,1,1", "/pricing,1,1"]);
    const refused = await h.browser.request("/api/studio/analytics/page.csv?range=today&device=toaster");
    expect(refused.status).toBe(400);
  });

  it("shows a filter it did not understand as a message, escaped, and the page unfiltered", async () => {
    await seedWeek(h.database);
    const page = await html(
      "/studio/analytics?range=today&source=%3Cscript%3Ex%3C%2Fscript%3E&device=toaster",
    );
    expect(page).toContain("The device filter “toaster” was not applied");
    // A source named like markup is a filter like any other, shown as text.
    expect(page).toContain("Source is <strong>&lt;script&gt;x&lt;/script&gt;</strong>");
    expect(page).not.toContain("<script>x</script>");
  });
});
