/**
 * `npm run analytics:timing -- [--events N] [--runs R]`: seeds N page views (default
 * 1,000,000; the budget is stated for 10,000,000) over 90 days with their roll-ups
 * (scripts/analytics-seed.ts) into a fresh SQLite file, and into PostgreSQL when
 * TEST_DATABASE_URL is set (the npm script starts a throwaway cluster), then times each of
 * the dashboard's queries for each range. Writes reports/analytics.md; exits non-zero when
 * a query's median is over 200 ms.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";

import {
  addCalendarDays,
  createAnalyticsDashboard,
  TOP_LISTS,
  type RangeQuery,
} from "../server/analytics/dashboard.server";
import { createRollups } from "../server/analytics/rollup.server";
import { migrateToLatest, openDatabase, type AppDatabase } from "../server/db/database.server";
import { engineName } from "../server/db/dialect";
import { intArg, seedAnalytics } from "./analytics-seed";

const BUDGET_MS = 200;
const REPORT = "reports/analytics.md";

async function timeEngine(database: AppDatabase, events: number, days: number, runs: number, now: number) {
  const seeded = performance.now();
  await seedAnalytics(database, { events, days, now, log: (line) => console.error(line) });
  const seedMs = performance.now() - seeded;
  const { count } = await database.db
    .selectFrom("analytics_events")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .executeTakeFirstOrThrow();
  const engine =
    engineName(database) === "postgres"
      ? `PostgreSQL ${(await sql<{ v: string }>`select current_setting('server_version') as v`.execute(database.db)).rows[0]!.v}`
      : "SQLite (WAL)";
  const dashboard = createAnalyticsDashboard({ database, now: () => now });
  const lines = [
    `### ${engine}: ${Number(count).toLocaleString("en-CA")} events, seeded with roll-ups in ${(seedMs / 1000).toFixed(0)} s`,
    "",
    "| Range | Query | Median (ms) | Max (ms) |",
    "|---|---|---|---|",
  ];
  const today = dashboard.resolve({ range: "today" }).current.to;
  const ranges: [string, RangeQuery][] = [
    ["today (roll-up + raw tail)", { range: "today" }],
    ["7 days", { range: "7d" }],
    ["30 days", { range: "30d" }],
    ["90 days (custom)", { range: "custom", from: addCalendarDays(today, -89), to: today }],
  ];
  let worst = 0;
  // The filters a click on a row adds (decision 0059): the busiest source, and a device.
  const [busiest] = await dashboard.top("source", dashboard.resolve({ range: "30d" }).current, 1);
  const source = busiest?.value ?? "direct";
  for (const [label, query] of ranges) {
    const range = dashboard.resolve(query).current;
    const queries: [string, () => Promise<unknown>][] = [
      ["totals", () => dashboard.totals(range)],
      ["chart", () => dashboard.series(range)],
      ...TOP_LISTS.map((l): [string, () => Promise<unknown>] => [`top ${l}`, () => dashboard.top(l, range)]),
      ["funnel by source", () => dashboard.funnel(range)],
      [
        "whole page (all of the above, and the previous range's totals, in parallel)",
        () => dashboard.overview(query),
      ],
      [`whole page, filtered by source (${source}: raw events)`, () => dashboard.overview(query, { source })],
      [
        `whole page, filtered by source and device (${source}, mobile)`,
        () => dashboard.overview(query, { source, device: "mobile" }),
      ],
    ];
    for (const [name, run] of queries) {
      const times: number[] = [];
      for (let i = 0; i < runs + 1; i++) {
        const t = performance.now();
        await run();
        if (i > 0) times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)]!;
      if (!name.startsWith("whole page")) worst = Math.max(worst, median);
      lines.push(`| ${label} | ${name} | ${median.toFixed(1)} | ${times.at(-1)!.toFixed(1)} |`);
    }
  }
  // What the job costs each minute at this size: a pass a minute after the seed's last one (after the timings: it empties the tail).
  const job = performance.now();
  await createRollups({ database, now: () => now }).run();
  const jobMs = performance.now() - job;
  lines.push(
    "",
    `The roll-up job's pass a minute after its last (it rewrites the current hour and today from raw events, under its lease, once a minute): ${jobMs.toFixed(0)} ms.`,
  );
  return { lines, worst };
}

async function main() {
  const events = intArg("events", 1_000_000);
  const runs = intArg("runs", 5);
  // Fewer days for the same events: today's raw share of a larger history, on a smaller seed.
  const days = intArg("days", 90);
  // Noon in Vancouver: today already holds half a day of raw events.
  const now = Date.parse("2026-11-25T19:00:00.000Z");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "analytics-timing-"));
  const sections: string[] = [];
  let worst = 0;
  try {
    const engines: (() => AppDatabase)[] = [
      () => openDatabase({ kind: "sqlite", path: path.join(dir, "timing.db") }),
    ];
    if (process.env.TEST_DATABASE_URL)
      engines.push(() =>
        openDatabase({ kind: "postgres", url: process.env.TEST_DATABASE_URL!, poolSize: 10 }),
      );
    for (const open of engines) {
      const database = open();
      try {
        await migrateToLatest(database);
        const result = await timeEngine(database, events, days, runs, now);
        sections.push(result.lines.join("\n"));
        worst = Math.max(worst, result.worst);
        console.error(result.lines.join("\n"));
      } finally {
        await database.close();
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const report = [
    "# Analytics dashboard: query times",
    "",
    `\`npm run analytics:timing -- --events ${events} --days ${days}\` (scripts/analytics-timing.ts), ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(
        " / ",
      )} (1 / 5 / 15 min) at the end, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.`,
    `Events spread over ${days} days, about 2.5 page views per visit; rolled up by the roll-up job a minute before the timing (every hour and day, today's so far); today read from its roll-up plus the raw events after its mark. Median and max of ${runs} runs after one warm-up. Budget: ${BUDGET_MS} ms per query.`,
    "",
    ...sections.flatMap((s) => [s, ""]),
  ].join("\n");
  fs.mkdirSync("reports", { recursive: true });
  fs.writeFileSync(REPORT, report);
  console.log(`${REPORT} written; slowest query median ${worst.toFixed(1)} ms`);
  if (worst > BUDGET_MS) process.exitCode = 1;
}

await main();
