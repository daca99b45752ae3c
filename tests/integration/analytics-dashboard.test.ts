import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { paymentRow, quoteRow } from "../../scripts/analytics-seed";
import {
  addCalendarDays,
  bounceRate,
  createAnalyticsDashboard,
  percentChange,
  rangeQuerySchema,
  type AnalyticsDashboard,
} from "../../server/analytics/dashboard.server";
import { createRollups } from "../../server/analytics/rollup.server";
import type { AnalyticsRollupTable } from "../../server/db/schema";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";
import { flagPayments } from "../helpers/flagged-refunds";

// 13:00 in Vancouver (UTC-7) on 2026-11-25: today started at 07:00 UTC.
const NOW = new Date("2026-11-25T20:00:00.000Z");

type Event = {
  at: string;
  visitor: string;
  visit: string;
  path?: string;
  name?: string;
  entry?: 0 | 1;
  referrer?: string;
  utmSource?: string;
  campaign?: string;
  demo?: string;
  lead?: string;
};

describe(`analytics dashboard on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let dashboard: AnalyticsDashboard;
  beforeEach(async () => {
    database = await openTestDatabase();
    dashboard = createAnalyticsDashboard({ database, now: () => NOW.getTime() });
  });
  afterEach(async () => {
    await database.dispose();
  });

  const events = (rows: Event[]) =>
    database.db
      .insertInto("analytics_events")
      .values(
        rows.map((e) => ({
          created_at: e.at,
          visitor: e.visitor,
          visit: e.visit,
          name: e.name ?? "pageview",
          path: e.path ?? "/",
          entry: e.entry ?? 0,
          referrer_host: e.referrer ?? null,
          utm_source: e.utmSource ?? null,
          utm_medium: null,
          utm_campaign: e.campaign ?? null,
          demo_ref: e.demo ?? null,
          device: "desktop" as const,
          lead_id: e.lead ?? null,
          amount_cents: null,
        })),
      )
      .execute();
  /** A closed bucket's roll-up row, with its mark: counted through a time after its end. */
  const rollup = async (
    bucket: string,
    dimension: string,
    value: string,
    f: Partial<AnalyticsRollupTable>,
    period: "day" | "hour" = "day",
  ) => {
    await database.db
      .insertInto("analytics_rollups")
      .values({
        period,
        bucket,
        dimension,
        value,
        visitors: 0,
        visits: 0,
        pageviews: 0,
        bounces: 0,
        events: 0,
        amount_cents: 0,
        ...f,
      })
      .execute();
    await database.db
      .insertInto("analytics_rollup_marks")
      .values({ period, bucket, through: "2026-11-25T19:00:00.000Z" })
      .onConflict((oc) => oc.doNothing())
      .execute();
  };
  /** A visit's page views, a minute apart, the first one its entry. */
  const visit = (visitor: string, id: string, start: string, paths: string[], source: Partial<Event> = {}) =>
    events(
      paths.map((path, i) => ({
        at: new Date(Date.parse(start) + i * 60_000).toISOString(),
        visitor,
        visit: id,
        path,
        entry: i === 0 ? 1 : 0,
        ...(i === 0 ? source : {}),
      })),
    );

  it("counts today from its roll-up through the mark plus the raw events since, each visitor once, and compares with yesterday", async () => {
    await visit("a", "a1", "2026-11-25T08:00:00.000Z", ["/", "/pricing"]);
    await visit("b", "b1", "2026-11-25T09:00:00.000Z", ["/"]);
    await visit("c", "c1", "2026-11-25T18:58:00.000Z", ["/pricing"]);
    await rollup("2026-11-24", "total", "", { visitors: 1, visits: 1, pageviews: 3, bounces: 0 });
    // The job's last pass, at 19:00 (it runs every minute).
    await createRollups({ database, now: () => Date.parse("2026-11-25T19:00:00.000Z") }).run();
    // Since then: b comes back (a second visit), c's bounce goes on to a second page.
    await visit("b", "b2", "2026-11-25T19:00:30.000Z", ["/contact"], { referrer: "duckduckgo.com" });
    await events([{ at: "2026-11-25T19:01:00.000Z", visitor: "c", visit: "c1", path: "/contact" }]);
    // Today is not read from raw events before the mark: a's, already rolled up, still count without them.
    await database.db.deleteFrom("analytics_events").where("visitor", "=", "a").execute();

    const view = await dashboard.overview(rangeQuerySchema.parse({ range: "today" }));
    expect(view.range).toEqual({ from: "2026-11-25", to: "2026-11-25" });
    expect(view.previous).toEqual({ from: "2026-11-24", to: "2026-11-24" });
    expect(view.totals).toEqual({ visitors: 3, visits: 4, pageviews: 6, bounces: 2 });
    expect(bounceRate(view.totals)).toBe(50);
    expect(view.previousTotals).toEqual({ visitors: 1, visits: 1, pageviews: 3, bounces: 0 });
    expect(percentChange(view.totals.visitors, view.previousTotals.visitors)).toBe(200);
    expect(percentChange(view.totals.pageviews, view.previousTotals.pageviews)).toBe(100);
    expect(view.top.page.map((r) => [r.value, r.visitors, r.pageviews])).toEqual([
      ["/", 2, 2],
      ["/contact", 2, 2],
      ["/pricing", 2, 2],
    ]);
    expect(view.top.entry.map((r) => [r.value, r.visits, r.pageviews, r.bounces])).toEqual([
      ["/", 2, 3, 1],
      ["/pricing", 1, 2, 0],
      ["/contact", 1, 1, 1],
    ]);
    expect(view.top.referrer).toMatchObject([{ value: "DuckDuckGo", visits: 1 }]);
    // Hourly for one day: 24 Vancouver hours from 07:00 UTC; closed hours from their roll-ups, the current one with its tail.
    expect(view.series).toHaveLength(24);
    expect(view.series[0]).toEqual({ bucket: "2026-11-25T07", visitors: 0, pageviews: 0 });
    expect(view.series.find((p) => p.bucket === "2026-11-25T08")).toEqual({
      bucket: "2026-11-25T08",
      visitors: 1,
      pageviews: 2,
    });
    expect(view.series.find((p) => p.bucket === "2026-11-25T18")).toEqual({
      bucket: "2026-11-25T18",
      visitors: 1,
      pageviews: 1,
    });
    expect(view.series.find((p) => p.bucket === "2026-11-25T19")).toEqual({
      bucket: "2026-11-25T19",
      visitors: 2,
      pageviews: 2,
    });
  });

  it("gives the same figures from a roll-up and its tail as from raw events alone, wherever the mark falls", async () => {
    // Three visitors over the day, visits crossing the hours, bounces and sources.
    await visit("a", "a1", "2026-11-25T08:50:00.000Z", ["/", "/pricing", "/contact"], {
      utmSource: "newsletter",
      campaign: "fall",
    });
    await visit("b", "b1", "2026-11-25T12:00:00.000Z", ["/demo/bakery"], { demo: "demo-bakery" });
    await visit("b", "b2", "2026-11-25T14:00:00.000Z", ["/", "/about"], { referrer: "duckduckgo.com" });
    await visit("c", "c1", "2026-11-25T16:30:00.000Z", ["/pricing", "/pricing", "/book"]);
    const raw = await dashboard.overview(rangeQuerySchema.parse({ range: "today" }));
    for (const mark of [
      "2026-11-25T08:51:30.000Z",
      "2026-11-25T12:00:00.000Z",
      "2026-11-25T14:00:30.000Z",
      "2026-11-25T16:31:00.000Z",
    ]) {
      await database.db.deleteFrom("analytics_rollups").execute();
      await database.db.deleteFrom("analytics_rollup_marks").execute();
      await createRollups({ database, now: () => Date.parse(mark) }).run();
      expect(await dashboard.overview(rangeQuerySchema.parse({ range: "today" })), mark).toEqual(raw);
    }
    expect(raw.totals).toEqual({ visitors: 3, visits: 4, pageviews: 9, bounces: 1 });
  });

  it("cuts ranges at Vancouver midnight, not UTC midnight, and compares with the range of equal length before", async () => {
    // 2026-11-19 00:00 in Vancouver is 07:00 UTC: the first moment of a 7-day range ending today.
    await visit("in", "v-in", "2026-11-19T07:00:00.000Z", ["/"]);
    await visit("out", "v-out", "2026-11-19T06:59:00.000Z", ["/about"]);
    // Late on the 24th in Vancouver, already the 25th in UTC.
    await visit("late", "v-late", "2026-11-25T06:30:00.000Z", ["/story"]);

    const week = await dashboard.overview(rangeQuerySchema.parse({ range: "7d" }));
    expect(week.range).toEqual({ from: "2026-11-19", to: "2026-11-25" });
    expect(week.previous).toEqual({ from: "2026-11-12", to: "2026-11-18" });
    expect(week.totals.visitors).toBe(2);
    expect(week.previousTotals.visitors).toBe(1);
    expect(week.series.map((p) => [p.bucket, p.visitors])).toEqual([
      ["2026-11-19", 1],
      ["2026-11-20", 0],
      ["2026-11-21", 0],
      ["2026-11-22", 0],
      ["2026-11-23", 0],
      ["2026-11-24", 1],
      ["2026-11-25", 0],
    ]);
    const day = await dashboard.totals({ from: "2026-11-24", to: "2026-11-24" });
    expect(day.visitors).toBe(1);
    expect(
      (await dashboard.top("page", { from: "2026-11-18", to: "2026-11-18" })).map((r) => r.value),
    ).toEqual(["/about"]);
  });

  it("adds rolled-up days to raw ones in the totals and every top list, most visitors first", async () => {
    await rollup("2026-11-23", "total", "", { visitors: 10, visits: 12, pageviews: 30, bounces: 6 });
    await rollup("2026-11-24", "total", "", { visitors: 5, visits: 5, pageviews: 5, bounces: 5 });
    await rollup("2026-11-23", "page", "/pricing", { visitors: 7, visits: 7, pageviews: 9 });
    await rollup("2026-11-24", "page", "/portfolio", { visitors: 3, visits: 3, pageviews: 3 });
    await rollup("2026-11-23", "referrer", "duckduckgo.com", {
      visitors: 4,
      visits: 4,
      pageviews: 4,
      bounces: 4,
    });
    await rollup("2026-11-23", "campaign", "fall-sale", { visitors: 2, visits: 2, pageviews: 2 });
    await rollup("2026-11-24", "demo", "demo-bakery", { visitors: 1, visits: 1, pageviews: 1, bounces: 1 });
    // Raw events of rolled-up days are not counted twice.
    await visit("old", "v-old", "2026-11-23T18:00:00.000Z", ["/pricing"]);
    // Another address of the same site: one row, "DuckDuckGo" (issue 41).
    await visit("a", "a1", "2026-11-25T08:00:00.000Z", ["/pricing", "/contact"], {
      referrer: "www.duckduckgo.com",
      campaign: "fall-sale",
      utmSource: "newsletter",
    });
    await visit("b", "b1", "2026-11-25T09:00:00.000Z", ["/demo/bakery"], {
      demo: "demo-bakery",
      referrer: "news.ycombinator.com",
    });

    const range = { from: "2026-11-23", to: "2026-11-25" };
    expect(await dashboard.totals(range)).toEqual({ visitors: 17, visits: 19, pageviews: 38, bounces: 12 });
    const values = async (list: Parameters<AnalyticsDashboard["top"]>[0]) =>
      (await dashboard.top(list, range)).map((r) => [r.value, r.visitors]);
    expect(await values("page")).toEqual([
      ["/pricing", 8],
      ["/portfolio", 3],
      ["/contact", 1],
      ["/demo/bakery", 1],
    ]);
    // Equal visitors: more page views first.
    expect(await values("entry")).toEqual([
      ["/pricing", 1],
      ["/demo/bakery", 1],
    ]);
    expect(await values("referrer")).toEqual([
      ["DuckDuckGo", 5],
      ["news.ycombinator.com", 1],
    ]);
    expect(await values("campaign")).toEqual([["fall-sale", 3]]);
    expect(await values("demo")).toEqual([["demo-bakery", 2]]);
    // A visit's source: its UTM source, else the demo banner's ref, else its referrer.
    expect(await values("source")).toEqual([
      ["newsletter", 1],
      ["demo-bakery", 1],
    ]);
    const entry = await dashboard.top("entry", range);
    expect(entry.find((r) => r.value === "/pricing")).toMatchObject({ visits: 1, pageviews: 2, bounces: 0 });
    expect(entry.find((r) => r.value === "/demo/bakery")).toMatchObject({
      visits: 1,
      pageviews: 1,
      bounces: 1,
    });
  });

  it("reads a finished day the roll-up job has not reached yet from raw events, and a rolled-up day's hours from hourly roll-ups", async () => {
    await rollup("2026-11-22", "total", "", { visitors: 4, visits: 4, pageviews: 4, bounces: 4 });
    await rollup(
      "2026-11-22T15:00:00.000Z",
      "total",
      "",
      { visitors: 4, visits: 4, pageviews: 4, bounces: 4, events: 4 },
      "hour",
    );
    // A roll-up without its mark (written by a job that stopped half-way) is not trusted.
    await database.db
      .insertInto("analytics_rollups")
      .values({
        period: "day",
        bucket: "2026-11-23",
        dimension: "total",
        value: "",
        visitors: 99,
        visits: 99,
        pageviews: 99,
        bounces: 0,
        events: 0,
        amount_cents: 0,
      })
      .execute();
    // The 23rd is over but not rolled up: its raw events count.
    await visit("late-job", "v1", "2026-11-23T18:00:00.000Z", ["/", "/pricing"]);
    expect(await dashboard.totals({ from: "2026-11-22", to: "2026-11-25" })).toEqual({
      visitors: 5,
      visits: 5,
      pageviews: 6,
      bounces: 4,
    });
    const hours = await dashboard.series({ from: "2026-11-22", to: "2026-11-22" });
    expect(hours).toHaveLength(24);
    expect(hours.filter((h) => h.visitors > 0)).toEqual([
      { bucket: "2026-11-22T15", visitors: 4, pageviews: 4 },
    ]);
  });

  it("shows the funnel by source from the product's own tables: inquiries, calls, quotes and CAD paid", async () => {
    const lead = (
      source: { utm_source?: string; ref?: string },
      createdAt = "2026-11-25T10:00:00.000Z",
      quarantine?: "honeypot",
    ) => {
      const id = randomUUID();
      return database.db
        .insertInto("leads")
        .values({
          id,
          first_name: "A",
          last_name: "B",
          email: `${id}@example.com`,
          project_type: "basic",
          message: "A site.",
          source: "api",
          created_at: createdAt,
          search_text: "",
          quarantine_reason: quarantine ?? null,
          ...source,
        })
        .execute()
        .then(() => id);
    };
    const quote = (inquiryId: string, accepted: boolean) =>
      database.db
        .insertInto("quotes")
        .values(quoteRow(inquiryId, "2026-11-25T12:00:00.000Z", accepted))
        .execute();
    const payment = async (
      inquiryId: string,
      cents: number,
      extra: { status?: "paid" | "pending"; refund?: "needed" } = {},
    ) => {
      const row = paymentRow(inquiryId, "2026-11-25T13:00:00.000Z", cents, {
        status: extra.status ?? "paid",
      });
      await database.db.insertInto("payments").values(row).execute();
      if (extra.refund)
        await flagPayments(
          database.db,
          [{ id: row.id, lead_id: inquiryId, amount_cents: cents }],
          "duplicate",
        );
    };

    const news = await lead({ utm_source: "newsletter" });
    await lead({ utm_source: "newsletter" });
    const bakery = await lead({ ref: "demo-bakery" });
    const hn = await lead({});
    await lead({ utm_source: "newsletter" }, "2026-11-25T11:00:00.000Z", "honeypot");
    await lead({ utm_source: "newsletter" }, "2026-11-25T06:00:00.000Z");
    await quote(news, true);
    await payment(news, 50_000);
    await payment(news, 50_000, { refund: "needed" });
    await payment(news, 20_000, { status: "pending" });
    // Paid 30,000 and 10,000 of it given back with a credit note: 20,000 is revenue.
    await database.db
      .insertInto("payments")
      .values(paymentRow(news, "2026-11-25T13:30:00.000Z", 30_000, { refunded_cents: 10_000 }))
      .execute();
    await quote(bakery, false);
    const call = (leadId: string, startsAt: string, status: "booked" | "no-show") =>
      database.db
        .insertInto("bookings")
        .values({
          id: randomUUID(),
          lead_id: leadId,
          starts_at: startsAt,
          ends_at: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(),
          status,
          time_zone: "America/Vancouver",
          topic: "A site",
          company: null,
          manage_token_hash: randomUUID(),
          rescheduled_from: null,
          cancelled_at: null,
          cancelled_by: null,
          held_at: null,
          no_show_at: status === "no-show" ? startsAt : null,
          created_at: "2026-11-25T12:00:00.000Z",
          updated_at: "2026-11-25T12:00:00.000Z",
        })
        .execute();
    await call(bakery, "2026-11-27T17:00:00.000Z", "booked");
    // Booked, then did not come: a call booked and a no-show of its source.
    await call(hn, "2026-11-25T20:00:00.000Z", "no-show");
    // The lead's own record has no source: its inquiry goal's visit came from a referrer.
    await events([
      {
        at: "2026-11-25T10:00:00.000Z",
        visitor: "h",
        visit: "h1",
        name: "inquiry",
        path: "/contact",
        referrer: "news.ycombinator.com",
        lead: hn,
      },
    ]);
    await visit("n", "n1", "2026-11-25T09:00:00.000Z", ["/"], { utmSource: "newsletter" });
    await visit("n2", "n2", "2026-11-25T09:10:00.000Z", ["/"], { utmSource: "newsletter" });
    await visit("h", "h1", "2026-11-25T09:50:00.000Z", ["/", "/contact"], {
      referrer: "news.ycombinator.com",
    });
    await visit("d", "d1", "2026-11-25T09:00:00.000Z", ["/"]);

    expect(await dashboard.funnel({ from: "2026-11-25", to: "2026-11-25" })).toEqual([
      {
        source: "newsletter",
        visits: 2,
        inquiries: 2,
        booked: 0,
        noShows: 0,
        quoted: 1,
        accepted: 1,
        revenueCents: 70_000,
      },
      {
        source: "news.ycombinator.com",
        visits: 1,
        inquiries: 1,
        booked: 1,
        noShows: 1,
        quoted: 0,
        accepted: 0,
        revenueCents: 0,
      },
      {
        source: "demo-bakery",
        visits: 0,
        inquiries: 1,
        booked: 1,
        noShows: 0,
        quoted: 1,
        accepted: 0,
        revenueCents: 0,
      },
      {
        source: "direct",
        visits: 1,
        inquiries: 0,
        booked: 0,
        noShows: 0,
        quoted: 0,
        accepted: 0,
        revenueCents: 0,
      },
    ]);
  });

  it("refuses a custom range that is backwards, too long or not a date, and stops a range at today", () => {
    expect(
      rangeQuerySchema.safeParse({ range: "custom", from: "2026-11-20", to: "2026-11-10" }).success,
    ).toBe(false);
    expect(
      rangeQuerySchema.safeParse({ range: "custom", from: "2024-01-01", to: "2026-01-01" }).success,
    ).toBe(false);
    expect(
      rangeQuerySchema.safeParse({ range: "custom", from: "2026-02-30", to: "2026-03-01" }).success,
    ).toBe(false);
    expect(rangeQuerySchema.safeParse({ range: "yesterday" }).success).toBe(false);
    expect([addCalendarDays("2026-03-01", -1), addCalendarDays("2026-12-31", 1)]).toEqual([
      "2026-02-28",
      "2027-01-01",
    ]);
    expect(dashboard.parseQuery(new URLSearchParams("range=custom&from=x"))).toMatchObject({
      query: { range: "7d" },
      error: expect.any(String),
    });
    expect(
      dashboard.resolve(rangeQuerySchema.parse({ range: "custom", from: "2026-11-20", to: "2026-12-31" })),
    ).toEqual({
      current: { from: "2026-11-20", to: "2026-11-25" },
      previous: { from: "2026-11-14", to: "2026-11-19" },
    });
  });
});
