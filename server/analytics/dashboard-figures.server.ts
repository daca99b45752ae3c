import {
  daysOf,
  hoursOf,
  listOf,
  marksOf,
  num,
  reader,
  tally,
  totalsOf,
  type DashboardContext,
  type DayRange,
  type Figures,
  type Row,
  type TopList,
} from "./dashboard-context.server";

/** A range's totals. */
export async function totals(ctx: DashboardContext, range: DayRange, read = reader(ctx)): Promise<Figures> {
  return totalsOf(await tally(ctx, range, ["total"], read));
}

/** One list over a range, most visitors first (then the value, so the order is stable). `limit` 0: every row. */
export async function top(
  ctx: DashboardContext,
  list: TopList,
  range: DayRange,
  limit = 10,
  read = reader(ctx),
): Promise<Row[]> {
  return listOf(await tally(ctx, range, [list], read), list, limit);
}

/**
 * Visitors and page views per bucket: per hour (UTC hour starts, from the hourly roll-ups
 * and their tails) for a one-day range, else per Vancouver day.
 */
export async function series(
  ctx: DashboardContext,
  range: DayRange,
  read = reader(ctx),
): Promise<{ bucket: string; visitors: number; pageviews: number }[]> {
  const { db } = ctx;
  const hourly = range.from === range.to;
  const buckets = hourly ? hoursOf(range.from) : daysOf(range);
  const period = hourly ? "hour" : "day";
  const [first, last] = [buckets[0]!.bucket, buckets.at(-1)!.bucket];
  // Hour buckets are ISO instants: the chart names them by their first 13 characters.
  const label = (bucket: string) => (hourly ? bucket.slice(0, 13) : bucket);
  const points = new Map(buckets.map((b) => [label(b.bucket), { visitors: 0, pageviews: 0 }]));
  const add = (bucket: string, r: { visitors: unknown; pageviews: unknown }) => {
    const p = points.get(label(bucket));
    if (!p) return;
    p.visitors += num(r.visitors);
    p.pageviews += num(r.pageviews);
  };
  const result = () => [...points].map(([bucket, p]) => ({ bucket, ...p }));
  if (read.filtered) {
    const counted = await Promise.all(buckets.map(read.filteredOf));
    counted.forEach(({ rows }, i) =>
      rows.filter((r) => r.dimension === "total").forEach((r) => add(buckets[i]!.bucket, r)),
    );
    return result();
  }
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
    marksOf(ctx, period, first, last).then((marks) => read.tailsOf(buckets, marks)),
  ]);
  for (const r of rolled) add(r.bucket, r);
  tails.forEach((rows, i) =>
    rows.filter((r) => r.dimension === "total").forEach((r) => add(buckets[i]!.bucket, r)),
  );
  return result();
}
