/**
 * The booking case of `npm run bench` (BENCH_CASES=booking): through the booking service on
 * the database itself (SQLite file, and PostgreSQL when DATABASE_URL is set, as under
 * `npm run bench`), 1,000 booking requests, 25 in flight at a time, each for a slot drawn at
 * random from the open slots, so most are contested; then the 14-day slot listing and the
 * /book page render (with the build) with those bookings in place. Reports requests per
 * second, how many booked, and checks that no slot was booked twice. The studio has two
 * calendar sources whose copies are fresh (issue 40): the listing and the page merge their
 * busy times from the cache, as between two reads of the calendars, never from the network.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import type { ServerBuild } from "react-router";

import { createApp } from "../../server/app.server";
import type { BusyTime } from "../../server/booking/availability.server";
import { sealCredentials } from "../../server/booking/calendar-secrets.server";
import { createCalendarSources } from "../../server/booking/calendar-sources.server";
import { createBookingService } from "../../server/booking/service.server";
import { loadConfig } from "../../server/config.server";
import { migrateToLatest, openDatabase, type DatabaseOptions } from "../../server/db/database.server";
import { createLogger } from "../../server/logger.server";
import { secretFor } from "../../server/secrets.server";

export type BookingBenchOptions = {
  requests?: number;
  concurrency?: number;
  pgUrl?: string;
  buildDir?: string;
  log?: (line: string) => void;
};

// Tuesday 2026-12-01 08:00 in Vancouver: the default hours give ~200 slots in 14 days.
const NOW = Date.parse("2026-12-01T15:00:00Z");

const DAY_MS = 24 * 60 * 60_000;

/**
 * Two calendar sources read at NOW (so fresh for the whole run): one busy every day 12:00-13:00
 * Vancouver (19:00Z), one with a 2-hour event every other day, over the 16 days a read covers.
 */
async function seedCalendarSources(database: ReturnType<typeof openDatabase>, key: Buffer) {
  const at = new Date(NOW).toISOString();
  const day0 = Date.parse("2026-12-01T19:00:00Z");
  const lunches: BusyTime[] = Array.from({ length: 16 }, (_, i) => [
    day0 + i * DAY_MS,
    day0 + i * DAY_MS + 3_600_000,
  ]);
  const errands: BusyTime[] = Array.from({ length: 8 }, (_, i) => [
    day0 - 2 * 3_600_000 + 2 * i * DAY_MS,
    day0 + 2 * i * DAY_MS,
  ]);
  for (const [label, busy] of [
    ["Work", lunches],
    ["Family", errands],
  ] as const) {
    const id = `bench-${label}`;
    await database.db
      .insertInto("calendar_sources")
      .values({
        id,
        kind: "ics",
        label,
        host: "calendar.example",
        sealed: sealCredentials(key, id, { url: `https://calendar.example/${label}.ics` }),
        busy: JSON.stringify(busy),
        fetched_at: at,
        last_attempt_at: at,
        failing_since: null,
        last_error: null,
        created_by: "bench@example.com",
        created_at: at,
      })
      .execute();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function onDatabase(
  label: string,
  options: DatabaseOptions,
  o: Required<Omit<BookingBenchOptions, "pgUrl" | "buildDir">> & { buildDir?: string },
) {
  const database = openDatabase(options);
  await migrateToLatest(database);
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", RATE_LIMIT_DISABLED: "true" });
  const logger = createLogger(config);
  const key = secretFor(config, "calendar-credentials");
  await seedCalendarSources(database, key);
  const calendar = createCalendarSources({ database, key, logger, now: () => NOW });
  const service = createBookingService({
    calendar,
    config,
    database,
    logger,
    manageSecret: "bench-secret-bench-secret-bench-secret",
    timeline: { record: async () => {} },
    now: () => NOW,
  });
  const open = await service.slots();
  let next = 0;
  const kinds: Record<string, number> = {};
  const started = performance.now();
  await Promise.all(
    Array.from({ length: o.concurrency }, async () => {
      for (let i = next++; i < o.requests; i = next++) {
        const slot = open[Math.floor(Math.random() * open.length)]!;
        const r = await service.book(
          {
            name: `Bench ${i}`,
            email: `bench${i}@example.com`,
            topic: "Bench",
            slot,
            tz: "Europe/London",
            elapsedMs: "5000",
          },
          { clientIp: "198.51.100.1" },
        );
        kinds[r.kind] = (kinds[r.kind] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const rows = await database.db
    .selectFrom("bookings")
    .select("starts_at")
    .where("status", "=", "booked")
    .execute();
  const twice = rows.length - new Set(rows.map((r) => r.starts_at)).size;

  const listing: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await service.slots();
    listing.push(performance.now() - t);
  }
  let pageMs: number | undefined;
  const entry = o.buildDir && path.join(o.buildDir, "server/index.js");
  if (entry && fs.existsSync(entry)) {
    const serverBuild = (await import(pathToFileURL(entry).href)) as ServerBuild;
    const app = createApp({
      config,
      database,
      logger,
      site: { clientDir: path.join(o.buildDir!, "client"), serverBuild },
      now: () => NOW,
    });
    const renders: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await (await app.request("/book?tz=Europe/London")).text();
      renders.push(performance.now() - t);
    }
    pageMs = median(renders);
  }
  await database.close();
  const line =
    `| ${label} | ${o.requests} requests over ${open.length} open slots, ${o.concurrency} in flight | ${(o.requests / seconds).toFixed(0)} req/s | ` +
    `${kinds.booked ?? 0} booked, ${kinds.slot ?? 0} refused (taken or day full), ${twice} slot(s) booked twice | ${median(listing).toFixed(2)} ms | ${pageMs === undefined ? "no build" : `${pageMs.toFixed(1)} ms`} |`;
  o.log(line);
  return { line, ok: twice === 0 && (kinds.booked ?? 0) > 0 };
}

/** Runs the case on SQLite (and PostgreSQL when `pgUrl`), and returns the report's table. */
export async function runBookingBench(options: BookingBenchOptions = {}) {
  const o = { requests: 1000, concurrency: 25, log: console.log, ...options };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-bench-booking-"));
  const results = [];
  try {
    results.push(await onDatabase("SQLite", { kind: "sqlite", path: path.join(tmp, "booking.db") }, o));
    if (o.pgUrl) {
      const schema = `bench_booking_${process.pid}`;
      const admin = async (statement: string) => {
        const c = new pg.Client({ connectionString: o.pgUrl });
        await c.connect();
        await c.query(statement);
        await c.end();
      };
      await admin(`create schema ${schema}`);
      try {
        results.push(await onDatabase("PostgreSQL", { kind: "postgres", url: o.pgUrl, schema }, o));
      } finally {
        await admin(`drop schema if exists ${schema} cascade`);
      }
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const text = [
    "| Database | Load | Booking throughput | Outcome | Slot listing, 14 days, 2 calendar sources cached (median of 50) | GET /book render (median of 20) |",
    "|---|---|---|---|---|---|",
    ...results.map((r) => r.line),
  ].join("\n");
  return { text, ok: results.every((r) => r.ok) };
}
