import type { RawBuilder } from "kysely";

import { siteDay, siteDayStart } from "~/lib/site-time";

import type { AppDatabase } from "../db/database.server";
import type { AnalyticsRollupTable } from "../db/schema";
import { sourceOf } from "./source";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** Raw events are kept this long; after that only their roll-ups remain. */
export const RAW_RETENTION_DAYS = 90;
/** A bucket that closed this recently is counted once more, for events whose batch committed late. */
const CLOSING_GRACE_MS = 2 * 60_000;

export type EventRow = {
  id: number;
  created_at: string;
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
  /** The lead an inquiry goal sent (the dashboard's filters find a filtered visit's leads by it). */
  lead_id: string | null;
};
export type VisitAttributes = Pick<
  EventRow,
  "referrer_host" | "utm_source" | "utm_campaign" | "demo_ref" | "device"
>;
type Counts = {
  visitors: Set<string>;
  visits: Set<string>;
  pageviews: number;
  bounces: number;
  events: number;
  amount_cents: number;
};
export type RollupRow = Omit<AnalyticsRollupTable, "period" | "bucket">;

/**
 * Aggregates a bucket's raw events into one row per dimension value (the contract in
 * server/db/migrations/0016-analytics.ts):
 * - total, and per page (its page views), entry (visits that began on it), goal (its events);
 * - referrer, campaign, demo, device and source count a visit under its entry page view's
 *   values, so the pages after it are not "direct"; a visit that began in an earlier bucket
 *   keeps its entry's values; its demo is its entry's ref, else the first demo banner it clicked;
 * - a goal counts under its own source (the lead's recorded one) in `source` and in
 *   `goal-source` (value "<goal>/<source>": the funnel by source, with revenue in amount_cents);
 * - a bounce is a visit with one page view in the bucket; events are goals; amount_cents payments;
 *   visits and visitors are those with a page view: a goal alone (a webhook's payment) adds only events.
 */
export function aggregate(events: EventRow[], entries: Map<string, VisitAttributes>): RollupRow[] {
  const groups = new Map<string, Counts>();
  const group: Group = (dimension, value) => {
    const key = `${dimension}\u0000${value}`;
    let counts = groups.get(key);
    if (!counts)
      groups.set(
        key,
        (counts = {
          visitors: new Set(),
          visits: new Set(),
          pageviews: 0,
          bounces: 0,
          events: 0,
          amount_cents: 0,
        }),
      );
    return counts;
  };
  countVisits(countEvents(events, entries, group), group);
  if (!groups.has("total\u0000")) group("total", "");
  return [...groups].map(([key, c]) => {
    const [dimension, value] = key.split("\u0000") as [string, string];
    return {
      dimension,
      value,
      visitors: c.visitors.size,
      visits: c.visits.size,
      pageviews: c.pageviews,
      bounces: c.bounces,
      events: c.events,
      amount_cents: c.amount_cents,
    };
  });
}

/** The counts of one dimension's value, made on first use. */
type Group = (dimension: string, value: string) => Counts;

// demoRef: the first demo banner ref of the visit's page views (a banner click leads to /contact?ref=…).
type Visit = {
  visitor: string;
  attributes: VisitAttributes;
  entryPath?: string;
  demoRef?: string;
  pageviews: number;
  pages: Set<string>;
  goals: number;
  amount: number;
};

/** Each event counted under its page or its goal; returns the visits they make up. */
function countEvents(events: EventRow[], entries: Map<string, VisitAttributes>, group: Group) {
  const visits = new Map<string, Visit>();
  for (const e of events) {
    let visit = visits.get(e.visit);
    if (!visit)
      visits.set(
        e.visit,
        (visit = {
          visitor: e.visitor,
          attributes: entries.get(e.visit) ?? e,
          pageviews: 0,
          pages: new Set(),
          goals: 0,
          amount: 0,
        }),
      );
    if (e.entry === 1) {
      visit.attributes = e;
      visit.entryPath = e.path;
    }
    if (e.name === "pageview") {
      visit.pageviews++;
      visit.pages.add(e.path);
      visit.demoRef ??= e.demo_ref ?? undefined;
      const page = group("page", e.path);
      page.visitors.add(e.visitor);
      page.visits.add(e.visit);
      page.pageviews++;
    } else {
      visit.goals++;
      visit.amount += e.amount_cents ?? 0;
      countGoal(e, group);
    }
  }
  return visits;
}

/** A goal counts under its name, and under its own source (the lead's recorded one). */
function countGoal(e: EventRow, group: Group) {
  const source = sourceOf(e);
  for (const [dimension, value] of [
    ["goal", e.name],
    ["goal-source", `${e.name}/${source}`],
    ["source", source],
  ] as const) {
    const g = group(dimension, value);
    // A source's visitors and visits are those that entered by it; a goal adds its event.
    if (dimension !== "source") {
      g.visitors.add(e.visitor);
      g.visits.add(e.visit);
    }
    g.events++;
    g.amount_cents += e.amount_cents ?? 0;
  }
}

