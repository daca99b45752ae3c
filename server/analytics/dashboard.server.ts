import { sql } from "kysely";
import { z } from "zod";

import { siteDay, siteDayStart } from "~/lib/site-time";

import type { AppDatabase } from "../db/database.server";
import { createEventReader, dayBucket, hourBucket, type Bucket, type RollupRow } from "./rollup.server";

/**
 * The back office's analytics (docs/product.md "Analytics dashboard"; decision 0035). A range is
 * whole Vancouver days, read from the daily roll-ups (the job rewrites today's every minute)
 * plus, for a day whose roll-up is not complete (today), the raw events after its mark
 * (`createEventReader().tail`): a minute of them, so a visit shows at once without reading a
 * day of raw events. A day's visitors are its distinct hashes and the salt changes daily, so a
 * range's visitors are the sum of its days' (as Plausible counts them). Money in the funnel
 * comes from `payments`.
 */

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    "Not a date.",
  );
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

/** The longest custom range: a year and a day (the roll-ups are kept for ever, raw events 90 days). */
export const MAX_RANGE_DAYS = 367;

export const rangeQuerySchema = z
  .object({
    range: optional(z.enum(["today", "7d", "30d", "custom"])).default("7d"),
    from: optional(isoDay),
    to: optional(isoDay),
  })
  .refine(
    (q) => q.range !== "custom" || (q.from && q.to && q.from <= q.to),
    "A custom range needs a start on or before its end.",
  )
  .refine(
    (q) => q.range !== "custom" || !q.from || !q.to || dayCount(q.from, q.to) <= MAX_RANGE_DAYS,
    `A range is at most ${MAX_RANGE_DAYS} days.`,
  );

export type RangeQuery = z.infer<typeof rangeQuerySchema>;

/** Inclusive Vancouver days. */
export type DayRange = { from: string; to: string };

export type Figures = { visitors: number; visits: number; pageviews: number; bounces: number };
export type Row = Figures & { value: string };
export type FunnelRow = {
  source: string;
  visits: number;
  inquiries: number;
  booked: number;
  /** Leads with a call marked a no-show (the visitor did not come). */
  noShows: number;
  quoted: number;
  accepted: number;
  revenueCents: number;
};

/** The lists: 'page' counts every page view; the others count visits under their entry page view's values. */
export const TOP_LISTS = ["page", "entry", "referrer", "campaign", "demo", "source"] as const;
export type TopList = (typeof TOP_LISTS)[number];

/** A visit's source, in this order: its UTM source, the demo banner that sent it, the referring host. */
export const DIRECT = "direct";
const FIGURES = ["visitors", "visits", "pageviews", "bounces"] as const;

/** Figures per dimension, then per value. */
type Tally = Map<string, Map<string, Figures>>;

/** The calendar day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addCalendarDays(isoDate: string, days: number) {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
const num = (v: unknown) => Number(v ?? 0);
const emptyFigures = (): Figures => ({ visitors: 0, visits: 0, pageviews: 0, bounces: 0 });

/** The chosen range and the one of equal length just before it. A custom end after today stops at today. */
export function resolveRange(query: RangeQuery, now: Date): { current: DayRange; previous: DayRange } {
  const today = siteDay(now);
  let current: DayRange;
  if (query.range === "custom" && query.from && query.to)
    current = { from: query.from < today ? query.from : today, to: query.to < today ? query.to : today };
  else
    current = {
      from: addCalendarDays(today, query.range === "today" ? 0 : query.range === "30d" ? -29 : -6),
      to: today,
    };
  const days = dayCount(current.from, current.to);
  return {
    current,
    previous: { from: addCalendarDays(current.from, -days), to: addCalendarDays(current.from, -1) },
  };
}

