import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../../tests/helpers/databases";
import { validInquiry } from "../../tests/helpers/inquiries";
import { createApp } from "../app.server";
import { loadConfig } from "../config.server";
import { createLogger } from "../logger.server";
import { createMetrics } from "../metrics.server";
import { createAnalytics, type Analytics } from "./service.server";

const T0 = Date.UTC(2026, 10, 25, 18, 0, 0);
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe(`analytics ingest on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let analytics: Analytics;
  let app: ReturnType<typeof createApp>;
  const clock = { now: T0 };
  const metrics = createMetrics();

  beforeEach(async () => {
    clock.now = T0;
    database = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: "test", TRUST_PROXY: "true", RATE_LIMIT_DISABLED: "true" });
    const logger = createLogger(config);
    analytics = createAnalytics({ config, database, logger, metrics, now: () => clock.now });
    app = createApp({ config, database, logger, metrics, analytics, now: () => clock.now });
  });
  afterEach(async () => {
    await analytics.flush();
    await database.dispose();
  });

  const beacon = (body: unknown, init: { ip?: string; ua?: string; headers?: Record<string, string> } = {}) =>
    app.request("/api/event", {
      method: "POST",
      headers: {
        "content-type": "text/plain;charset=UTF-8",
        "x-forwarded-for": init.ip ?? "203.0.113.7",
        "user-agent": init.ua ?? CHROME,
        ...init.headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const events = () => database.db.selectFrom("analytics_events").selectAll().orderBy("id").execute();

  it("stores a page view with its referrer host, UTM values, demo ref and device class, and neither the address nor the user agent", async () => {
    const res = await beacon(
      {
        name: "pageview",
        path: "/contact",
        referrer: "News.Example.com",
        utm_source: "newsletter",
        utm_medium: "email",
        utm_campaign: "fall-2026",
        ref: "demo-gym",
      },
      { ua: IPHONE },
    );
    expect(res.status).toBe(202);
    const [row, ...rest] = await events();
    expect(rest).toHaveLength(0);
    expect(row).toMatchObject({
      name: "pageview",
      path: "/contact",
      entry: 1,
      referrer_host: "news.example.com",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "fall-2026",
      demo_ref: "demo-gym",
      device: "mobile",
      lead_id: null,
      amount_cents: null,
      created_at: new Date(T0).toISOString(),
    });
    expect(row!.visitor).toMatch(/^[0-9a-f]{32}$/);
    const stored = JSON.stringify(await events());
    expect(stored).not.toContain("203.0.113.7");
    expect(stored).not.toContain("iPhone");
  });

  it("refuses oversized, malformed, wrongly typed, unknown-path, back-office, quote-link and forged-goal beacons without a row", async () => {
    const refusals: Array<[unknown, number]> = [
      [{ name: "pageview", path: "/", pad: "x".repeat(3000) }, 413],
      ["{not json", 400],
      [{ name: "pageview", path: 42 }, 400],
      [{ name: "pageview", path: "/", utm_source: ["a"] }, 400],
      [{ name: "pageview", path: "/no-such-page" }, 400],
      [{ name: "pageview", path: "/studio" }, 400],
      [{ name: "pageview", path: "/quote/abcdefabcdefabcdefabcdef" }, 400],
      [{ name: "pageview", path: "/payment-success" }, 400],
      [{ name: "payment", path: "/payment" }, 400],
      [{ name: "pageview", path: "/payment", amount_cents: 100000, lead_id: "x" }, 400],
      [{ name: "demo-cta", path: "/pricing" }, 400],
    ];
    for (const [body, status] of refusals)
      expect((await beacon(body)).status, JSON.stringify(body).slice(0, 60)).toBe(status);
    expect(
      (await beacon({ name: "pageview", path: "/" }, { headers: { origin: "https://evil.example" } })).status,
    ).toBe(403);
    expect(await events()).toHaveLength(0);
  });

  it("counts neither bots nor browsers that send Global Privacy Control", async () => {
    expect((await beacon({ name: "pageview", path: "/" }, { ua: GOOGLEBOT })).status).toBe(204);
    expect((await beacon({ name: "pageview", path: "/" }, { headers: { "sec-gpc": "1" } })).status).toBe(204);
    expect(await events()).toHaveLength(0);
    const scrape = (await metrics.scrape()).body;
    expect(scrape).toMatch(/cascadia_analytics_beacons_total\{outcome="not_counted"\} [1-9]/);
    expect(scrape).toMatch(/cascadia_analytics_beacons_total\{outcome="refused"\} [0-9]/);
  });

  it("drops a campaign value or ref that does not fit and our own host as referrer, keeping the page view", async () => {
    const site = new URL(loadConfig({ NODE_ENV: "test" }).SITE_URL).host;
    expect(
      (
        await beacon({
          name: "pageview",
          path: "/pricing",
          referrer: site,
          utm_source: "bad\nvalue",
          ref: "demo-nope",
        })
      ).status,
    ).toBe(202);
    expect(await events()).toMatchObject([
      { path: "/pricing", referrer_host: null, utm_source: null, demo_ref: null },
    ]);
  });

  it("a visit is the visitor's events with gaps under 30 minutes; its first page view is its entry", async () => {
    await beacon({ name: "pageview", path: "/" });
    clock.now += 29 * 60_000;
    await beacon({ name: "pageview", path: "/pricing" });
    await beacon({ name: "demo-cta", path: "/demo/gym" });
    clock.now += 31 * 60_000;
    await beacon({ name: "pageview", path: "/about" });
    await beacon({ name: "pageview", path: "/about" }, { ip: "198.51.100.9" });
    const rows = await events();
    expect(rows.map((r) => [r.path, r.entry])).toEqual([
      ["/", 1],
      ["/pricing", 0],
      ["/demo/gym", 0],
      ["/about", 1],
      ["/about", 1],
    ]);
    expect(rows[1]!.visit).toBe(rows[0]!.visit);
    expect(rows[2]!.visit).toBe(rows[0]!.visit);
    expect(rows[3]!.visit).not.toBe(rows[0]!.visit);
    expect(rows[3]!.visitor).toBe(rows[0]!.visitor);
    expect(rows[4]!.visitor).not.toBe(rows[0]!.visitor);
  });

  it("stores every one of 400 beacons posted at once, each visitor once, batched into one visit per visitor", async () => {
    const ips = Array.from({ length: 100 }, (_, i) => `10.1.${i >> 8}.${i & 255}`);
    const answers = await Promise.all(
      Array.from({ length: 400 }, (_, i) => beacon({ name: "pageview", path: "/" }, { ip: ips[i % 100] })),
    );
    expect(answers.every((r) => r.status === 202)).toBe(true);
    const rows = await events();
    expect(rows).toHaveLength(400);
    expect(new Set(rows.map((r) => r.visitor)).size).toBe(100);
    expect(new Set(rows.map((r) => r.visit)).size).toBe(100);
    expect(rows.filter((r) => r.entry === 1)).toHaveLength(100);
  });

  it("an inquiry is a goal joined to the sender's visit and to the lead's recorded source", async () => {
    await beacon({ name: "pageview", path: "/contact", utm_source: "newsletter", utm_campaign: "fall-2026" });
    const res = await app.request(
      "/api/inquiries?page=/contact&utm_source=newsletter&utm_campaign=fall-2026",
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": "203.0.113.7",
          "user-agent": CHROME,
        },
        body: JSON.stringify(validInquiry),
      },
    );
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    await analytics.flush();
    const [view, goal] = await events();
    expect(goal).toMatchObject({
      name: "inquiry",
      lead_id: id,
      path: "/contact",
      utm_source: "newsletter",
      utm_campaign: "fall-2026",
      entry: 0,
    });
    expect(goal!.visit).toBe(view!.visit);
  });

  it("an inquiry's goal is stored in the lead's own transaction, and a goal that cannot be stored costs the lead nothing", async () => {
    const send = () =>
      app.request("/api/inquiries?page=/contact", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": "203.0.113.8",
          "user-agent": CHROME,
        },
        body: JSON.stringify(validInquiry),
      });
    const first = await send();
    expect(first.status).toBe(200);
    // No flush: the goal committed with the lead.
    expect((await events()).map((e) => e.name)).toEqual(["inquiry"]);

    // The goal's table gone: its savepoint rolls back alone, the lead and its email are stored.
    await database.db.schema.alterTable("analytics_events").renameTo("analytics_events_away").execute();
    try {
      const second = await send();
      expect(second.status).toBe(200);
      const { id } = (await second.json()) as { id: string };
      expect(
        await database.db.selectFrom("leads").select("id").where("id", "=", id).executeTakeFirst(),
      ).toEqual({ id });
      expect(
        await database.db.selectFrom("outbox").select("subject_id").where("subject_id", "=", id).execute(),
      ).not.toHaveLength(0);
    } finally {
      await database.db.schema.alterTable("analytics_events_away").renameTo("analytics_events").execute();
    }
    expect(await events()).toHaveLength(1);
  });
});
