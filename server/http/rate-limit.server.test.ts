import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestDatabase, openTestDatabase, testDatabaseKind } from "../../tests/helpers/databases";
import { createRateLimiter } from "./rate-limit.server";

describe(`rate limiter on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase();
  });
  afterEach(async () => {
    await database.dispose();
  });

  it("allows up to the limit per window, then refuses with a retry time", async () => {
    const limiter = createRateLimiter(database, "test", [{ windowMs: 60_000, max: 5 }]);
    const t = Date.UTC(2026, 0, 1, 12, 0, 10);
    for (let i = 0; i < 5; i++) expect(await limiter.hit("1.2.3.4", t)).toEqual({ allowed: true });
    expect(await limiter.hit("1.2.3.4", t)).toEqual({ allowed: false, retryAfterSeconds: 50 });
    // Another client and the next window are unaffected.
    expect(await limiter.hit("5.6.7.8", t)).toEqual({ allowed: true });
    expect(await limiter.hit("1.2.3.4", t + 60_000)).toEqual({ allowed: true });
  });

  it("shares counts between limiter instances (processes) on one database", async () => {
    const a = createRateLimiter(database, "shared", [{ windowMs: 60_000, max: 2 }]);
    const b = createRateLimiter(database, "shared", [{ windowMs: 60_000, max: 2 }]);
    const t = Date.UTC(2026, 0, 1, 12, 0, 0);
    await a.hit("ip", t);
    await b.hit("ip", t);
    expect((await a.hit("ip", t)).allowed).toBe(false);
  });

  it("counts concurrent hits exactly", async () => {
    const limiter = createRateLimiter(database, "burst", [{ windowMs: 3_600_000, max: 20 }]);
    const t = Date.UTC(2026, 0, 1, 12, 0, 0);
    const results = await Promise.all(Array.from({ length: 30 }, () => limiter.hit("ip", t)));
    expect(results.filter((r) => r.allowed)).toHaveLength(20);
  });
});
