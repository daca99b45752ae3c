import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../../tests/helpers/databases";
import { openDatabase, type AppDatabase } from "../db/database.server";
import { createLogger } from "../logger.server";
import { backoffMs, createOutboxWorker, enqueue, type OutboxHandlers, type OutboxRow } from "./outbox.server";

const logger = createLogger({ LOG_LEVEL: "silent", NODE_ENV: "test" });

/** Another connection (pool) to the same test database, as a second server process would have. */
async function secondProcess(database: TestDatabase): Promise<AppDatabase> {
  if (database.options?.kind === "postgres") return openDatabase({ ...database.options, poolSize: 5 });
  const { rows } = await sql<{
    file: string;
  }>`select file from pragma_database_list where name = 'main'`.execute(database.db);
  return openDatabase({ kind: "sqlite", path: rows[0]!.file });
}

/** A channel that records deliveries (with a little latency, so claims overlap) and can be told to fail. */
function recordingChannel(
  delivered: string[],
  opts: { fail?: () => boolean; delayMs?: number } = {},
): OutboxHandlers {
  return {
    "test-email": {
      enabled: true,
      async deliver(row: OutboxRow) {
        await new Promise((r) => setTimeout(r, opts.delayMs ?? 2));
        if (opts.fail?.()) throw new Error("mail server said no");
        delivered.push(row.subject_id);
      },
    },
  };
}

async function enqueueMany(database: AppDatabase, n: number, now: number) {
  await database.db.transaction().execute(async (trx) => {
    await enqueue(
      trx,
      Array.from({ length: n }, (_, i) => ({
        subjectType: "test",
        subjectId: `s${i}`,
        channel: "test-email",
      })),
      now,
    );
  });
}

