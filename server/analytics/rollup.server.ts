import type { AppDatabase } from "../db/database.server";
import type { AnalyticsRollupTable } from "../db/schema";
import { utcOffsetMinutes } from "../time-zone.server";
import { siteConfig } from "~/content/site";
import { sourceOf } from "./source";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** Raw events are kept this long; after that only their roll-ups remain. */
export const RAW_RETENTION_DAYS = 90;

/** The Vancouver day (YYYY-MM-DD) of an instant, from the runtime's checked zone data (server/time-zone.server.ts). */
export function siteDayOf(t: number) {
  return new Date(t + utcOffsetMinutes(siteConfig.timeZone, new Date(t)) * 60_000).toISOString().slice(0, 10);
}

/** The instant a Vancouver day starts. */
export function siteDayStart(day: string) {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  return midnightUtc - utcOffsetMinutes(siteConfig.timeZone, new Date(midnightUtc + 12 * HOUR)) * 60_000;
}

type EventRow = {
  visitor: string;
  visit: string;
  name: string;
  path: string;
  entry: number;
  referrer_host: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
  demo_ref: string | null;
  device: string;
  amount_cents: number | null;
};
type VisitAttributes = Pick<EventRow, "referrer_host" | "utm_source" | "utm_campaign" | "demo_ref" | "device">;
type Counts = { visitors: Set<string>; visits: Set<string>; pageviews: number; bounces: number; events: number; amount_cents: number };
type Row = Omit<AnalyticsRollupTable, "period" | "bucket">;

/**
 * Aggregates a bucket's raw events into one row per dimension value (the contract in
 * server/db/migrations/0016-analytics.ts):
 * - total, and per page (its page views), entry (visits that began on it), goal (its events);
 * - referrer, campaign, demo, device and source count a visit under its entry page view's
 *   values, so the pages after it are not "direct"; a visit that began in an earlier bucket
 *   keeps its entry's values;
 * - a goal counts under its own source (the lead's recorded one) in `source` and in
 *   `goal-source` (value "<goal>/<source>": the funnel by source, with revenue in amount_cents);
 * - a bounce is a visit with one page view in the bucket; events are goals; amount_cents payments;
 *   visits and visitors are those with a page view: a goal alone (a webhook's payment) adds only events.
 */
export function aggregate(events: EventRow[], entries: Map<string, VisitAttributes>): Row[] {
  const groups = new Map<string, Counts>();
  const group = (dimension: string, value: string) => {
    const key = `${dimension}\u0000${value}`;
    let counts = groups.get(key);
    if (!counts) groups.set(key, (counts = { visitors: new Set(), visits: new Set(), pageviews: 0, bounces: 0, events: 0, amount_cents: 0 }));
    return counts;
  };
  type Visit = { visitor: string; attributes: VisitAttributes; entryPath?: string; pageviews: number; pages: Set<string>; goals: number; amount: number };
  const visits = new Map<string, Visit>();
  for (const e of events) {
    let visit = visits.get(e.visit);
    if (!visit) visits.set(e.visit, (visit = { visitor: e.visitor, attributes: entries.get(e.visit) ?? e, pageviews: 0, pages: new Set(), goals: 0, amount: 0 }));
    if (e.entry === 1) {
      visit.attributes = e;
      visit.entryPath = e.path;
    }
    if (e.name === "pageview") {
      visit.pageviews++;
      visit.pages.add(e.path);
      const page = group("page", e.path);
      page.visitors.add(e.visitor);
      page.visits.add(e.visit);
      page.pageviews++;
    } else {
      visit.goals++;
      visit.amount += e.amount_cents ?? 0;
      const source = sourceOf(e);
      for (const [dimension, value] of [["goal", e.name], ["goal-source", `${e.name}/${source}`], ["source", source]] as const) {
        const g = group(dimension, value);
        g.visitors.add(e.visitor);
        g.visits.add(e.visit);
        g.events++;
        g.amount_cents += e.amount_cents ?? 0;
      }
    }
  }
  for (const [id, visit] of visits) {
    const bounced = visit.pageviews === 1 ? 1 : 0;
    const a = visit.attributes;
    const byVisit: Array<[string, string | null | undefined]> = [
      ["total", ""],
      ["entry", visit.entryPath],
      ["referrer", a.referrer_host],
      ["campaign", a.utm_campaign],
      ["demo", a.demo_ref],
      ["device", a.device],
    ];
    // Goals the server recorded outside any page view (a webhook's payment) add to the totals' events, not to visits.
    if (visit.pageviews === 0) {
      const total = group("total", "");
      total.events += visit.goals;
      total.amount_cents += visit.amount;
      continue;
    }
    // A goal's own source was counted above.
    byVisit.push(["source", sourceOf(a)]);
    for (const [dimension, value] of byVisit) {
      if (value === null || value === undefined) continue;
      const g = group(dimension, value);
      g.visitors.add(visit.visitor);
      g.visits.add(id);
      g.pageviews += visit.pageviews;
      g.bounces += bounced;
      if (dimension !== "source") {
        g.events += visit.goals;
        g.amount_cents += visit.amount;
      }
    }
    // A page's bounces: visits that saw only it.
    if (bounced) group("page", [...visit.pages][0]!).bounces++;
  }
  if (!groups.has("total\u0000")) group("total", "");
  return [...groups].map(([key, c]) => {
    const [dimension, value] = key.split("\u0000") as [string, string];
    return { dimension, value, visitors: c.visitors.size, visits: c.visits.size, pageviews: c.pageviews, bounces: c.bounces, events: c.events, amount_cents: c.amount_cents };
  });
}

