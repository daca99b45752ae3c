import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../../tests/helpers/databases";
import { createApp } from "../app.server";
import { loadConfig } from "../config.server";
import { createLogger } from "../logger.server";
import { createMetrics } from "../metrics.server";
import { BEACON_RATE_LIMITS, BEACON_VISITORS_PER_ADDRESS_DAY, shareFrom } from "./beacon-limit.server";
import { createAnalytics, type Analytics } from "./service.server";

const T0 = Date.UTC(2026, 10, 25, 18, 0, 30);
const chrome = (i: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${i}.0 Safari/537.36`;
const PER_MINUTE = BEACON_RATE_LIMITS[0]!.max;

describe(`beacon limits per address on ${testDatabaseKind} (issue 37, item 4)`, () => {
  let database: TestDatabase;
  let analytics: Analytics;
  let app: ReturnType<typeof createApp>;
  const clock = { now: T0 };
  const metrics = createMetrics();

  beforeEach(async () => {
    clock.now = T0;
    database = await openTestDatabase();
    // The limits on, as in production: no RATE_LIMIT_DISABLED.
    const config = loadConfig({ NODE_ENV: "test", TRUST_PROXY: "1" });
    const logger = createLogger(config);
    analytics = createAnalytics({ config, database, logger, metrics, now: () => clock.now });
    app = createApp({ config, database, logger, metrics, analytics, now: () => clock.now });
  });
  afterEach(async () => {
    await analytics.flush();
    await database.dispose();
  });

  const beacon = (ip: string, ua: string, path = "/") =>
    app.request("/api/event", {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", "x-forwarded-for": ip, "user-agent": ua },
      body: JSON.stringify({ name: "pageview", path, referrer: "forged.example", utm_campaign: "forged" }),
    });
  const events = () => database.db.selectFrom("analytics_events").selectAll().execute();
  const tally = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

  it("100 beacons at once from one address with 100 user agents no longer make 100 visitors", async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => beacon("203.0.113.50", chrome(i))),
    );
    // The address's minute allows 60 beacons; of those, its first 20 visitors of the day are counted.
    expect(tally(answers.map((r) => r.status))).toEqual({
      202: BEACON_VISITORS_PER_ADDRESS_DAY,
      204: PER_MINUTE - BEACON_VISITORS_PER_ADDRESS_DAY,
      429: 100 - PER_MINUTE,
    });
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    await analytics.flush();
    const rows = await events();
    expect(rows).toHaveLength(BEACON_VISITORS_PER_ADDRESS_DAY);
    expect(new Set(rows.map((r) => r.visitor)).size).toBe(BEACON_VISITORS_PER_ADDRESS_DAY);
    expect((await metrics.scrape()).body).toMatch(
      /cascadia_analytics_beacons_total\{outcome="limited"\} [1-9]/,
    );
  });

  it("a counted visitor stays counted and a refused one stays refused all day; the next minute and the next day start anew", async () => {
    for (let i = 0; i < BEACON_VISITORS_PER_ADDRESS_DAY + 1; i++) await beacon("203.0.113.60", chrome(i));
    clock.now += 60_000;
    expect((await beacon("203.0.113.60", chrome(0), "/pricing")).status).toBe(202);
    expect((await beacon("203.0.113.60", chrome(BEACON_VISITORS_PER_ADDRESS_DAY), "/pricing")).status).toBe(
      204,
    );
    // Another address is not touched by this one's count.
    expect((await beacon("198.51.100.60", chrome(999))).status).toBe(202);
    clock.now += 24 * 60 * 60_000;
    expect((await beacon("203.0.113.60", chrome(BEACON_VISITORS_PER_ADDRESS_DAY))).status).toBe(202);
    await analytics.flush();
    expect(await events()).toHaveLength(BEACON_VISITORS_PER_ADDRESS_DAY + 3);
  });

  it("many addresses are not limited by one another: 300 beacons from 300 addresses are all stored", async () => {
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => beacon(`10.2.${i >> 8}.${i & 255}`, chrome(1))),
    );
    expect(tally(answers.map((r) => r.status))).toEqual({ 202: 300 });
  });

  it("two processes share an address's counts through the database: the second refuses what the first used up", async () => {
    const config = loadConfig({ NODE_ENV: "test", TRUST_PROXY: "1" });
    const logger = createLogger(config);
    const other = createAnalytics({ config, database, logger, metrics, now: () => clock.now });
    const otherApp = createApp({ config, database, logger, metrics, analytics: other, now: () => clock.now });
    const from = (a: typeof app, n: number) =>
      Promise.all(
        Array.from({ length: n }, () =>
          a.request("/api/event", {
            method: "POST",
            headers: {
              "content-type": "text/plain;charset=UTF-8",
              "x-forwarded-for": "203.0.113.70",
              "user-agent": chrome(1),
            },
            body: JSON.stringify({ name: "pageview", path: "/" }),
          }),
        ),
      );
    expect(tally((await from(app, 40)).map((r) => r.status))).toEqual({ 202: 40 });
    // The first process's counts reach the shared row (every second, or at a flush); the second
    // shares its own once they reach a quarter of the limit, and reads the first's back.
    await analytics.flush();
    const quarter = shareFrom(PER_MINUTE);
    expect(tally((await from(otherApp, quarter)).map((r) => r.status))).toEqual({ 202: quarter });
    await other.flush();
    expect(tally((await from(otherApp, 10)).map((r) => r.status))).toEqual({
      202: PER_MINUTE - 40 - quarter,
      429: 10 - (PER_MINUTE - 40 - quarter),
    });
    await other.flush();
  });

  it("an address that sent under a quarter of its allowance costs no row: the table holds only the busy ones", async () => {
    const quarter = shareFrom(PER_MINUTE);
    const answers = await Promise.all([
      ...Array.from({ length: 200 }, (_, i) => beacon(`10.3.${i >> 8}.${i & 255}`, chrome(1))),
      ...Array.from({ length: quarter }, () => beacon("203.0.113.80", chrome(1))),
    ]);
    expect(tally(answers.map((r) => r.status))).toEqual({ 202: 200 + quarter });
    await analytics.flush();
    const rows = await database.db.selectFrom("rate_limits").select(["key", "count"]).execute();
    // The busy address's minute is shared; its hour (600) and day's visitors (20) are not yet.
    expect(rows.filter((r) => r.key.startsWith("beacon"))).toEqual([
      { key: expect.stringMatching(/^beacon:60000:203\.0\.113\.80:/), count: quarter },
    ]);
  });
});
