import { sql } from "kysely";
import { z } from "zod";
import { siteDay, siteDayStart } from "~/lib/site-time";
import type { AppDatabase } from "../db/database.server";

/**
 * The back office's analytics (docs/product.md "Analytics dashboard"). A range is whole
 * Vancouver days. Where its figures come from:
 * - days before today whose daily roll-up exists (a 'total' row): the roll-ups;
 * - today, and any later day not rolled up yet: the raw events, so a visit shows within a minute.
 * A day's visitors are its distinct hashes and the salt changes daily, so a range's visitors are
 * the sum of its days' (as Plausible counts them). Money in the funnel comes from `payments`.
 */

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), "Not a date.");
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

/** The longest custom range: a year and a day (the roll-ups are kept for ever, raw events 90 days). */
export const MAX_RANGE_DAYS = 367;

export const rangeQuerySchema = z
  .object({
    range: optional(z.enum(["today", "7d", "30d", "custom"])).default("7d"),
    from: optional(isoDay),
    to: optional(isoDay),
  })
  .refine((q) => q.range !== "custom" || (q.from && q.to && q.from <= q.to), "A custom range needs a start on or before its end.")
  .refine((q) => q.range !== "custom" || !q.from || !q.to || dayCount(q.from, q.to) <= MAX_RANGE_DAYS, `A range is at most ${MAX_RANGE_DAYS} days.`);

export type RangeQuery = z.infer<typeof rangeQuerySchema>;

/** Inclusive Vancouver days. */
export type DayRange = { from: string; to: string };

export type Figures = { visitors: number; visits: number; pageviews: number; bounces: number };
export type Row = Figures & { value: string };
export type FunnelRow = { source: string; visits: number; inquiries: number; booked: number; quoted: number; accepted: number; revenueCents: number };

/** Visit dimensions: a visit's value is its entry page view's. 'page' counts every page view instead. */
export const TOP_LISTS = ["page", "entry", "referrer", "campaign", "demo", "source"] as const;
export type TopList = (typeof TOP_LISTS)[number];

/** A visit's source, in this order: its UTM source, the demo banner that sent it, the referring host (as the roll-up job counts it). */
export const DIRECT = "direct";
type EntryRow = { path: string; referrer_host: string | null; utm_source: string | null; utm_campaign: string | null; demo_ref: string | null };
const VISIT_LISTS = ["entry", "referrer", "campaign", "demo", "source"] as const;
const visitValueOf: Record<(typeof VISIT_LISTS)[number], (e: EntryRow) => string | null> = {
  entry: (e) => e.path,
  referrer: (e) => e.referrer_host,
  campaign: (e) => e.utm_campaign,
  demo: (e) => e.demo_ref,
  source: (e) => e.utm_source ?? e.demo_ref ?? e.referrer_host ?? DIRECT,
};

/** A raw day's figures, each counted on first use. */
type RawDay = { totals(): Figures; list(list: TopList): Row[]; hours(): { bucket: string; visitors: number; pageviews: number }[] };
/** Reads a raw day once per page load. */
type RawDays = (day: string) => Promise<RawDay>;

/** The calendar day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addCalendarDays(isoDate: string, days: number) {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const dayCount = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
const num = (v: unknown) => Number(v ?? 0);
const emptyFigures = (): Figures => ({ visitors: 0, visits: 0, pageviews: 0, bounces: 0 });

/** The chosen range and the one of equal length just before it. A custom end after today stops at today. */
export function resolveRange(query: RangeQuery, now: Date): { current: DayRange; previous: DayRange } {
  const today = siteDay(now);
  let current: DayRange;
  if (query.range === "custom" && query.from && query.to) current = { from: query.from < today ? query.from : today, to: query.to < today ? query.to : today };
  else current = { from: addCalendarDays(today, query.range === "today" ? 0 : query.range === "30d" ? -29 : -6), to: today };
  const days = dayCount(current.from, current.to);
  return { current, previous: { from: addCalendarDays(current.from, -days), to: addCalendarDays(current.from, -1) } };
}

