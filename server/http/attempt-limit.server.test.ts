import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../../tests/helpers/databases";
import { createAttemptLimiter } from "./attempt-limit.server";

describe(`attempt limiter on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase();
  });
  afterEach(async () => {
    await database.dispose();
  });
  const windowMs = 15 * 60_000;

  it("grants exactly `max` of many reservations racing at once, on one database", async () => {
    const a = createAttemptLimiter(database, "race", { windowMs, max: 5 });
    // Two limiter instances: two server processes.
    const b = createAttemptLimiter(database, "race", { windowMs, max: 5 });
    const t = Date.UTC(2026, 0, 1, 12, 0, 0);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).reserve("acct", t)),
    );
    expect(answers.filter((d) => d.allowed)).toHaveLength(5);
    expect(answers.filter((d) => !d.allowed)).toEqual(
      Array(35).fill({ allowed: false, retryAfterSeconds: windowMs / 1000 }),
    );
    const row = await database.db
      .selectFrom("rate_limits")
      .select("count")
      .where("key", "=", "race:acct")
      .executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(5);
  });

  it("gives a released slot back, so only attempts kept count", async () => {
    const limiter = createAttemptLimiter(database, "rel", { windowMs, max: 2 });
    const t = Date.UTC(2026, 0, 1, 12, 0, 0);
    for (let i = 0; i < 10; i++) {
      expect(await limiter.reserve("acct", t + i)).toEqual({ allowed: true });
      await limiter.release("acct", t + i);
    }
    expect(await limiter.reserve("acct", t + 20)).toEqual({ allowed: true });
    expect(await limiter.blocked("acct", t + 20)).toEqual({ allowed: true });
    expect(await limiter.reserve("acct", t + 21)).toEqual({ allowed: true });
    expect((await limiter.blocked("acct", t + 21)).allowed).toBe(false);
    expect((await limiter.reserve("acct", t + 22)).allowed).toBe(false);
  });

  it("starts its window at the first attempt, not at a clock boundary, and locks for a whole window from the attempt that fills it", async () => {
    const limiter = createAttemptLimiter(database, "win", { windowMs, max: 3 });
    // One second before a 15-minute boundary of the clock.
    const boundary = Math.ceil(Date.UTC(2026, 0, 1, 12, 7) / windowMs) * windowMs;
    const first = boundary - 10 * 60_000;
    expect(await limiter.reserve("acct", first)).toEqual({ allowed: true });
    expect(await limiter.reserve("acct", boundary - 2_000)).toEqual({ allowed: true });
    // Across the boundary: the same window, so the third fills it.
    const locking = boundary - 1_000;
    expect(await limiter.reserve("acct", locking)).toEqual({ allowed: true });
    expect(await limiter.reserve("acct", boundary + 1_000)).toEqual({
      allowed: false,
      retryAfterSeconds: windowMs / 1000 - 2,
    });
    // A whole window after the locking attempt, not after the first.
    expect(await limiter.reserve("acct", first + windowMs + 1)).toEqual({
      allowed: false,
      retryAfterSeconds: Math.ceil((locking + windowMs - first - windowMs - 1) / 1000),
    });
    expect(await limiter.reserve("acct", locking + windowMs - 1)).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    // Then a fresh window.
    expect(await limiter.reserve("acct", locking + windowMs)).toEqual({ allowed: true });
    const row = await database.db
      .selectFrom("rate_limits")
      .select(["count", "expires_at"])
      .where("key", "=", "win:acct")
      .executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(1);
    expect(row.expires_at).toBe(new Date(locking + 2 * windowMs).toISOString());
  });

  it("clears one client's attempts, leaving others; reports whether failures were held", async () => {
    const limiter = createAttemptLimiter(database, "clr", { windowMs, max: 1 });
    const t = Date.UTC(2026, 0, 1, 12, 0, 0);
    await limiter.reserve("a", t);
    await limiter.reserve("b", t);
    expect(await limiter.clear("a")).toBe(1);
    expect(await limiter.reserve("a", t)).toEqual({ allowed: true });
    expect((await limiter.reserve("b", t)).allowed).toBe(false);
    await limiter.release("a", t);
    expect(await limiter.clear("a")).toBe(0);
  });
});