/**
 * The roll-up job (run under a lease, jobs.server.ts): recomputes every hour from the
 * last one rolled up to the current one, and the Vancouver days they fall in, each bucket
 * deleted and written again in one transaction, so a re-run gives the same rows. Then
 * deletes raw events older than 90 days, none of them newer than the last bucket closed
 * when it was rolled up.
 */
export function createRollups({ database, now = Date.now }: { database: AppDatabase; now?: () => number }) {
  const { db } = database;

  async function eventsBetween(from: number, to: number) {
    const rows = await db
      .selectFrom("analytics_events")
      .select(["visitor", "visit", "name", "path", "entry", "referrer_host", "utm_source", "utm_campaign", "demo_ref", "device", "amount_cents"])
      .where("created_at", ">=", new Date(from).toISOString())
      .where("created_at", "<", new Date(to).toISOString())
      .orderBy("id")
      .execute();
    return rows.map((r) => ({ ...r, entry: Number(r.entry), amount_cents: r.amount_cents === null ? null : Number(r.amount_cents) }));
  }

  /** Entry page views of visits that began before the bucket (their values are the visit's). */
  async function earlierEntries(events: EventRow[]) {
    const started = new Set(events.filter((e) => e.entry === 1).map((e) => e.visit));
    const missing = [...new Set(events.map((e) => e.visit))].filter((v) => !started.has(v));
    const entries = new Map<string, VisitAttributes>();
    for (let i = 0; i < missing.length; i += 500) {
      const rows = await db
        .selectFrom("analytics_events")
        .select(["visit", "referrer_host", "utm_source", "utm_campaign", "demo_ref", "device"])
        .where("visit", "in", missing.slice(i, i + 500))
        .where("entry", "=", 1)
        .execute();
      for (const row of rows) entries.set(row.visit, row);
    }
    return entries;
  }

  async function rollUp(period: "hour" | "day", bucket: string, from: number, to: number) {
    const events = await eventsBetween(from, to);
    const rows = aggregate(events, await earlierEntries(events)).map((r) => ({ period, bucket, ...r }));
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("analytics_rollups").where("period", "=", period).where("bucket", "=", bucket).execute();
      for (let i = 0; i < rows.length; i += 500) await trx.insertInto("analytics_rollups").values(rows.slice(i, i + 500)).execute();
    });
  }

  const rollUpHour = (start: number) => rollUp("hour", new Date(start).toISOString(), start, start + HOUR);
  const rollUpDay = (day: string) => rollUp("day", day, siteDayStart(day), siteDayStart(nextDay(day)));

  /** One pass of the job; returns what it did (for the log and tests). */
  async function run() {
    const t = now();
    const currentHour = Math.floor(t / HOUR) * HOUR;
    const last = await db.selectFrom("analytics_rollups").select((eb) => eb.fn.max("bucket").as("bucket")).where("period", "=", "hour").where("dimension", "=", "total").executeTakeFirst();
    let from: number;
    if (last?.bucket) from = Date.parse(last.bucket);
    else {
      const first = await db.selectFrom("analytics_events").select((eb) => eb.fn.min("created_at").as("at")).executeTakeFirst();
      if (!first?.at) return { hours: 0, days: 0, purged: 0 };
      from = Math.floor(Date.parse(first.at) / HOUR) * HOUR;
    }
    let hours = 0;
    for (let h = from; h <= currentHour; h += HOUR, hours++) await rollUpHour(h);
    const days: string[] = [];
    for (let day = siteDayOf(from); day <= siteDayOf(t); day = nextDay(day)) days.push(day);
    for (const day of days) await rollUpDay(day);
    // Every hour before the current one and every day before today was rolled up after it ended.
    const cutoff = Math.min(t - RAW_RETENTION_DAYS * DAY, currentHour, siteDayStart(siteDayOf(t)));
    const purged = await db.deleteFrom("analytics_events").where("created_at", "<", new Date(cutoff).toISOString()).executeTakeFirst();
    return { hours, days: days.length, purged: Number(purged.numDeletedRows) };
  }

  return { run, rollUpHour, rollUpDay };
}

function nextDay(day: string) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
}