/** Each visit counted under its entry's values (total, entry, referrer, campaign, demo, device, source), with its bounce. */
function countVisits(visits: Map<string, Visit>, group: Group) {
  for (const [id, visit] of visits) {
    const bounced = visit.pageviews === 1 ? 1 : 0;
    // A visit that clicked a demo's banner counts under the demo, as the lead it sends is (its ref).
    const a = { ...visit.attributes, demo_ref: visit.attributes.demo_ref ?? visit.demoRef ?? null };
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
}

/** A bucket: a UTC hour or a Vancouver day, and the instants it spans. */
export type Bucket = { period: "hour" | "day"; bucket: string; start: number; end: number };
export const hourBucket = (start: number): Bucket => ({
  period: "hour",
  bucket: new Date(start).toISOString(),
  start,
  end: start + HOUR,
});
export const dayBucket = (day: string): Bucket => ({
  period: "day",
  bucket: day,
  start: siteDayStart(day),
  end: siteDayStart(nextDay(day)),
});

type Db = AppDatabase["db"];

const EVENT_COLUMNS = [
  "id",
  "created_at",
  "visitor",
  "visit",
  "name",
  "path",
  "entry",
  "referrer_host",
  "utm_source",
  "utm_campaign",
  "demo_ref",
  "device",
  "amount_cents",
  "lead_id",
] as const;
const iso = (t: number) => new Date(t).toISOString();
const typed = (
  rows: { id: number | string; entry: number | string; amount_cents: number | string | null }[],
) =>
  rows.map((r) => ({
    ...r,
    id: Number(r.id),
    entry: Number(r.entry),
    amount_cents: r.amount_cents === null ? null : Number(r.amount_cents),
  })) as EventRow[];

/**
 * Reading raw events for roll-ups, shared by the job and the dashboard (which adds the events
 * after a bucket's mark to its roll-up: `tail`).
 */
export function createEventReader(db: Db) {
  return {
    rows: (bucket: Bucket, from: number, to: number) => bucketRows(db, bucket, from, to),
    tail: (bucket: Bucket, through: number, until: number) => tail(db, bucket, through, until),
    /**
     * A bucket's raw events in [from, to) (those `only` keeps) and the entries of its visits that
     * began before it: the dashboard's filters.
     */
    events: async (bucket: Bucket, from: number, to: number, only?: RawBuilder<boolean>) => {
      const events = await between(db, from, to, only);
      return { events, entries: await earlierEntries(db, events, bucket.start) };
    },
  };
}

/** Every event created in [from, to) (those `only` keeps), in the order they were stored. */
async function between(db: Db, from: number, to: number, only?: RawBuilder<boolean>) {
  let query = db
    .selectFrom("analytics_events")
    .select(EVENT_COLUMNS)
    .where("created_at", ">=", iso(from))
    .where("created_at", "<", iso(to));
  if (only) query = query.where(only);
  return typed(await query.orderBy("id").execute());
}

/** Entry page views of visits that began before these events' bucket (their values are the visit's): looked up by visitor, which is indexed. */
async function earlierEntries(db: Db, events: EventRow[], before: number) {
  const started = new Set(events.filter((e) => e.entry === 1).map((e) => e.visit));
  const missing = new Map(events.filter((e) => !started.has(e.visit)).map((e) => [e.visit, e.visitor]));
  const entries = new Map<string, VisitAttributes>();
  const visitors = [...new Set(missing.values())];
  for (let i = 0; i < visitors.length; i += 500) {
    const rows = await db
      .selectFrom("analytics_events")
      .select(["visit", "referrer_host", "utm_source", "utm_campaign", "demo_ref", "device"])
      .where("visitor", "in", visitors.slice(i, i + 500))
      .where("created_at", "<", iso(before))
      // A visit lasts while its visitor's events are under 30 minutes apart, within one salt's UTC day.
      .where("created_at", ">=", iso(before - DAY))
      .where("entry", "=", 1)
      .execute();
    for (const row of rows) if (missing.has(row.visit)) entries.set(row.visit, row);
  }
  return entries;
}

/** A bucket's events created in [from, to), aggregated. */
async function bucketRows(db: Db, bucket: Bucket, from: number, to: number) {
  const events = await between(db, from, to);
  return aggregate(events, await earlierEntries(db, events, bucket.start));
}

/**
 * What a bucket's roll-up counted through `through` lacks at `until`: the rows to add to it.
 * Every figure is a sum over visitors (a visit belongs to one), so only the visitors seen after
 * the mark change: their events in the bucket are counted up to `until` and, subtracted, up to
 * `through`. A bucket never rolled up (`through` at its start) is its whole raw count.
 */
async function tail(db: Db, bucket: Bucket, through: number, until: number): Promise<RollupRow[]> {
  const to = Math.min(until, bucket.end);
  if (to <= through) return [];
  if (through <= bucket.start) return bucketRows(db, bucket, bucket.start, to);
  const seen = await db
    .selectFrom("analytics_events")
    .select("visitor")
    .distinct()
    .where("created_at", ">=", iso(through))
    .where("created_at", "<", iso(to))
    .execute();
  if (seen.length === 0) return [];
  const events: EventRow[] = [];
  for (let i = 0; i < seen.length; i += 500) {
    const chunk = seen.slice(i, i + 500).map((r) => r.visitor);
    events.push(
      ...typed(
        await db
          .selectFrom("analytics_events")
          .select(EVENT_COLUMNS)
          .where("visitor", "in", chunk)
          .where("created_at", ">=", iso(bucket.start))
          .where("created_at", "<", iso(to))
          .execute(),
      ),
    );
  }
  events.sort((a, b) => a.id - b.id);
  const entries = await earlierEntries(db, events, bucket.start);
  const mark = iso(through);
  return subtract(
    aggregate(events, entries),
    aggregate(
      events.filter((e) => e.created_at < mark),
      entries,
    ),
  );
}

const COUNTS = ["visitors", "visits", "pageviews", "bounces", "events", "amount_cents"] as const;

/** `after` minus `before`, per dimension and value; rows that did not change are left out. */
function subtract(after: RollupRow[], before: RollupRow[]): RollupRow[] {
  const key = (r: RollupRow) => `${r.dimension}\u0000${r.value}`;
  const out = new Map(after.map((r) => [key(r), { ...r }]));
  for (const r of before) {
    const row =
      out.get(key(r)) ??
      out
        .set(key(r), { ...r, visitors: 0, visits: 0, pageviews: 0, bounces: 0, events: 0, amount_cents: 0 })
        .get(key(r))!;
    for (const k of COUNTS) row[k] -= r[k];
  }
  return [...out.values()].filter((r) => COUNTS.some((k) => r[k] !== 0));
}

/**
 * The roll-up job (run under a lease, jobs.server.ts): recomputes every hour from the
 * last one rolled up to the current one, and the Vancouver days they fall in, each bucket
 * deleted and written again with its mark (counted through now, or its end) in one
 * transaction, so a re-run gives the same rows. A bucket closed in the last two minutes is
 * counted once more. Then deletes raw events older than 90 days, none of them newer than
 * the last bucket closed when it was rolled up.
 */
export function createRollups({ database, now = Date.now }: { database: AppDatabase; now?: () => number }) {
  const { db } = database;
  const events = createEventReader(db);

  async function rollUp(bucket: Bucket, t: number) {
    const through = Math.min(bucket.end, t);
    const rows = (await events.rows(bucket, bucket.start, through)).map((r) => ({
      period: bucket.period,
      bucket: bucket.bucket,
      ...r,
    }));
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom("analytics_rollups")
        .where("period", "=", bucket.period)
        .where("bucket", "=", bucket.bucket)
        .execute();
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto("analytics_rollups")
          .values(rows.slice(i, i + 500))
          .execute();
      const mark = { period: bucket.period, bucket: bucket.bucket, through: new Date(through).toISOString() };
      await trx
        .insertInto("analytics_rollup_marks")
        .values(mark)
        .onConflict((oc) => oc.columns(["period", "bucket"]).doUpdateSet({ through: mark.through }))
        .execute();
    });
  }

  const rollUpHour = (start: number) => rollUp(hourBucket(start), now());
  const rollUpDay = (day: string) => rollUp(dayBucket(day), now());

  /** One pass of the job; returns what it did (for the log and tests). */
  async function run() {
    const t = now();
    const currentHour = Math.floor(t / HOUR) * HOUR;
    const last = await db
      .selectFrom("analytics_rollups")
      .select((eb) => eb.fn.max("bucket").as("bucket"))
      .where("period", "=", "hour")
      .where("dimension", "=", "total")
      .executeTakeFirst();
    let from: number;
    if (last?.bucket)
      from = Math.min(Date.parse(last.bucket), Math.floor((t - CLOSING_GRACE_MS) / HOUR) * HOUR);
    else {
      const first = await db
        .selectFrom("analytics_events")
        .select((eb) => eb.fn.min("created_at").as("at"))
        .executeTakeFirst();
      if (!first?.at) return { hours: 0, days: 0, purged: 0 };
      from = Math.floor(Date.parse(first.at) / HOUR) * HOUR;
    }
    let hours = 0;
    for (let h = from; h <= currentHour; h += HOUR, hours++) await rollUp(hourBucket(h), t);
    const days: string[] = [];
    for (let day = siteDay(from); day <= siteDay(t); day = nextDay(day)) days.push(day);
    for (const day of days) await rollUp(dayBucket(day), t);
    // Every hour before the current one and every day before today was rolled up after it ended.
    const cutoff = Math.min(t - RAW_RETENTION_DAYS * DAY, currentHour, siteDayStart(siteDay(t)));
    const purged = await db
      .deleteFrom("analytics_events")
      .where("created_at", "<", new Date(cutoff).toISOString())
      .executeTakeFirst();
    return { hours, days: days.length, purged: Number(purged.numDeletedRows) };
  }

  return { run, rollUpHour, rollUpDay };
}

function nextDay(day: string) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
}
