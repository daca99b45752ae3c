import { z } from "zod";

import { siteDay } from "~/lib/site-time";

import type { AppDatabase } from "../db/database.server";
import {
  addCalendarDays,
  dashboardContext,
  dayCount,
  listOf,
  reader,
  tally,
  TOP_LISTS,
  totalsOf,
  type DashboardContext,
  type DayRange,
  type Figures,
  type Row,
  type Tally,
  type TopList,
} from "./dashboard-context.server";
import { series, top, totals } from "./dashboard-figures.server";
import { funnel } from "./dashboard-funnel.server";
import { hasFilters, parseFilters, type Filters } from "./filters.server";
import { RAW_RETENTION_DAYS } from "./rollup.server";

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

/** A list's rows the page shows: the first ten, or (its "Show all" link) up to this many. */
export const TOP_ROWS = 10;
export const ALL_ROWS = 500;

export const rangeQuerySchema = z
  .object({
    range: optional(z.enum(["today", "7d", "30d", "custom"])).default("7d"),
    from: optional(isoDay),
    to: optional(isoDay),
    /** The list shown whole. */
    all: optional(z.enum(TOP_LISTS)),
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

export {
  addCalendarDays,
  DIRECT,
  TOP_LISTS,
  type DayRange,
  type Figures,
  type FunnelRow,
  type Row,
  type TopList,
} from "./dashboard-context.server";

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

/** The analytics page's figures for a range; each is read by a function of its own (dashboard-figures, dashboard-funnel). */
export function createAnalyticsDashboard(deps: { database: AppDatabase; now?: () => number }) {
  const ctx = dashboardContext(deps);
  return {
    /** The range (the default one, and why, when it is not understood) and the filters (those understood, and why not the others). */
    parseQuery(params: URLSearchParams) {
      const parsed = rangeQuerySchema.safeParse(Object.fromEntries(params));
      const { filters, errors: filterErrors } = parseFilters(params);
      return parsed.success
        ? { query: parsed.data, error: undefined, filters, filterErrors }
        : {
            query: rangeQuerySchema.parse({}),
            error: parsed.error.issues[0]?.message ?? "The range was not understood.",
            filters,
            filterErrors,
          };
    },
    overview: overview.bind(null, ctx),
    totals: totals.bind(null, ctx),
    top: top.bind(null, ctx),
    series: series.bind(null, ctx),
    funnel: funnel.bind(null, ctx),
    /** A reader to share between calls that should read each raw tail once; with filters, every call through it counts only the matching visits. */
    reader: (filters?: Filters) => reader(ctx, filters),
    resolve: (query: RangeQuery) => resolveRange(query, new Date(ctx.now())),
  };
}

/** Each list's first rows (every row up to ALL_ROWS of the one shown whole) and how many rows it has. */
function topOf(all: Tally, whole: TopList | undefined) {
  const lists = TOP_LISTS.map((l) => [l, listOf(all, l, 0)] as const);
  return {
    top: Object.fromEntries(
      lists.map(([l, rows]) => [l, rows.slice(0, l === whole ? ALL_ROWS : TOP_ROWS)]),
    ) as Record<TopList, Row[]>,
    rowCounts: Object.fromEntries(lists.map(([l, rows]) => [l, rows.length])) as Record<TopList, number>,
  };
}

/** Everything the page shows for a range, of the visits that match the filters. */
async function overview(ctx: DashboardContext, query: RangeQuery, filters: Filters = {}) {
  const { current, previous } = resolveRange(query, new Date(ctx.now()));
  const read = reader(ctx, filters);
  // One query sums the range's totals and every list; the funnel takes its sources from it.
  const figures = tally(ctx, current, ["total", ...TOP_LISTS], read);
  const [all, before, chart, funnelRows] = await Promise.all([
    figures,
    totals(ctx, previous, read),
    series(ctx, current, read),
    funnel(
      ctx,
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
    ...topOf(all, query.all),
    funnel: funnelRows,
    rawSince: rawSince(ctx, previous, filters),
  };
}

/**
 * Filtered figures are counted from raw events, kept RAW_RETENTION_DAYS: the first day they
 * cover whole when the ranges shown (the previous one starts first) begin before it, else null.
 */
function rawSince(ctx: DashboardContext, previous: DayRange, filters: Filters) {
  const first = addCalendarDays(siteDay(new Date(ctx.now())), 1 - RAW_RETENTION_DAYS);
  return hasFilters(filters) && previous.from < first ? first : null;
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
