import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { testDatabaseKind } from "../helpers/databases";
import { signedInStudio, type SignedInStudio } from "../helpers/studio";

type Overview = {
  range: { from: string; to: string };
  totals: { visitors: number; visits: number; pageviews: number; bounces: number };
  top: Record<string, { value: string; visitors: number }[]>;
  error?: string;
};

describe(`studio analytics page on ${testDatabaseKind}`, () => {
  let h: SignedInStudio;
  beforeEach(async () => {
    h = await signedInStudio();
    // 10:00 in Vancouver on 2026-11-25.
    h.clock.now = Date.parse("2026-11-25T17:00:00.000Z");
  });
  afterEach(async () => {
    await h.dispose();
  });

  const pageview = (
    at: string,
    visitor: string,
    path: string,
    extra: { referrer?: string; campaign?: string } = {},
  ) =>
    h.database.db
      .insertInto("analytics_events")
      .values({
        created_at: at,
        visitor,
        visit: `${visitor}-1`,
        name: "pageview",
        path,
        entry: 1,
        referrer_host: extra.referrer ?? null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: extra.campaign ?? null,
        demo_ref: null,
        device: "mobile",
        lead_id: null,
        amount_cents: null,
      })
      .execute();

  it("shows a visit made a minute ago, on the studio's clock, for the chosen range", async () => {
    await pageview("2026-11-25T16:59:00.000Z", "a", "/pricing", { referrer: "duckduckgo.com" });
    // 23:30 on the 24th in Vancouver: yesterday, not today.
    await pageview("2026-11-25T06:30:00.000Z", "b", "/about");
    const today = await h.browser.page<Overview>("/studio/analytics?range=today", "studio/analytics");
    expect(today.range).toEqual({ from: "2026-11-25", to: "2026-11-25" });
    expect(today.totals).toEqual({ visitors: 1, visits: 1, pageviews: 1, bounces: 1 });
    expect(today.top.referrer).toMatchObject([{ value: "DuckDuckGo", visitors: 1 }]);
    const week = await h.browser.page<Overview>("/studio/analytics", "studio/analytics");
    expect(week.range).toEqual({ from: "2026-11-19", to: "2026-11-25" });
    expect(week.totals.visitors).toBe(2);
    // A range it cannot read: the default one, and the page says why.
    const bad = await h.browser.page<Overview>(
      "/studio/analytics?range=custom&from=2026-11-20&to=2026-11-01",
      "studio/analytics",
    );
    expect(bad.range).toEqual(week.range);
    expect(bad.error).toMatch(/start on or before its end/);
  });

  it("exports each table as CSV for the range, a visitor's text made formula-safe and quoted", async () => {
    await pageview("2026-11-25T16:00:00.000Z", "a", "/", {
      referrer: "@evil.example",
      campaign: '=cmd|"/C calc"!A0, fall',
    });
    await pageview("2026-11-25T16:10:00.000Z", "b", "/pricing", { campaign: "spring" });
    const csv = async (path: string) => {
      const response = await h.browser.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
      return {
        disposition: response.headers.get("content-disposition"),
        lines: (await response.text()).replace(/^\uFEFF/, "").split("\r\n"),
      };
    };
    const campaigns = await csv("/api/studio/analytics/campaign.csv?range=today");
    expect(campaigns.disposition).toBe(
      'attachment; filename="analytics-campaign-2026-11-25-to-2026-11-25.csv"',
    );
    expect(campaigns.lines.slice(0, 3)).toEqual([
      "UTM campaign,Visitors,Visits,Bounce rate",
      `"'=cmd|""/C calc""!A0, fall",1,1,100%`,
      "spring,1,1,100%",
    ]);
    expect((await csv("/api/studio/analytics/referrer.csv?range=today")).lines[1]).toBe(
      "'@evil.example,1,1,100%",
    );
    expect((await csv("/api/studio/analytics/page.csv?range=today")).lines.slice(0, 3)).toEqual([
      "Page,Visitors,Page views",
      "/,1,1",
      "/pricing,1,1",
    ]);
    expect((await csv("/api/studio/analytics/funnel.csv?range=today")).lines.slice(0, 2)).toEqual([
      "Source,Visits,Inquiries,Calls booked,No-shows,Quotes sent,Accepted,Paid (CAD)",
      "'@evil.example,1,0,0,0,0,0,0.00",
    ]);
    const visitors = await csv("/api/studio/analytics/visitors.csv?range=today");
    expect(visitors.lines).toContain('"Nov 25, 2026, 9:00 a.m.",2,2');
    expect((await h.browser.request("/api/studio/analytics/secrets.csv")).status).toBe(404);
    expect(
      (await h.browser.request("/api/studio/analytics/page.csv?range=custom&from=2026-02-30&to=2026-03-01"))
        .status,
    ).toBe(400);
  });
});