export function createAnalyticsDashboard({ database, now = Date.now }: { database: AppDatabase; now?: () => number }) {
  const { db } = database;

  /** The first day of the range read from raw events: after the range's leading rolled-up days, and never before today. */
  async function split(range: DayRange): Promise<{ rolledTo: string | null; rawFrom: string | null }> {
    const today = siteDay(new Date(now()));
    const rolled = await db
      .selectFrom("analytics_rollups")
      .select("bucket")
      .where("period", "=", "day")
      .where("dimension", "=", "total")
      .where("bucket", ">=", range.from)
      .where("bucket", "<=", range.to < today ? range.to : addCalendarDays(today, -1))
      .orderBy("bucket")
      .execute();
    let day = range.from;
    for (const { bucket } of rolled) {
      if (bucket !== day) break;
      day = addCalendarDays(day, 1);
    }
    return { rolledTo: day > range.from ? addCalendarDays(day, -1) : null, rawFrom: day <= range.to ? day : null };
  }

  const span = (from: string, to: string) => ({ start: new Date(siteDayStart(from)).toISOString(), end: new Date(siteDayStart(addCalendarDays(to, 1))).toISOString() });

  async function rolledRows(dimension: string, from: string, to: string): Promise<Row[]> {
    const rows = await db
      .selectFrom("analytics_rollups")
      .select((eb) => ["value", eb.fn.sum<string>("visitors").as("visitors"), eb.fn.sum<string>("visits").as("visits"), eb.fn.sum<string>("pageviews").as("pageviews"), eb.fn.sum<string>("bounces").as("bounces")])
      .where("period", "=", "day")
      .where("dimension", "=", dimension)
      .where("bucket", ">=", from)
      .where("bucket", "<=", to)
      .groupBy("value")
      .execute();
    return rows.map((r) => ({ value: r.value, visitors: num(r.visitors), visits: num(r.visits), pageviews: num(r.pageviews), bounces: num(r.bounces) }));
  }

  /**
   * One Vancouver day's raw page views, read once (index-only) and counted in memory with hash
   * maps instead of a sorting query per figure: its totals, every list and its hours. A day at
   * 10 million events in 90 days is about 110,000 rows. Each page load reads a day once (`RawDays`).
   */
  async function rawDay(day: string): Promise<RawDay> {
    const { start, end } = span(day, day);
    const rows = await db
      .selectFrom("analytics_events")
      .select(["visit", "visitor", "entry", "path", "created_at", "referrer_host", "utm_source", "utm_campaign", "demo_ref"])
      .where("name", "=", "pageview")
      .where("created_at", ">=", start)
      .where("created_at", "<", end)
      .execute();
    // Each figure is counted when first asked for: the totals need only the visits.
    const once = <T>(count: () => T) => {
      let value: T | undefined;
      return () => (value ??= count());
    };
    const visits = once(() => {
      const byVisit = new Map<string, { visitor: string; n: number; entry?: EntryRow }>();
      for (const r of rows) {
        const visit = byVisit.get(r.visit) ?? byVisit.set(r.visit, { visitor: r.visitor, n: 0 }).get(r.visit)!;
        visit.n++;
        if (Number(r.entry) === 1) visit.entry = r;
      }
      return [...byVisit.values()];
    });
    const totals = once((): Figures => {
      const visitors = new Set<string>();
      let bounces = 0;
      for (const v of visits()) {
        visitors.add(v.visitor);
        if (v.n === 1) bounces++;
      }
      return { visitors: visitors.size, visits: visits().length, pageviews: rows.length, bounces };
    });
    const pages = once((): Row[] => {
      const byPath = new Map<string, { visitors: Set<string>; visits: Set<string>; pageviews: number }>();
      for (const r of rows) {
        const page = byPath.get(r.path) ?? byPath.set(r.path, { visitors: new Set(), visits: new Set(), pageviews: 0 }).get(r.path)!;
        page.visitors.add(r.visitor);
        page.visits.add(r.visit);
        page.pageviews++;
      }
      return [...byPath].map(([value, p]) => ({ value, visitors: p.visitors.size, visits: p.visits.size, pageviews: p.pageviews, bounces: 0 }));
    });
    const visitLists = new Map<TopList, () => Row[]>(
      VISIT_LISTS.map((list) => [
        list,
        once(() => {
          const tally = new Map<string, { visitors: Set<string>; visits: number; pageviews: number; bounces: number }>();
          for (const v of visits()) {
            // A visit that began the day before has its entry (and its source) there.
            const value = v.entry && visitValueOf[list](v.entry);
            if (!value) continue;
            const t = tally.get(value) ?? tally.set(value, { visitors: new Set(), visits: 0, pageviews: 0, bounces: 0 }).get(value)!;
            t.visitors.add(v.visitor);
            t.visits++;
            t.pageviews += v.n;
            if (v.n === 1) t.bounces++;
          }
          return [...tally].map(([value, t]) => ({ value, visitors: t.visitors.size, visits: t.visits, pageviews: t.pageviews, bounces: t.bounces }));
        }),
      ]),
    );
    const hours = once(() => {
      const byHour = new Map<string, { visitors: Set<string>; pageviews: number }>();
      for (const r of rows) {
        const key = r.created_at.slice(0, 13);
        const hour = byHour.get(key) ?? byHour.set(key, { visitors: new Set(), pageviews: 0 }).get(key)!;
        hour.visitors.add(r.visitor);
        hour.pageviews++;
      }
      return [...byHour].map(([bucket, h]) => ({ bucket, visitors: h.visitors.size, pageviews: h.pageviews }));
    });
    return { totals, list: (list) => (list === "page" ? pages() : visitLists.get(list)!()), hours };
  }

  /** Raw days read for one page load: each read once however many figures need it. */
  const rawDays = (): RawDays => {
    const read = new Map<string, Promise<RawDay>>();
    return (day) => read.get(day) ?? read.set(day, rawDay(day)).get(day)!;
  };
  const rawDaysOf = async (from: string | null, to: string, raw: RawDays) => {
    const days: string[] = [];
    for (let d = from; d && d <= to; d = addCalendarDays(d, 1)) days.push(d);
    return Promise.all(days.map(raw));
  };

  /** A range's totals: roll-ups for its rolled-up days, raw events for the rest. */
  async function totals(range: DayRange, raw = rawDays()): Promise<Figures> {
    const { rolledTo, rawFrom } = await split(range);
    const sum = emptyFigures();
    const parts = await Promise.all([
      rolledTo ? rolledRows("total", range.from, rolledTo) : Promise.resolve([]),
      rawDaysOf(rawFrom, range.to, raw).then((days) => days.map((d) => ({ ...d.totals(), value: "" }))),
    ]);
    for (const row of parts.flat()) for (const k of ["visitors", "visits", "pageviews", "bounces"] as const) sum[k] += row[k];
    return sum;
  }

  /** One list over a range, most visitors first (then the value, so the order is stable). `limit` 0: every row. */
  async function top(list: TopList, range: DayRange, limit = 10, raw = rawDays()): Promise<Row[]> {
    const { rolledTo, rawFrom } = await split(range);
    const parts = await Promise.all([
      rolledTo ? rolledRows(list, range.from, rolledTo) : Promise.resolve([]),
      rawDaysOf(rawFrom, range.to, raw).then((days) => days.flatMap((d) => d.list(list))),
    ]);
    const merged = new Map<string, Row>();
    for (const row of parts.flat()) {
      const seen = merged.get(row.value);
      if (!seen) merged.set(row.value, { ...row });
      else for (const k of ["visitors", "visits", "pageviews", "bounces"] as const) seen[k] += row[k];
    }
    const sorted = [...merged.values()].sort((a, b) => b.visitors - a.visitors || b.pageviews - a.pageviews || (a.value < b.value ? -1 : 1));
    return limit > 0 ? sorted.slice(0, limit) : sorted;
  }

  /**
   * Visitors and page views per bucket: per hour (UTC hour starts, from the hourly roll-ups or raw
   * events) for a one-day range, else per Vancouver day.
   */
  async function series(range: DayRange, raw = rawDays()): Promise<{ bucket: string; visitors: number; pageviews: number }[]> {
    const { rolledTo, rawFrom } = await split(range);
    const points = new Map<string, { visitors: number; pageviews: number }>();
    const hourly = range.from === range.to;
    if (hourly) {
      const { start, end } = span(range.from, range.to);
      for (let t = Date.parse(start); t < Date.parse(end); t += 3_600_000) points.set(new Date(t).toISOString().slice(0, 13), { visitors: 0, pageviews: 0 });
      const rows = rolledTo
        ? await db
            .selectFrom("analytics_rollups")
            .select(["bucket", "visitors", "pageviews"])
            .where("period", "=", "hour")
            .where("dimension", "=", "total")
            // Bucket texts start YYYY-MM-DDTHH whatever their seconds' form.
            .where("bucket", ">=", start.slice(0, 13))
            .where("bucket", "<", end.slice(0, 13))
            .execute()
        : (await raw(range.from)).hours();
      for (const r of rows) points.set(r.bucket.slice(0, 13), { visitors: num(r.visitors), pageviews: num(r.pageviews) });
    } else {
      for (let d = range.from; d <= range.to; d = addCalendarDays(d, 1)) points.set(d, { visitors: 0, pageviews: 0 });
      if (rolledTo) {
        const rows = await db
          .selectFrom("analytics_rollups")
          .select(["bucket", "visitors", "pageviews"])
          .where("period", "=", "day")
          .where("dimension", "=", "total")
          .where("bucket", ">=", range.from)
          .where("bucket", "<=", rolledTo)
          .execute();
        for (const r of rows) points.set(r.bucket, { visitors: num(r.visitors), pageviews: num(r.pageviews) });
      }
      // Days not rolled up: usually today alone.
      for (const [i, day] of (await rawDaysOf(rawFrom, range.to, raw)).entries()) points.set(addCalendarDays(rawFrom!, i), day.totals());
    }
    return [...points].map(([bucket, p]) => ({ bucket, visitors: p.visitors, pageviews: p.pageviews }));
  }

  /**
   * Leads that arrived in the range, by source, and what has become of them since: a call
   * booked, a quote sent, accepted, and the CAD paid on their quotes (from `payments`; money
   * kept only to be refunded is not revenue). A lead's source is its own record's UTM source
   * or ref, else the referrer of the visit its inquiry goal was in; visits are the range's.
   */
  async function funnel(range: DayRange, raw = rawDays()): Promise<FunnelRow[]> {
    const { start, end } = span(range.from, range.to);
    const [visits, { rows }] = await Promise.all([
      top("source", range, 0, raw),
      // Joins to grouped tables, not a subquery per lead: one pass over each table, hashed.
      sql<{ source: string; inquiries: unknown; booked: unknown; quoted: unknown; accepted: unknown; revenue: unknown }>`
        select coalesce(i.utm_source, i.ref, g.referrer_host, ${sql.lit(DIRECT)}) as source, count(*) as inquiries,
          coalesce(sum(b.booked), 0) as booked, coalesce(sum(q.quoted), 0) as quoted, coalesce(sum(q.accepted), 0) as accepted, coalesce(sum(p.revenue), 0) as revenue
        from inquiries i
        left join (select lead_id, max(referrer_host) as referrer_host from analytics_events where lead_id is not null and name = 'inquiry' group by lead_id) g on g.lead_id = i.id
        left join (select inquiry_id, 1 as booked from bookings where status <> 'cancelled' group by inquiry_id) b on b.inquiry_id = i.id
        left join (
          select inquiry_id, max(case when sent_at is not null then 1 else 0 end) as quoted, max(case when accepted_at is not null then 1 else 0 end) as accepted
          from quotes group by inquiry_id
        ) q on q.inquiry_id = i.id
        left join (
          select inquiry_id, sum(amount_cents) as revenue from payments
          where inquiry_id is not null and status = 'paid' and refund_status is null and lower(currency) = 'cad' group by inquiry_id
        ) p on p.inquiry_id = i.id
        where i.created_at >= ${start} and i.created_at < ${end} and i.quarantine_reason is null
        group by 1`.execute(db),
    ]);
    const bySource = new Map<string, FunnelRow>();
    const row = (source: string) => bySource.get(source) ?? bySource.set(source, { source, visits: 0, inquiries: 0, booked: 0, quoted: 0, accepted: 0, revenueCents: 0 }).get(source)!;
    for (const v of visits) row(v.value).visits = v.visits;
    for (const r of rows) Object.assign(row(r.source), { inquiries: num(r.inquiries), booked: num(r.booked), quoted: num(r.quoted), accepted: num(r.accepted), revenueCents: num(r.revenue) });
    return [...bySource.values()].sort((a, b) => b.revenueCents - a.revenueCents || b.inquiries - a.inquiries || b.visits - a.visits || (a.source < b.source ? -1 : 1));
  }

  return {
    parseQuery(params: URLSearchParams) {
      const parsed = rangeQuerySchema.safeParse(Object.fromEntries(params));
      return parsed.success ? { query: parsed.data, error: undefined } : { query: rangeQuerySchema.parse({}), error: parsed.error.issues[0]?.message ?? "The range was not understood." };
    },

    /** Everything the page shows for a range. */
    async overview(query: RangeQuery) {
      const { current, previous } = resolveRange(query, new Date(now()));
      const raw = rawDays();
      const [now_, before, chart, funnelRows, ...lists] = await Promise.all([
        totals(current, raw),
        totals(previous, raw),
        series(current, raw),
        funnel(current, raw),
        ...TOP_LISTS.map((l) => top(l, current, 10, raw)),
      ]);
      return {
        range: current,
        previous,
        totals: now_,
        previousTotals: before,
        series: chart,
        top: Object.fromEntries(TOP_LISTS.map((l, i) => [l, lists[i]!])) as Record<TopList, Row[]>,
        funnel: funnelRows,
      };
    },

    totals,
    top,
    series,
    funnel,
    /** A reader to share between calls that should read each raw day once. */
    rawDays,
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
