import { Hono } from "hono";

import { funnelColumns, topTables, visitorsColumns, type Column } from "~/studio/analytics-tables";

import { EXPORT_LIMIT } from "../leads/lead-context.server";
import { csvResponse, toCsv } from "../studio/csv.server";
import type { StudioEnv } from "../studio/guard.server";
import { rangeQuerySchema, TOP_LISTS, type AnalyticsDashboard, type TopList } from "./dashboard.server";
import { parseFilters } from "./filters.server";

/**
 * Each table of the analytics page as CSV (`/api/studio/analytics/<table>.csv?range=...`), for
 * the page's range and filters; cells are made formula-safe (a referrer or campaign is a visitor's text).
 */
export function analyticsDownloads(analytics: AnalyticsDashboard) {
  const downloads = new Hono<StudioEnv>();
  downloads.get("/:file", async (c) => {
    const table = /^([a-z]+)\.csv$/.exec(c.req.param("file"))?.[1];
    const query = rangeQuerySchema.safeParse(c.req.query());
    if (!table || !(table === "visitors" || table === "funnel" || TOP_LISTS.includes(table as TopList)))
      return c.json({ success: false, error: "No such table." }, 404);
    if (!query.success)
      return c.json({ success: false, error: query.error.issues[0]?.message ?? "Invalid range." }, 400);
    const { filters, errors } = parseFilters(new URL(c.req.url).searchParams);
    if (errors.length > 0) return c.json({ success: false, error: errors[0] }, 400);
    const read = analytics.reader(filters);
    const { current } = analytics.resolve(query.data);
    const filename = `analytics-${table}-${current.from}-to-${current.to}.csv`;
    const csv = <R>(columns: Column<R>[], rows: R[]) => csvResponse(toCsv(columns, rows), filename);
    if (table === "visitors") return csv(visitorsColumns, await analytics.series(current, read));
    if (table === "funnel") return csv(funnelColumns, await analytics.funnel(current, read));
    return csv(
      topTables[table as TopList].columns,
      await analytics.top(table as TopList, current, EXPORT_LIMIT, read),
    );
  });
  return downloads;
}