export function createAnalyticsDashboard({
  database,
  now = Date.now,
}: {
  database: AppDatabase;
  now?: () => number;
}) {
  const { db } = database;
  const events = createEventReader(db);

  /**
   * What one page load reads once, however many figures need it: each bucket's raw tail, and
   * the first stored event (no bucket before it has a tail to read).
   */
  function reader() {
    const at = now();
    const tails = new Map<string, Promise<RollupRow[]>>();
    let first: Promise<number> | undefined;
    const firstEvent = () =>
      (first ??= db
        .selectFrom("analytics_events")
        .select((eb) => eb.fn.min("created_at").as("at"))
        .executeTakeFirst()
        .then((r) => (r?.at ? Date.parse(r.at) : Infinity)));
    /** The tails of these buckets, given their marks. */
    async function tailsOf(buckets: Bucket[], marks: Map<string, string>) {
      const earliest = await firstEvent();
      return Promise.all(
        buckets.map((b) => {
          const key = `${b.period}/${b.bucket}`;
          const mark = marks.get(b.bucket);
          const through = mark ? Date.parse(mark) : b.start;
          if (b.start > at || Math.min(at, b.end) <= through || Math.min(at, b.end) <= earliest)
            return Promise.resolve([]);
          return tails.get(key) ?? tails.set(key, events.tail(b, through, at)).get(key)!;
        }),
      );
    }
    return { tailsOf };
  }
  type Reader = ReturnType<typeof reader>;

  const daysOf = (range: DayRange) => {
    const days: Bucket[] = [];
    for (let d = range.from; d <= range.to; d = addCalendarDays(d, 1)) days.push(dayBucket(d));
    return days;
  };
  const hoursOf = (day: string) => {
    const { start, end } = dayBucket(day);
    const hours: Bucket[] = [];
    for (let t = start; t < end; t += 3_600_000) hours.push(hourBucket(t));
    return hours;
  };

  async function marksOf(period: "hour" | "day", from: string, to: string) {
    const rows = await db
      .selectFrom("analytics_rollup_marks")
      .select(["bucket", "through"])
      .where("period", "=", period)
      .where("bucket", ">=", from)
      .where("bucket", "<=", to)
      .execute();
    return new Map(rows.map((r) => [r.bucket, r.through]));
  }

  /**
   * The range's figures for these dimensions: the marked daily roll-ups summed in the database
   * (a roll-up without a mark is not trusted: its day is read raw), plus each day's tail.
   */
  async function tally(range: DayRange, dimensions: readonly string[], read: Reader): Promise<Tally> {
    const [rolled, tails] = await Promise.all([
      db
        .selectFrom("analytics_rollups as r")
        .innerJoin("analytics_rollup_marks as m", (j) =>
          j.onRef("m.period", "=", "r.period").onRef("m.bucket", "=", "r.bucket"),
        )
        .select((eb) => ["r.dimension", "r.value", ...FIGURES.map((f) => eb.fn.sum<string>(`r.${f}`).as(f))])
        .where("r.period", "=", "day")
        .where("r.dimension", "in", dimensions)
        .where("r.bucket", ">=", range.from)
        .where("r.bucket", "<=", range.to)
        .groupBy(["r.dimension", "r.value"])
        .execute(),
      marksOf("day", range.from, range.to).then((marks) => read.tailsOf(daysOf(range), marks)),
    ]);
    const out: Tally = new Map(dimensions.map((d) => [d, new Map()]));
    const add = (r: { dimension: string; value: string } & Record<(typeof FIGURES)[number], unknown>) => {
      const values = out.get(r.dimension);
      if (!values) return;
      const f = values.get(r.value) ?? values.set(r.value, emptyFigures()).get(r.value)!;
      for (const k of FIGURES) f[k] += num(r[k]);
    };
    rolled.forEach(add);
    tails.flat().forEach(add);
    return out;
  }

  const totalsOf = (t: Tally): Figures => t.get("total")?.get("") ?? emptyFigures();
  const listOf = (t: Tally, list: TopList, limit: number): Row[] => {
    const rows = [...(t.get(list) ?? [])]
      .map(([value, f]) => ({ value, ...f }))
      .filter((r) => r.visitors > 0 || r.visits > 0 || r.pageviews > 0);
    rows.sort((a, b) => b.visitors - a.visitors || b.pageviews - a.pageviews || (a.value < b.value ? -1 : 1));
    return limit > 0 ? rows.slice(0, limit) : rows;
  };

  /** A range's totals. */
  async function totals(range: DayRange, read = reader()): Promise<Figures> {
    return totalsOf(await tally(range, ["total"], read));
  }

  /** One list over a range, most visitors first (then the value, so the order is stable). `limit` 0: every row. */
  async function top(list: TopList, range: DayRange, limit = 10, read = reader()): Promise<Row[]> {
    return listOf(await tally(range, [list], read), list, limit);
  }

  /**
   * Visitors and page views per bucket: per hour (UTC hour starts, from the hourly roll-ups
   * and their tails) for a one-day range, else per Vancouver day.
   */
  async function series(
    range: DayRange,
    read = reader(),
  ): Promise<{ bucket: string; visitors: number; pageviews: number }[]> {
    const hourly = range.from === range.to;
    const buckets = hourly ? hoursOf(range.from) : daysOf(range);
    const period = hourly ? "hour" : "day";
    const [first, last] = [buckets[0]!.bucket, buckets.at(-1)!.bucket];
    const [rolled, tails] = await Promise.all([
      db
        .selectFrom("analytics_rollups as r")
        .innerJoin("analytics_rollup_marks as m", (j) =>
          j.onRef("m.period", "=", "r.period").onRef("m.bucket", "=", "r.bucket"),
        )
        .select(["r.bucket", "r.visitors", "r.pageviews"])
        .where("r.period", "=", period)
        .where("r.dimension", "=", "total")
        .where("r.bucket", ">=", first)
        .where("r.bucket", "<=", last)
        .execute(),
      marksOf(period, first, last).then((marks) => read.tailsOf(buckets, marks)),
    ]);
    // Hour buckets are ISO instants: the chart names them by their first 13 characters.
    const label = (bucket: string) => (hourly ? bucket.slice(0, 13) : bucket);
    const points = new Map(buckets.map((b) => [label(b.bucket), { visitors: 0, pageviews: 0 }]));
    const add = (bucket: string, r: { visitors: unknown; pageviews: unknown }) => {
      const p = points.get(label(bucket));
      if (!p) return;
      p.visitors += num(r.visitors);
      p.pageviews += num(r.pageviews);
    };
    for (const r of rolled) add(r.bucket, r);
    tails.forEach((rows, i) =>
      rows.filter((r) => r.dimension === "total").forEach((r) => add(buckets[i]!.bucket, r)),
    );
    return [...points].map(([bucket, p]) => ({ bucket, ...p }));
  }

  /**
   * Leads that arrived in the range, by source, and what has become of them since: a call
   * booked, a call the visitor did not come to (no-show), a quote sent, accepted, and the CAD paid on their quotes (from `payments`; money
   * kept only to be refunded, or refunded with a credit note, is not revenue). A lead's source is its own record's UTM source
   * or ref, else the referrer of the visit its inquiry goal was in; visits are the range's.
   */
  async function funnel(
    range: DayRange,
    read = reader(),
    visitsBySource?: Promise<Row[]>,
  ): Promise<FunnelRow[]> {
    const start = new Date(siteDayStart(range.from)).toISOString();
    const end = new Date(siteDayStart(addCalendarDays(range.to, 1))).toISOString();
    const [visits, { rows }] = await Promise.all([
      visitsBySource ?? top("source", range, 0, read),
      // Joins to grouped tables, not a subquery per lead: one pass over each table, hashed.
      sql<{
        source: string;
        inquiries: unknown;
        booked: unknown;
        no_shows: unknown;
        quoted: unknown;
        accepted: unknown;
        revenue: unknown;
      }>`
        select coalesce(i.utm_source, i.ref, g.referrer_host, ${sql.lit(DIRECT)}) as source, count(*) as inquiries,
          coalesce(sum(b.booked), 0) as booked, coalesce(sum(n.no_show), 0) as no_shows, coalesce(sum(q.quoted), 0) as quoted, coalesce(sum(q.accepted), 0) as accepted, coalesce(sum(p.revenue), 0) as revenue
        from leads i
        left join (select lead_id, max(referrer_host) as referrer_host from analytics_events where lead_id is not null and name = 'inquiry' group by lead_id) g on g.lead_id = i.id
        left join (select lead_id, 1 as booked from bookings where status <> 'cancelled' group by lead_id) b on b.lead_id = i.id
        left join (select lead_id, 1 as no_show from bookings where status = 'no-show' group by lead_id) n on n.lead_id = i.id
        left join (
          select lead_id, max(case when sent_at is not null then 1 else 0 end) as quoted, max(case when accepted_at is not null then 1 else 0 end) as accepted
          from quotes group by lead_id
        ) q on q.lead_id = i.id
        left join (
          select lead_id, sum(amount_cents - refunded_cents) as revenue from payments
          where lead_id is not null and status = 'paid' and refund_status is null and lower(currency) = 'cad' group by lead_id
        ) p on p.lead_id = i.id
        where i.created_at >= ${start} and i.created_at < ${end} and i.quarantine_reason is null
        group by 1`.execute(db),
    ]);
    const bySource = new Map<string, FunnelRow>();
    const row = (source: string) =>
      bySource.get(source) ??
      bySource
        .set(source, {
          source,
          visits: 0,
          inquiries: 0,
          booked: 0,
          noShows: 0,
          quoted: 0,
          accepted: 0,
          revenueCents: 0,
        })
        .get(source)!;
    for (const v of visits) row(v.value).visits = v.visits;
    for (const r of rows)
      Object.assign(row(r.source), {
        inquiries: num(r.inquiries),
        booked: num(r.booked),
        noShows: num(r.no_shows),
        quoted: num(r.quoted),
        accepted: num(r.accepted),
        revenueCents: num(r.revenue),
      });
    return [...bySource.values()].sort(
      (a, b) =>
        b.revenueCents - a.revenueCents ||
        b.inquiries - a.inquiries ||
        b.visits - a.visits ||
        (a.source < b.source ? -1 : 1),
    );
  }

  return {
    parseQuery(params: URLSearchParams) {
      const parsed = rangeQuerySchema.safeParse(Object.fromEntries(params));
      return parsed.success
        ? { query: parsed.data, error: undefined }
        : {
            query: rangeQuerySchema.parse({}),
            error: parsed.error.issues[0]?.message ?? "The range was not understood.",
          };
    },

    /** Everything the page shows for a range. */
    async overview(query: RangeQuery) {
      const { current, previous } = resolveRange(query, new Date(now()));
      const read = reader();
      // One query sums the range's totals and every list; the funnel takes its sources from it.
      const figures = tally(current, ["total", ...TOP_LISTS], read);
      const [all, before, chart, funnelRows] = await Promise.all([
        figures,
        totals(previous, read),
        series(current, read),
        funnel(
          current,
          read,
          figures.then((t) => listOf(t, "source", 0)),
        ),
      ]);
      return {
        range: current,
        previous,
        totals: totalsOf(all),
        previousTotals: before,
        series: chart,
        top: Object.fromEntries(TOP_LISTS.map((l) => [l, listOf(all, l, 10)])) as Record<TopList, Row[]>,
        funnel: funnelRows,
      };
    },

    totals,
    top,
    series,
    funnel,
    /** A reader to share between calls that should read each raw tail once. */
    reader,
    resolve: (query: RangeQuery) => resolveRange(query, new Date(now())),
  };
}

export type AnalyticsDashboard = ReturnType<typeof createAnalyticsDashboard>;

/** The change from the previous range, in percent rounded to a whole number; null when there was nothing before. */
export function percentChange(current: number, previous: number) {
  return previous === 0 ? null : Math.round(((current - previous) / previous) * 100);
}

/** Bounced visits as a whole percentage of visits; null without visits. */
export function bounceRate(f: Pick<Figures, "visits" | "bounces">) {
  return f.visits === 0 ? null : Math.round((f.bounces / f.visits) * 100);
}
