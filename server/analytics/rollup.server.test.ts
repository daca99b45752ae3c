import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { siteDay as siteDayOf, siteDayStart } from "~/lib/site-time";

import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../../tests/helpers/databases";
import { loadConfig } from "../config.server";
import { createLogger } from "../logger.server";
import { startAnalyticsJobs } from "./jobs.server";
import { createRollups } from "./rollup.server";
import { visitorHash } from "./salts.server";
import { createAnalytics, type Analytics } from "./service.server";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
// 10:00 in Vancouver (UTC-7) on 2026-11-25.
const T0 = Date.UTC(2026, 10, 25, 17, 0, 0);
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe(`analytics roll-ups and salts on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let analytics: Analytics;
  const clock = { now: T0 };
  const now = () => clock.now;
  const logger = createLogger(loadConfig({ NODE_ENV: "test" }));

  beforeEach(async () => {
    clock.now = T0;
    database = await openTestDatabase();
    analytics = createAnalytics({ config: loadConfig({ NODE_ENV: "test" }), database, logger, now });
  });
  afterEach(async () => {
    await analytics.flush();
    await database.dispose();
  });

  const view = (ip: string, path: string, extra: Record<string, string> = {}) =>
    analytics.ingest({
      body: JSON.stringify({ name: "pageview", path, ...extra }),
      ip,
      userAgent: CHROME,
      gpc: false,
    });
  const rows = (period: "hour" | "day", bucket: string) =>
    database.db
      .selectFrom("analytics_rollups")
      .selectAll()
      .where("period", "=", period)
      .where("bucket", "=", bucket)
      .orderBy("dimension")
      .orderBy("value")
      .execute();
  const row = async (period: "hour" | "day", bucket: string, dimension: string, value: string) =>
    (await rows(period, bucket)).find((r) => r.dimension === dimension && r.value === value);

  it("Vancouver days start at 07:00 UTC", () => {
    expect(siteDayOf(Date.UTC(2026, 10, 25, 6, 59))).toBe("2026-11-24");
    expect(siteDayOf(Date.UTC(2026, 10, 25, 7, 0))).toBe("2026-11-25");
    expect(new Date(siteDayStart("2026-11-25")).toISOString()).toBe("2026-11-25T07:00:00.000Z");
  });

  it("rolls a day's events into hourly and daily rows per dimension, and the same again on a re-run", async () => {
    // Visitor A: a campaign visit of two pages, then an inquiry under the lead's (the same) source.
    await view("10.0.0.1", "/", { utm_source: "newsletter", utm_campaign: "fall" });
    clock.now += 5 * 60_000;
    await view("10.0.0.1", "/pricing");
    // Visitor B: one page from a referrer (a bounce), on a demo.
    await view("10.0.0.2", "/demo/gym", { referrer: "news.example.com" });
    // Visitor C: arrives from the gym demo's banner, next hour.
    clock.now = T0 + HOUR + 60_000;
    await view("10.0.0.3", "/contact", { ref: "demo-gym" });
    await database.db
      .insertInto("leads")
      .values({
        id: "lead-1",
        first_name: "A",
        last_name: "B",
        email: "a@example.com",
        project_type: "basic",
        message: "hello there",
        source: "api",
        created_at: new Date(clock.now).toISOString(),
        page: "/contact",
        ref: "demo-gym",
        search_text: "",
      })
      .execute();
    await analytics.recordGoal({ name: "payment", leadId: "lead-1", amountCents: 125_000 });
    clock.now = T0 + 2 * HOUR;

    const rollups = createRollups({ database, now });
    await rollups.run();
    const hour0 = new Date(T0).toISOString();
    expect(await row("hour", hour0, "total", "")).toMatchObject({
      visitors: 2,
      visits: 2,
      pageviews: 3,
      bounces: 1,
      events: 0,
    });
    expect(await row("hour", hour0, "page", "/")).toMatchObject({ visitors: 1, pageviews: 1, bounces: 0 });
    expect(await row("hour", hour0, "entry", "/demo/gym")).toMatchObject({ visits: 1, bounces: 1 });
    expect(await row("hour", hour0, "campaign", "fall")).toMatchObject({ visits: 1, pageviews: 2 });
    expect(await row("hour", hour0, "referrer", "news.example.com")).toMatchObject({ visits: 1, bounces: 1 });
    // The campaign visit's second page is not "direct": the visit counts under its entry's source.
    expect(await row("hour", hour0, "source", "newsletter")).toMatchObject({ visits: 1, pageviews: 2 });
    expect(await row("hour", hour0, "source", "direct")).toBeUndefined();
    expect(await row("hour", hour0, "device", "desktop")).toMatchObject({ visitors: 2 });

    const day = await rows("day", "2026-11-25");
    const dayRow = (dimension: string, value: string) =>
      day.find((r) => r.dimension === dimension && r.value === value);
    expect(dayRow("total", "")).toMatchObject({
      visitors: 3,
      visits: 3,
      pageviews: 4,
      events: 1,
      amount_cents: 125_000,
    });
    expect(dayRow("demo", "demo-gym")).toMatchObject({ visits: 1, pageviews: 1 });
    expect(dayRow("goal", "payment")).toMatchObject({ events: 1, amount_cents: 125_000 });
    // The payment counts under the lead's recorded source: the gym demo's banner.
    expect(dayRow("goal-source", "payment/demo-gym")).toMatchObject({ events: 1, amount_cents: 125_000 });
    // A source's visits are those that entered by it: the payment adds its event and amount, not a visit.
    expect(dayRow("source", "demo-gym")).toMatchObject({
      visits: 1,
      pageviews: 1,
      events: 1,
      amount_cents: 125_000,
    });

    // Idempotent: a re-run (and one of each bucket on its own) gives the same rows.
    const before = await database.db
      .selectFrom("analytics_rollups")
      .selectAll()
      .orderBy("period")
      .orderBy("bucket")
      .orderBy("dimension")
      .orderBy("value")
      .execute();
    await rollups.run();
    await rollups.rollUpHour(T0);
    await rollups.rollUpDay("2026-11-25");
    const after = await database.db
      .selectFrom("analytics_rollups")
      .selectAll()
      .orderBy("period")
      .orderBy("bucket")
      .orderBy("dimension")
      .orderBy("value")
      .execute();
    expect(after).toEqual(before);
  });

  it("a visit that crosses into the next hour keeps its entry's source there", async () => {
    clock.now = T0 + 50 * 60_000;
    await view("10.0.0.1", "/", { referrer: "search.example" });
    clock.now = T0 + HOUR + 10 * 60_000;
    await view("10.0.0.1", "/pricing");
    clock.now = T0 + 2 * HOUR;
    await createRollups({ database, now }).run();
    expect(await row("hour", new Date(T0 + HOUR).toISOString(), "referrer", "search.example")).toMatchObject({
      visits: 1,
      pageviews: 1,
    });
  });

  it("a visit that clicks a demo's banner counts under that demo, as the lead it sends does", async () => {
    await view("10.0.0.1", "/demo/gym", { referrer: "search.example" });
    clock.now += 60_000;
    await view("10.0.0.1", "/contact", { ref: "demo-gym" });
    clock.now += 60_000;
    await createRollups({ database, now }).run();
    expect(await row("day", "2026-11-25", "demo", "demo-gym")).toMatchObject({ visits: 1, pageviews: 2 });
    // The banner's ref comes before the referrer, as in a lead's own source.
    expect(await row("day", "2026-11-25", "source", "demo-gym")).toMatchObject({ visits: 1, pageviews: 2 });
    expect(await row("day", "2026-11-25", "source", "search.example")).toBeUndefined();
    expect(await row("day", "2026-11-25", "referrer", "search.example")).toMatchObject({ visits: 1 });
  });

  it("deletes raw events past 90 days only once their buckets are rolled up, and the roll-ups stay", async () => {
    await view("10.0.0.1", "/");
    const rollups = createRollups({ database, now });
    clock.now = T0 + 91 * DAY;
    await view("10.0.0.2", "/about");
    // One pass rolls the old day up first, then deletes its events; today's stay.
    const result = await rollups.run();
    expect(result.purged).toBe(1);
    expect(
      (await database.db.selectFrom("analytics_events").select("path").execute()).map((r) => r.path),
    ).toEqual(["/about"]);
    expect(await row("day", "2026-11-25", "total", "")).toMatchObject({ visitors: 1, pageviews: 1 });
    expect(await row("hour", new Date(T0).toISOString(), "page", "/")).toMatchObject({ pageviews: 1 });
  });

  it("the roll-up job runs in one process of two, under its lease, and again once a minute has passed", async () => {
    await view("10.0.0.1", "/");
    // A pass counts the events created before it started.
    clock.now += 1_000;
    const a = startAnalyticsJobs({ database, salts: analytics.salts, logger, now }, { timers: false });
    const b = startAnalyticsJobs({ database, salts: analytics.salts, logger, now }, { timers: false });
    expect([await a.rollup.tick(), await b.rollup.tick()]).toEqual(["ran", "standby"]);
    expect(await row("hour", new Date(T0).toISOString(), "total", "")).toMatchObject({
      visitors: 1,
      pageviews: 1,
    });
    await view("10.0.0.2", "/about");
    expect(await a.rollup.tick()).toBe("held");
    clock.now += 60_000;
    expect(await a.rollup.tick()).toBe("ran");
    expect(await row("hour", new Date(T0).toISOString(), "total", "")).toMatchObject({
      visitors: 2,
      pageviews: 2,
    });
    await Promise.all([a.stop(), b.stop()]);
  });

  it("daily salt: one visitor within a UTC day, unlinkable across days once the job deleted yesterday's salt", async () => {
    const jobs = startAnalyticsJobs({ database, salts: analytics.salts, logger, now }, { timers: false });
    await view("10.0.0.1", "/");
    clock.now = T0 + 6 * HOUR; // 23:00 UTC, the same UTC day
    await view("10.0.0.1", "/about");
    clock.now = T0 + 8 * HOUR; // 01:00 UTC the next day
    await view("10.0.0.1", "/pricing");
    const events = await database.db
      .selectFrom("analytics_events")
      .select(["path", "visitor"])
      .orderBy("id")
      .execute();
    expect(events[1]!.visitor).toBe(events[0]!.visitor);
    expect(events[2]!.visitor).not.toBe(events[0]!.visitor);
    expect(
      (await database.db.selectFrom("analytics_salts").select("day").orderBy("day").execute()).map(
        (r) => r.day,
      ),
    ).toEqual(["2026-11-25", "2026-11-26"]);
    expect(await jobs.rotation.tick()).toBe("ran");
    expect(
      (await database.db.selectFrom("analytics_salts").select("day").execute()).map((r) => r.day),
    ).toEqual(["2026-11-26"]);
    // With every salt that is left, the same address and browser hash to today's visitor, never yesterday's.
    const host = new URL(loadConfig({ NODE_ENV: "test" }).SITE_URL).host;
    const left = await database.db.selectFrom("analytics_salts").select("salt").execute();
    expect(left.map((r) => visitorHash(r.salt, "10.0.0.1", CHROME, host))).toEqual([events[2]!.visitor]);
    await jobs.stop();
  });
});
