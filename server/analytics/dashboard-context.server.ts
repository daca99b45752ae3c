import type { AppDatabase } from "../db/database.server";
import { candidateVisits, hasFilters, matchingEvents, type Filters } from "./filters.server";
import {
  aggregate,
  createEventReader,
  dayBucket,
  hourBucket,
  type Bucket,
  type RollupRow,
} from "./rollup.server";
import { siteOf } from "./source";

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

/**
 * The lists: 'page' counts every page view; the others count visits under their entry page view's
 * values ('device': the class stored with each event, the only thing kept of a visitor's browser).
 */
export const TOP_LISTS = ["page", "entry", "referrer", "campaign", "demo", "source", "device"] as const;
export type TopList = (typeof TOP_LISTS)[number];

/** A visit's source, in this order: its UTM source, the demo banner that sent it, the referring host. */
export const DIRECT = "direct";
export const FIGURES = ["visitors", "visits", "pageviews", "bounces"] as const;

/** Figures per dimension, then per value. */
export type Tally = Map<string, Map<string, Figures>>;

/** The calendar day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addCalendarDays(isoDate: string, days: number) {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
export const num = (v: unknown) => Number(v ?? 0);
export const emptyFigures = (): Figures => ({ visitors: 0, visits: 0, pageviews: 0, bounces: 0 });

/** What the dashboard's figures are read with: the database, the clock and the raw events' reader. */
export function dashboardContext({
  database,
  now = Date.now,
}: {
  database: AppDatabase;
  now?: () => number;
}) {
  const { db } = database;
  return { db, now, events: createEventReader(db) };
}

export type DashboardContext = ReturnType<typeof dashboardContext>;

/** A bucket's figures counted from its raw events, of the visits the filters keep, and the leads their inquiries sent. */
export type FilteredBucket = { rows: RollupRow[]; leads: string[] };

/**
 * What one page load reads once, however many figures need it: each bucket's raw tail, and
 * the first stored event (no bucket before it has a tail to read). With filters, every figure is
 * counted from raw events instead (the roll-ups hold one list at a time, not visits): each
 * bucket's events up to now, those of the matching visits aggregated as the roll-up job does.
 */
export function reader(ctx: DashboardContext, filters: Filters = {}) {
  const { db, now, events } = ctx;
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
  const filtered = new Map<string, Promise<FilteredBucket>>();
  /** A bucket's figures under the filters, read once per page load. */
  function filteredOf(b: Bucket): Promise<FilteredBucket> {
    const key = `${b.period}/${b.bucket}`;
    const to = Math.min(at, b.end);
    const read = async () => {
      if (b.start >= to || to <= (await firstEvent())) return { rows: [], leads: [] };
      const only = candidateVisits(filters, b.start, to);
      const { events: all, entries } = await events.events(b, b.start, to, only);
      const kept = matchingEvents(all, entries, filters);
      const leads = kept.flatMap((e) => (e.name === "inquiry" && e.lead_id ? [e.lead_id] : []));
      return { rows: aggregate(kept, entries), leads };
    };
    return filtered.get(key) ?? filtered.set(key, read()).get(key)!;
  }
  return { tailsOf, filters, filtered: hasFilters(filters), filteredOf };
}
export type Reader = ReturnType<typeof reader>;

export const daysOf = (range: DayRange) => {
  const days: Bucket[] = [];
  for (let d = range.from; d <= range.to; d = addCalendarDays(d, 1)) days.push(dayBucket(d));
  return days;
};
export const hoursOf = (day: string) => {
  const { start, end } = dayBucket(day);
  const hours: Bucket[] = [];
  for (let t = start; t < end; t += 3_600_000) hours.push(hourBucket(t));
  return hours;
};

export async function marksOf(ctx: DashboardContext, period: "hour" | "day", from: string, to: string) {
  const rows = await ctx.db
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
 * (a roll-up without a mark is not trusted: its day is read raw), plus each day's tail; under
 * filters, each day's raw events of the matching visits.
 */
export async function tally(
  ctx: DashboardContext,
  range: DayRange,
  dimensions: readonly string[],
  read: Reader,
): Promise<Tally> {
  const { db } = ctx;
  const out: Tally = new Map(dimensions.map((d) => [d, new Map()]));
  const add = (r: { dimension: string; value: string } & Record<(typeof FIGURES)[number], unknown>) => {
    const values = out.get(r.dimension);
    if (!values) return;
    const f = values.get(r.value) ?? values.set(r.value, emptyFigures()).get(r.value)!;
    for (const k of FIGURES) f[k] += num(r[k]);
  };
  if (read.filtered) {
    for (const day of await Promise.all(daysOf(range).map(read.filteredOf))) day.rows.forEach(add);
    return out;
  }
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
    marksOf(ctx, "day", range.from, range.to).then((marks) => read.tailsOf(daysOf(range), marks)),
  ]);
  rolled.forEach(add);
  tails.flat().forEach(add);
  return out;
}

export const totalsOf = (t: Tally): Figures => t.get("total")?.get("") ?? emptyFigures();
/** Sources and referrers by site (google, google.com, www.google.ca → Google): their figures summed. */
function merged(list: TopList, entries: [string, Figures][]): [string, Figures][] {
  if (list !== "source" && list !== "referrer") return entries;
  const bySite = new Map<string, Figures>();
  for (const [value, f] of entries) {
    const site = siteOf(value);
    const sum = bySite.get(site) ?? emptyFigures();
    for (const k of FIGURES) sum[k] += f[k];
    bySite.set(site, sum);
  }
  return [...bySite];
}

export const listOf = (t: Tally, list: TopList, limit: number): Row[] => {
  const rows = merged(list, [...(t.get(list) ?? [])])
    .map(([value, f]) => ({ value, ...f }))
    .filter((r) => r.visitors > 0 || r.visits > 0 || r.pageviews > 0);
  rows.sort((a, b) => b.visitors - a.visitors || b.pageviews - a.pageviews || (a.value < b.value ? -1 : 1));
  return limit > 0 ? rows.slice(0, limit) : rows;
};
