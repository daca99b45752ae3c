import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../../tests/helpers/databases";
import { createRateLimiter } from "./rate-limit.server";

describe(`rate limiter on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase();
  });
  afterEach(async () => {
    await database.dispose();
  });

  it("allows exactly the limit per window, refuses every call after it with the time left, and opens again when the window ends", async () => {
    const limiter = createRateLimiter(database, "test", [{ windowMs: 60_000, max: 5 }]);
    const start = Date.UTC(2026, 0, 1, 12, 0, 0);
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await limiter.hit("1.2.3.4", start + 10_000));
    expect(answers).toEqual([
      ...Array(5).fill({ allowed: true }),
      ...Array(3).fill({ allowed: false, retryAfterSeconds: 50 }),
    ]);
    // Another client is unaffected.
    expect(await limiter.hit("5.6.7.8", start + 10_000)).toEqual({ allowed: true });
    // The time left counts down with the clock, and a part second rounds up.
    expect(await limiter.hit("1.2.3.4", start + 59_500)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await limiter.hit("1.2.3.4", start + 59_999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // The next window starts at its boundary with a fresh count.
    const next = [];
    for (let i = 0; i < 6; i++) next.push(await limiter.hit("1.2.3.4", start + 60_000));
    expect(next).toEqual([...Array(5).fill({ allowed: true }), { allowed: false, retryAfterSeconds: 60 }]);
  });

  it("with a short and a long window, refuses while either is full and reports the longer wait", async () => {
    const limiter = createRateLimiter(database, "two", [
      { windowMs: 60_000, max: 2 },
      { windowMs: 3_600_000, max: 3 },
    ]);
    const hour = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(await limiter.hit("ip", hour)).toEqual({ allowed: true });
    expect(await limiter.hit("ip", hour)).toEqual({ allowed: true });
    expect(await limiter.hit("ip", hour + 1_000)).toEqual({ allowed: false, retryAfterSeconds: 59 });
    // The next minute: the short window is open, the hour (3 hits so far) allows none more.
    expect(await limiter.hit("ip", hour + 60_000)).toEqual({ allowed: false, retryAfterSeconds: 3540 });
    // Both full: the longer wait is the answer.
    expect(await limiter.hit("ip", hour + 61_000)).toEqual({ allowed: false, retryAfterSeconds: 3539 });
    expect(await limiter.hit("ip", hour + 61_000)).toEqual({ allowed: false, retryAfterSeconds: 3539 });
    expect(await limiter.hit("ip", hour + 3_600_000)).toEqual({ allowed: true });
  });

  it("shares counts between limiter instances (processes) on one database", async () => {
    const a = createRateLimiter(database, "shared", [{ windowMs: 60_000, max: 2 }]);
    const b = createRateLimiter(database, "shared", [{ windowMs: 60_000, max: 2 }]);
    const t = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(await a.hit("ip", t)).toEqual({ allowed: true });
    expect(await b.hit("ip", t)).toEqual({ allowed: true });
    expect(await a.hit("ip", t)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(await b.hit("ip", t)).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it("clears one client's counts in every window, leaving other clients and buckets", async () => {
    const windows = [
      { windowMs: 60_000, max: 1 },
      { windowMs: 3_600_000, max: 5 },
    ];
    const limiter = createRateLimiter(database, "lock", windows);
    const t = Date.UTC(2026, 0, 1, 12, 0, 0);
    // "a_b" would match "a-b" as a LIKE pattern: the clear must compare the text itself.
    for (const client of ["a_b", "a-b", "a_bc"]) await limiter.hit(client, t);
    await limiter.hit("a_b", t - 120_000);
    await createRateLimiter(database, "other", windows).hit("a_b", t);
    expect(await limiter.blocked("a_b", t)).toMatchObject({ allowed: false });
    expect(await limiter.clear("a_b")).toBe(3);
    expect(await limiter.blocked("a_b", t)).toEqual({ allowed: true });
    expect(await limiter.blocked("a-b", t)).toMatchObject({ allowed: false });
    expect(await limiter.blocked("a_bc", t)).toMatchObject({ allowed: false });
    expect(await createRateLimiter(database, "other", windows).blocked("a_b", t)).toMatchObject({
      allowed: false,
    });
  });

  it("counts concurrent hits exactly", async () => {
    const limiter = createRateLimiter(database, "burst", [{ windowMs: 3_600_000, max: 20 }]);
    const t = Date.UTC(2026, 0, 1, 12, 0, 0);
    const results = await Promise.all(Array.from({ length: 30 }, () => limiter.hit("ip", t)));
    expect(results.filter((r) => r.allowed)).toHaveLength(20);
    expect(results.filter((r) => !r.allowed)).toEqual(
      Array(10).fill({ allowed: false, retryAfterSeconds: 3600 }),
    );
  });

  it("batches racing hits from many clients and two processes, and still decides each exactly (two windows)", async () => {
    const windows = [
      { windowMs: 60_000, max: 3 },
      { windowMs: 3_600_000, max: 7 },
    ];
    const a = createRateLimiter(database, "race", windows);
    const b = createRateLimiter(database, "race", windows);
    const t = Date.UTC(2026, 0, 1, 12, 0, 30);
    // 50 clients, 5 hits each, half through each process, all in flight at once.
    const clients = Array.from({ length: 50 }, (_, i) => `10.0.0.${i}`);
    const hits = clients.flatMap((c) => Array.from({ length: 5 }, (_, k) => ({ c, k })));
    const answers = await Promise.all(
      hits.map(({ c, k }) => (k % 2 ? a : b).hit(c, t).then((d) => ({ c, d }))),
    );
    for (const c of clients) {
      const mine = answers.filter((x) => x.c === c).map((x) => x.d);
      expect(mine.filter((d) => d.allowed)).toHaveLength(3);
      expect(mine.filter((d) => !d.allowed)).toEqual(
        Array(2).fill({ allowed: false, retryAfterSeconds: 30 }),
      );
    }
    // The next minute opens again until the hour's 7 (refused hits count too), then the hour's wait.
    expect(await a.hit("10.0.0.7", t + 60_000)).toEqual({ allowed: true });
    expect(await b.hit("10.0.0.7", t + 60_000)).toEqual({ allowed: true });
    expect(await b.hit("10.0.0.7", t + 60_000)).toEqual({ allowed: false, retryAfterSeconds: 3510 });
  });
});
