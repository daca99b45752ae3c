import { spawn } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

import { DEFAULT_BOOKING_SETTINGS } from "../../server/booking/availability.server";
import { createBookingService } from "../../server/booking/service.server";
import { migrateToLatest, openDatabase } from "../../server/db/database.server";
import { createLeadTimeline } from "../../server/leads/timeline.server";
import { createLogger } from "../../server/logger.server";
import { databaseEnv } from "../helpers/children";
import {
  createEmptyDatabase,
  openTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from "../helpers/databases";

/**
 * One booking per slot across processes (issue 31): 50 requests for one slot from three
 * server processes at once (tests/fixtures/book-slot.ts) give exactly one booking; the
 * partial unique index decides, whatever process asks. The buffer and the daily maximum are
 * no index's business: bookings are serialised (a PostgreSQL advisory lock, SQLite's one
 * write transaction) and re-checked inside, so racing neighbours cannot both get in.
 */
const fixture = path.resolve(import.meta.dirname, "../fixtures/book-slot.ts");
const NOW = String(Date.parse("2026-12-01T15:00:00Z"));
const SLOT = "2026-12-02T17:00:00Z";

function startBooker(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", fixture], {
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
  const ready = new Promise<void>((resolve) =>
    child.stdout.on("data", () => out.includes("ready\n") && resolve()),
  );
  const done = new Promise<string[]>((resolve, reject) =>
    child.once("exit", () => {
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (!line) reject(new Error(`booker printed no answer: ${out}`));
      else resolve((JSON.parse(line) as { kinds: string[] }).kinds);
    }),
  );
  return { child, ready, done };
}

describe(`one booking per slot across processes on ${testDatabaseKind}`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  it("50 requests for one slot from 3 processes at once give exactly one booking", async () => {
    const empty = await createEmptyDatabase();
    const database = openDatabase(empty.options);
    await migrateToLatest(database);
    cleanups.push(async () => {
      await database.close();
      await empty.dispose();
    });
    const counts = [17, 17, 16];
    const bookers = counts.map((count, who) =>
      startBooker({ ...databaseEnv(empty.options), NOW, SLOT, COUNT: String(count), WHO: String(who) }),
    );
    await Promise.all(bookers.map((b) => b.ready));
    for (const b of bookers) b.child.stdin.write("go\n");
    const kinds = (await Promise.all(bookers.map((b) => b.done))).flat();
    expect(kinds).toHaveLength(50);
    expect(kinds.filter((k) => k === "booked")).toHaveLength(1);
    expect(kinds.filter((k) => k === "slot")).toHaveLength(49);
    const rows = await database.db.selectFrom("bookings").select(["starts_at", "status"]).execute();
    expect(rows).toEqual([{ starts_at: SLOT, status: "booked" }]);
    expect(await database.db.selectFrom("leads").select("id").execute()).toHaveLength(1);
  });
});

describe(`the buffer and the daily maximum under racing bookings on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  afterEach(async () => {
    await database.dispose();
  });

  const raceWith = async (settings: { bufferMinutes: number; dailyMax: number }, slots: string[]) => {
    database = await openTestDatabase();
    const s = { ...DEFAULT_BOOKING_SETTINGS, ...settings };
    await database.db
      .insertInto("booking_settings")
      .values({
        id: "default",
        weekly_hours: JSON.stringify(s.weeklyHours),
        days_off: "[]",
        min_notice_minutes: s.minNoticeMinutes,
        buffer_minutes: s.bufferMinutes,
        daily_max: s.dailyMax,
        updated_by: "studio@example.com",
        updated_at: new Date(Number(NOW)).toISOString(),
      })
      .execute();
    const service = createBookingService({
      config: { RATE_LIMIT_DISABLED: true, LOG_HASH_KEY: undefined },
      database,
      logger: createLogger({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
      manageSecret: "booking-race-secret-booking-race-secret",
      timeline: createLeadTimeline(),
      now: () => Number(NOW),
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        service.book(
          {
            name: `Racer ${i}`,
            email: `racer${i}@example.com`,
            topic: "A new site",
            slot: slots[i % slots.length],
            tz: "Europe/London",
            elapsedMs: "5000",
          },
          { clientIp: `198.51.100.${i}` },
        ),
      ),
    );
    const rows = await database.db
      .selectFrom("bookings")
      .select("starts_at")
      .where("status", "=", "booked")
      .execute();
    return { answers, rows };
  };

  it("with a 30-minute buffer, 20 parallel requests for two adjacent slots give exactly one booking", async () => {
    const { answers, rows } = await raceWith({ bufferMinutes: 30, dailyMax: 8 }, [
      SLOT,
      "2026-12-02T17:30:00Z",
    ]);
    expect(answers.filter((a) => a.kind === "booked")).toHaveLength(1);
    expect(answers.filter((a) => a.kind === "slot" && a.problem === "taken")).toHaveLength(19);
    expect(rows).toHaveLength(1);
    // The losers' new leads rolled back with their bookings.
    expect(await database.db.selectFrom("leads").select("id").execute()).toHaveLength(1);
  });

  it("with a daily maximum of 1, 20 parallel requests for different slots of one day give exactly one booking", async () => {
    // Wednesday 2026-12-02, 09:00-18:00 in Vancouver: 18 slots, 16:00Z to 00:30Z.
    const day = Array.from({ length: 18 }, (_, i) =>
      new Date(Date.parse("2026-12-02T16:00:00Z") + i * 30 * 60_000).toISOString().replace(".000Z", "Z"),
    );
    const { answers, rows } = await raceWith({ bufferMinutes: 0, dailyMax: 1 }, day);
    expect(answers.filter((a) => a.kind === "booked")).toHaveLength(1);
    expect(answers.filter((a) => a.kind === "slot" && a.problem === "taken")).toHaveLength(19);
    expect(rows).toHaveLength(1);
  });
});
