import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { AnalyticsDevice } from "../../server/db/schema";
import { testDatabaseKind } from "../helpers/databases";
import { signedInStudio, type SignedInStudio } from "../helpers/studio";

type Overview = {
  top: Record<string, { value: string; visitors: number; visits: number }[]>;
  rowCounts: Record<string, number>;
  error?: string;
};

/**
 * Issue 41: the analytics page's lists show their first ten rows and link to the whole list (a
 * plain link, so it works before JavaScript), and the devices are listed as the events store them.
 */
describe(`studio analytics lists on ${testDatabaseKind}`, () => {
  let h: SignedInStudio;
  beforeEach(async () => {
    h = await signedInStudio();
    // 10:00 in Vancouver on 2026-11-25.
    h.clock.now = Date.parse("2026-11-25T17:00:00.000Z");
  });
  afterEach(async () => {
    await h.dispose();
  });

  const pageview = (visitor: string, path: string, device: AnalyticsDevice = "desktop") =>
    h.database.db
      .insertInto("analytics_events")
      .values({
        created_at: "2026-11-25T16:30:00.000Z",
        visitor,
        visit: `${visitor}-1`,
        name: "pageview",
        path,
        entry: 1,
        referrer_host: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        demo_ref: null,
        device,
        lead_id: null,
        amount_cents: null,
      })
      .execute();

  const html = async (path: string) => {
    const response = await h.browser.request(path);
    expect(response.status).toBe(200);
    // Without the comments React puts between a text's parts.
    return (await response.text()).replaceAll("<!-- -->", "");
  };

  it("shows ten pages with a link to all of them, and the whole list behind it", async () => {
    // Twelve pages, /pNN seen by 13 - NN visitors: the order is known.
    for (let i = 0; i < 12; i++)
      for (let v = 0; v <= 12 - i; v++) await pageview(`v${i}-${v}`, `/p${String(i).padStart(2, "0")}`);
    const first = await h.browser.page<Overview>("/studio/analytics?range=today", "studio/analytics");
    expect(first.top.page!.map((r) => r.value)).toEqual(
      Array.from({ length: 10 }, (_, i) => `/p${String(i).padStart(2, "0")}`),
    );
    expect(first.rowCounts.page).toBe(12);
    // Entry pages have twelve rows too; a list of ten or fewer (sources: all direct) has no link.
    expect(first.rowCounts.source).toBe(1);
    const page = await html("/studio/analytics?range=today");
    expect(page).toContain('href="/studio/analytics?range=today&amp;all=page#top-page"');
    expect(page).toContain("Show all 12 top pages");
    expect(page).toContain("Show all 12 entry pages");
    expect(page).not.toContain("Show all 1 sources");

    const whole = await h.browser.page<Overview>(
      "/studio/analytics?range=today&all=page",
      "studio/analytics",
    );
    expect(whole.error).toBeUndefined();
    expect(whole.top.page).toHaveLength(12);
    expect(whole.top.page!.at(-1)).toMatchObject({ value: "/p11", visitors: 2 });
    // Only the list asked for is whole.
    expect(whole.top.entry).toHaveLength(10);
    const wholePage = await html("/studio/analytics?range=today&all=page");
    expect(wholePage).toContain('href="/studio/analytics?range=today#top-page"');
    expect(wholePage).toContain("Show the top 10 top pages");
    expect(wholePage).toContain("/p11");
  });

  it("lists the devices the events store, named for the studio, and exports them", async () => {
    await pageview("a", "/", "mobile");
    await pageview("b", "/", "mobile");
    await pageview("c", "/pricing", "tablet");
    await pageview("d", "/about", "desktop");
    const data = await h.browser.page<Overview>("/studio/analytics?range=today", "studio/analytics");
    expect(data.top.device).toEqual([
      { value: "mobile", visitors: 2, visits: 2, pageviews: 2, bounces: 2 },
      { value: "desktop", visitors: 1, visits: 1, pageviews: 1, bounces: 1 },
      { value: "tablet", visitors: 1, visits: 1, pageviews: 1, bounces: 1 },
    ]);
    const page = await html("/studio/analytics?range=today");
    // Each row's name is the link that filters the page by it.
    expect(page).toMatch(
      /<th scope="row"[^>]*><a [^>]*href="\/studio\/analytics\?range=today&amp;device=mobile"[^>]*>Phone<\/a><\/th>/,
    );
    expect(page).toContain("Browsers are not recorded");
    const csv = await h.browser.request("/api/studio/analytics/device.csv?range=today");
    expect(csv.status).toBe(200);
    expect(
      (await csv.text())
        .replace(/^\uFEFF/, "")
        .split("\r\n")
        .slice(0, 3),
    ).toEqual(["Device,Visitors,Visits,Bounce rate", "Phone,2,2,100%", "Desktop,1,1,100%"]);
  });

  it("says a list it cannot show whole was not understood, and shows the default page", async () => {
    const data = await h.browser.page<Overview>("/studio/analytics?all=secrets", "studio/analytics");
    expect(data.error).toBeTruthy();
    expect(data.top.page).toEqual([]);
  });
});