describe(`outbox worker on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase();
  });
  afterEach(async () => {
    await database.dispose();
  });

  it("two workers on one database deliver each notification exactly once", async () => {
    const other = await secondProcess(database);
    const now = Date.now();
    await enqueueMany(database, 40, now);
    const delivered: string[] = [];
    const a = createOutboxWorker({ database, logger, handlers: recordingChannel(delivered), batchSize: 3 });
    const b = createOutboxWorker({
      database: other,
      logger,
      handlers: recordingChannel(delivered),
      batchSize: 3,
    });
    const drain = async (w: typeof a) => {
      for (;;) {
        const r = await w.runOnce();
        if (r.claimed === 0) return;
      }
    };
    try {
      await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
    } finally {
      await other.close();
    }
    expect(delivered).toHaveLength(40);
    expect(new Set(delivered).size).toBe(40);
    const statuses = await database.db.selectFrom("outbox").select("status").distinct().execute();
    expect(statuses).toEqual([{ status: "delivered" }]);
  });

  it("never sends a delivered notification again, also after a restart", async () => {
    const now = Date.now();
    await enqueueMany(database, 2, now);
    const delivered: string[] = [];
    const first = createOutboxWorker({ database, logger, handlers: recordingChannel(delivered) });
    expect(await first.runOnce()).toMatchObject({ delivered: 2 });
    // A new process, hours later, on the same database.
    const later = createOutboxWorker({
      database,
      logger,
      handlers: recordingChannel(delivered),
      now: () => now + 6 * 3600_000,
    });
    expect(await later.runOnce()).toMatchObject({ claimed: 0 });
    expect(delivered).toEqual(expect.arrayContaining(["s0", "s1"]));
    expect(delivered).toHaveLength(2);
  });

  it("retries a crashed worker's claim once its lease runs out", async () => {
    const t0 = Date.now();
    await enqueueMany(database, 1, t0);
    // A worker claims the row, then "crashes" before recording anything.
    let claimed!: () => void;
    const delivering = new Promise<void>((resolve) => (claimed = resolve));
    // Its delivery never ends while the test runs; it fails once the test is over, so that the
    // worker's pass ends here and not in a later test file sharing this process (vitest.config.ts).
    let crash!: (error: Error) => void;
    const crashed = createOutboxWorker({
      database,
      logger,
      leaseMs: 60_000,
      now: () => t0,
      handlers: {
        "test-email": {
          enabled: true,
          deliver: () => {
            claimed();
            return new Promise((_, reject) => (crash = reject));
          },
        },
      },
    });
    const crashedPass = crashed.runOnce();
    await delivering;
    expect(await database.db.selectFrom("outbox").select("status").executeTakeFirstOrThrow()).toEqual({
      status: "sending",
    });

    const delivered: string[] = [];
    let clock = t0 + 30_000;
    const survivor = createOutboxWorker({
      database,
      logger,
      leaseMs: 60_000,
      handlers: recordingChannel(delivered),
      now: () => clock,
    });
    expect(await survivor.runOnce()).toMatchObject({ claimed: 0 });
    clock = t0 + 61_000;
    expect(await survivor.runOnce()).toMatchObject({ claimed: 1, delivered: 1 });
    expect(delivered).toEqual(["s0"]);
    const row = await database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "delivered", attempts: 2 });
    // The crashed worker's late failure records nothing over the survivor's delivery.
    crash(new Error("the crashed process is gone"));
    await crashedPass;
    expect(await database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow()).toEqual(row);
  });

  it("backs off exponentially and marks a notification failed after the last attempt", async () => {
    const t0 = Date.UTC(2026, 0, 1);
    await enqueueMany(database, 1, t0);
    let clock = t0;
    const delivered: string[] = [];
    const worker = createOutboxWorker({
      database,
      logger,
      now: () => clock,
      maxAttempts: 4,
      handlers: recordingChannel(delivered, { fail: () => true }),
    });
    const gaps: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await worker.runOnce()).toMatchObject({ claimed: 1, retry: 1 });
      const row = await database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "pending", attempts: attempt, last_error: "mail server said no" });
      gaps.push(Date.parse(row.next_attempt_at) - clock);
      // Not due a moment before its time.
      clock = Date.parse(row.next_attempt_at) - 1;
      expect(await worker.runOnce()).toMatchObject({ claimed: 0 });
      clock += 1;
    }
    expect(gaps[0]).toBeGreaterThanOrEqual(30_000);
    expect(gaps[1]).toBeGreaterThanOrEqual(60_000);
    expect(gaps[2]).toBeGreaterThanOrEqual(120_000);
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    expect(
      await database.db.selectFrom("outbox").select(["status", "attempts"]).executeTakeFirstOrThrow(),
    ).toEqual({ status: "failed", attempts: 4 });
    clock += 365 * 24 * 3600_000;
    expect(await worker.runOnce()).toMatchObject({ claimed: 0 });
  });

  it("leaves the rows of a channel that is not configured untouched", async () => {
    await enqueueMany(database, 1, Date.now());
    const worker = createOutboxWorker({
      database,
      logger,
      handlers: { "test-email": { enabled: false, deliver: async () => {} } },
    });
    expect(await worker.runOnce()).toMatchObject({ claimed: 0 });
    expect(
      await database.db.selectFrom("outbox").select(["status", "attempts"]).executeTakeFirstOrThrow(),
    ).toEqual({ status: "pending", attempts: 0 });
  });

  it("refuses to queue the same notification twice", async () => {
    const now = Date.now();
    await enqueueMany(database, 1, now);
    await expect(enqueueMany(database, 1, now)).rejects.toThrow();
  });

  it("runs in the background once started and stops cleanly", async () => {
    const delivered: string[] = [];
    let allDelivered!: () => void;
    const three = new Promise<void>((resolve) => (allDelivered = resolve));
    const handlers = recordingChannel(delivered);
    const record = handlers["test-email"]!.deliver;
    handlers["test-email"]!.deliver = async (row) => {
      await record(row);
      if (delivered.length === 3) allDelivered();
    };
    const worker = createOutboxWorker({ database, logger, handlers, pollMs: 50 });
    worker.start();
    await enqueueMany(database, 3, Date.now());
    worker.wake();
    await three;
    await worker.stop();
    expect(delivered.sort()).toEqual(["s0", "s1", "s2"]);
    const rows = await database.db.selectFrom("outbox").select("status").execute();
    expect(rows.map((r) => r.status)).toEqual(["delivered", "delivered", "delivered"]);
  });
});

describe("backoff", () => {
  it("doubles from 30 s and is capped at an hour", () => {
    const none = () => 0;
    expect([1, 2, 3, 4].map((n) => backoffMs(n, undefined, undefined, none))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(backoffMs(40, undefined, undefined, none)).toBe(3600_000);
    expect(backoffMs(1, undefined, undefined, () => 1)).toBe(33_000);
  });
});
