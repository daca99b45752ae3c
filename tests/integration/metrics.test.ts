import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApp } from "../../server/app.server";
import { loadConfig } from "../../server/config.server";
import { migrateToLatest, openDatabase } from "../../server/db/database.server";
import { createNodeHandler } from "../../server/http/listener.server";
import { createLogger } from "../../server/logger.server";
import { createMetrics } from "../../server/metrics.server";
import { enqueue } from "../../server/outbox/outbox.server";
import {
  createEmptyDatabase,
  openTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from "../helpers/databases";
import { validInquiry } from "../helpers/inquiries";
import { fakeSite } from "../helpers/site";

const TOKEN = "m".repeat(20) + "etrics-token-for-tests";
const env = { NODE_ENV: "test", METRICS_TOKEN: TOKEN, RATE_LIMIT_DISABLED: "true" } as const;
const auth = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample of a scrape: `name{labels} value`, labels matched as given (a subset). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

const requests = (text: string, group: string, statusClass: string) =>
  sample(text, "cascadia_http_request_duration_seconds_count", { group, status_class: statusClass }) ?? 0;

describe(`GET /metrics: the token (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });
  const appWith = (extra: Record<string, string>) => {
    const config = loadConfig({ NODE_ENV: "test", ...extra });
    return createApp({ config, database, logger: createLogger({ ...config, LOG_LEVEL: "silent" }) });
  };

  it("does not exist while METRICS_TOKEN is unset, even with a token", async () => {
    const app = appWith({});
    expect((await app.request("/metrics")).status).toBe(404);
    expect((await app.request("/metrics", { headers: auth })).status).toBe(404);
  });

  it("refuses a scrape without the token or with another one, and answers the right one in Prometheus' text format", async () => {
    const app = appWith({ METRICS_TOKEN: TOKEN });
    const none = await app.request("/metrics");
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    const sameLength = `${TOKEN.slice(0, -1)}x`;
    for (const header of [
      `Bearer ${sameLength}`,
      `Bearer ${TOKEN}x`,
      TOKEN,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN.slice(0, 10)}`,
    ]) {
      const res = await app.request("/metrics", { headers: { authorization: header } });
      expect(res.status, header).toBe(401);
      expect(await res.text()).not.toContain("cascadia_");
    }
    const ok = await app.request("/metrics", { headers: auth });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(ok.headers.get("cache-control")).toBe("no-store");
    const text = await ok.text();
    expect(text).toContain("# TYPE cascadia_http_request_duration_seconds histogram");
    // The refused scrapes were counted, under "other" and 4xx.
    expect(requests(text, "other", "4xx")).toBe(6);
  });

  it("refuses to start with a token shorter than 32 characters", () => {
    expect(() => loadConfig({ NODE_ENV: "test", METRICS_TOKEN: "short-token" })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
  });
});

/** A built site of three files in a temporary directory, and a document handler that answers 500 on /payment-success. */
function tinySite() {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-metrics-site-"));
  fs.mkdirSync(path.join(clientDir, "pricing"));
  fs.mkdirSync(path.join(clientDir, "assets"));
  fs.writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Home</title>");
  fs.writeFileSync(path.join(clientDir, "pricing/index.html"), "<!doctype html><title>Pricing</title>");
  fs.writeFileSync(path.join(clientDir, "assets/app-abc123.js"), "console.log(1)");
  const build = fakeSite().serverBuild as unknown as {
    entry: { module: { default: (request: Request, status: number) => Response } };
  };
  const serverBuild = {
    ...build,
    entry: {
      module: {
        default: (request: Request, status: number) =>
          new URL(request.url).pathname === "/payment-success"
            ? new Response("broken", { status: 500 })
            : build.entry.module.default(request, status),
      },
    },
  } as unknown as ServerBuild;
  return { clientDir, serverBuild };
}

function get(
  port: number,
  method: string,
  pathname: string,
  opts: { body?: string; headers?: Record<string, string> } = {},
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method,
          path: pathname,
          headers: {
            ...(opts.body
              ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(opts.body)) }
              : {}),
            ...opts.headers,
          },
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8").on("data", (d: string) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        },
      );
      req.on("error", reject);
      req.end(opts.body);
    },
  );
}

describe(`metrics after known traffic (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  let server: http.Server;
  let port: number;
  let site: ReturnType<typeof tinySite>;
  const now = Date.parse("2026-11-25T12:00:00.000Z");

  beforeAll(async () => {
    database = await openTestDatabase();
    site = tinySite();
    const config = loadConfig({ ...env, PAYMENTS_PROVIDER: "sandbox" });
    const { listener } = createNodeHandler({
      config,
      database,
      logger: createLogger({ ...config, LOG_LEVEL: "silent" }),
      site,
      metrics: createMetrics(),
      now: () => now,
    });
    server = http.createServer(listener);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await database.dispose();
    fs.rmSync(site.clientDir, { recursive: true, force: true });
  });

  it("counts each request once by route group and status class, on the static hot path and through the app", async () => {
    const etag = (await get(port, "GET", "/assets/app-abc123.js")).headers.etag!;
    const quoteToken = "tok_secret_should_never_be_a_label";
    const traffic: [string, string, { body?: string; headers?: Record<string, string> }?][] = [
      ["GET", "/"],
      ["GET", "/"],
      ["GET", "/pricing"], // three pages, static
      ["GET", "/assets/app-abc123.js", { headers: { "if-none-match": etag } }], // 304, static (and the first GET above: 200)
      ["GET", "/pricing/"], // 301 by the app
      ["GET", "/no-such-page"],
      ["GET", "/no-such-page-either"], // 404 pages by the app
      ["POST", "/api/inquiries", { body: JSON.stringify(validInquiry) }],
      ["POST", "/api/inquiries", { body: JSON.stringify({ ...validInquiry, email: "x@example.com" }) }],
      ["POST", "/api/inquiries", { body: JSON.stringify({ firstName: "" }) }], // 400
      ["POST", "/api/create-payment", { body: JSON.stringify({ amount: 220, packageType: "basic" }) }],
      ["GET", "/studio"], // anonymous: redirected to sign in
      ["GET", `/quote/${quoteToken}`],
      ["GET", "/payment-success"], // 500 from the stand-in document handler
      ["POST", "/api/stripe/webhook", { body: "{}" }], // sandbox: no webhook here, 404
      ["GET", "/healthz"],
    ];
    const statuses: number[] = [];
    for (const [method, p, opts] of traffic) statuses.push((await get(port, method, p, opts)).status);
    expect(statuses).toEqual([
      200, 200, 200, 304, 301, 404, 404, 200, 200, 400, 200, 302, 404, 500, 404, 200,
    ]);

    const scrape = await get(port, "GET", "/metrics", { headers: auth });
    expect(scrape.status).toBe(200);
    const text = scrape.body;
    const expected: Record<string, number> = {
      "page 2xx": 3,
      "page 3xx": 1,
      "page 4xx": 2,
      "asset 2xx": 1,
      "asset 3xx": 1,
      "api-inquiries 2xx": 2,
      "api-inquiries 4xx": 1,
      "api-payments 2xx": 1,
      "studio 3xx": 1,
      "quote 4xx": 1,
      "checkout 5xx": 1,
      "webhook 4xx": 1,
      "other 2xx": 1,
    };
    const seen: Record<string, number> = {};
    for (const line of text.split("\n")) {
      const m =
        /^cascadia_http_request_duration_seconds_count\{group="([^"]+)",status_class="([^"]+)"\} (\d+)$/.exec(
          line,
        );
      if (m && Number(m[3]) > 0) seen[`${m[1]} ${m[2]}`] = Number(m[3]);
    }
    expect(seen).toEqual(expected);
    // Latency is observed too (sum of seconds > 0), and no path, id or token is a label.
    expect(
      sample(text, "cascadia_http_request_duration_seconds_sum", { group: "page", status_class: "2xx" }),
    ).toBeGreaterThan(0);
    expect(text).not.toContain(quoteToken);
    expect(text).not.toContain("no-such-page");

    // Read at scrape time from the database: one pending payment (the checkout above), the outbox's rows.
    expect(sample(text, "cascadia_payments", { status: "pending" })).toBe(1);
    expect(sample(text, "cascadia_payments", { status: "paid" })).toBe(0);
    // Two inquiries: the studio's email and the acknowledgement each, waiting (no worker here), queued at `now`.
    expect(sample(text, "cascadia_outbox_messages", { status: "pending" })).toBe(4);
    expect(sample(text, "cascadia_outbox_oldest_pending_age_seconds")).toBe(0);
    expect(sample(text, "cascadia_database_up")).toBe(1);
  });
});

describe(`database-backed gauges (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("reports the outbox by status, the age of its oldest waiting message and payments by state, as they are when scraped", async () => {
    const t0 = Date.parse("2026-11-25T12:00:00.000Z");
    let clock = t0;
    const config = loadConfig(env);
    const app = createApp({
      config,
      database,
      logger: createLogger({ ...config, LOG_LEVEL: "silent" }),
      now: () => clock,
    });
    const scrape = async () => (await app.request("/metrics", { headers: auth })).text();

    let text = await scrape();
    expect(sample(text, "cascadia_outbox_messages", { status: "pending" })).toBe(0);
    expect(sample(text, "cascadia_outbox_oldest_pending_age_seconds")).toBe(0);

    const { db } = database;
    const ids = await enqueue(
      db,
      ["a", "b", "c", "d"].map((s) => ({ subjectType: "test", subjectId: s, channel: "test-email" })),
      t0,
    );
    await enqueue(db, [{ subjectType: "test", subjectId: "e", channel: "test-email" }], t0 + 5 * 60_000);
    await db.updateTable("outbox").set({ status: "delivered" }).where("id", "=", ids[0]!).execute();
    await db.updateTable("outbox").set({ status: "failed" }).where("id", "=", ids[1]!).execute();
    await db
      .updateTable("outbox")
      .set({ status: "sending", locked_by: "w", locked_until: new Date(t0 + 60_000).toISOString() })
      .where("id", "=", ids[2]!)
      .execute();
    const payment = (id: string, status: "pending" | "paid" | "failed") => ({
      id,
      package: "basic" as const,
      amount_cents: 22000,
      currency: "cad",
      status,
      provider: "sandbox" as const,
      provider_session_id: null,
      idempotency_key: id,
      failure_reason: null,
      created_at: new Date(t0).toISOString(),
      updated_at: new Date(t0).toISOString(),
      paid_at: null,
      failed_at: null,
      last_checked_at: null,
      quote_id: null,
      lead_id: null,
      kind: null,
    });
    await db
      .insertInto("payments")
      .values([
        payment("p1", "paid"),
        payment("p2", "paid"),
        payment("p3", "failed"),
        payment("p4", "pending"),
      ])
      .execute();

    clock = t0 + 20 * 60_000;
    text = await scrape();
    expect(sample(text, "cascadia_outbox_messages", { status: "pending" })).toBe(2);
    expect(sample(text, "cascadia_outbox_messages", { status: "sending" })).toBe(1);
    expect(sample(text, "cascadia_outbox_messages", { status: "failed" })).toBe(1);
    // The oldest still waiting (the one being sent) was queued 20 minutes before this scrape.
    expect(sample(text, "cascadia_outbox_oldest_pending_age_seconds")).toBe(1200);
    expect(sample(text, "cascadia_payments", { status: "paid" })).toBe(2);
    expect(sample(text, "cascadia_payments", { status: "failed" })).toBe(1);
    expect(sample(text, "cascadia_payments", { status: "pending" })).toBe(1);

    // Delivered since: the oldest waiting is now the one queued at t0 + 5 min.
    await db
      .updateTable("outbox")
      .set({ status: "delivered" })
      .where("id", "in", [ids[2]!, ids[3]!])
      .execute();
    text = await scrape();
    expect(sample(text, "cascadia_outbox_oldest_pending_age_seconds")).toBe(900);
    expect(sample(text, "cascadia_outbox_messages", { status: "pending" })).toBe(1);

    // A reminder queued now for tomorrow (a booking's, docs/product.md#booking) waits without being late.
    await db.updateTable("outbox").set({ status: "delivered" }).where("subject_id", "=", "e").execute();
    await enqueue(db, [{ subjectType: "test", subjectId: "reminder", channel: "test-email" }], t0, {
      dueAt: clock + 24 * 60 * 60_000,
    });
    text = await scrape();
    expect(sample(text, "cascadia_outbox_messages", { status: "pending" })).toBe(1);
    expect(sample(text, "cascadia_outbox_oldest_pending_age_seconds")).toBe(0);
    // Due and still there a minute later: late by a minute, counted from when it was due.
    clock += 24 * 60 * 60_000 + 60_000;
    text = await scrape();
    expect(sample(text, "cascadia_outbox_oldest_pending_age_seconds")).toBe(60);
  });

  it("times every database query, failed ones apart", async () => {
    const metrics = createMetrics();
    const empty = await createEmptyDatabase();
    const observed = openDatabase({ ...empty.options, onQuery: metrics.observeQuery });
    try {
      await migrateToLatest(observed);
      const count = async (outcome: string) =>
        sample(await metrics.registry.metrics(), "cascadia_db_query_duration_seconds_count", { outcome }) ??
        0;
      const before = await count("ok");
      expect(before).toBeGreaterThan(0); // the migrations' statements
      for (let i = 0; i < 3; i++) await sql`select 1`.execute(observed.db);
      await expect(sql`select * from no_such_table`.execute(observed.db)).rejects.toThrow();
      expect(await count("ok")).toBe(before + 3);
      expect(await count("error")).toBe(1);
    } finally {
      await observed.close();
      await empty.dispose();
    }
  });
});

describe(`liveness and readiness (${testDatabaseKind})`, () => {
  const logger = createLogger({ LOG_LEVEL: "silent", NODE_ENV: "test" });
  const config = loadConfig({ NODE_ENV: "test" });

  it("/readyz fails with 503 until every migration is applied; /healthz answers all along", async () => {
    const empty = await createEmptyDatabase();
    const database = openDatabase(empty.options);
    try {
      const app = createApp({ config, database, logger });
      const ready = await app.request("/readyz");
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: "error", database: "up", migrations: "pending" });
      expect((await app.request("/healthz")).status).toBe(200);

      await migrateToLatest(database);
      const after = await app.request("/readyz");
      expect(after.status).toBe(200);
      expect(await after.json()).toEqual({ status: "ok", database: "up", migrations: "applied" });

      // A database restored from before the latest migration is not ready either.
      const last = (await database.db
        .selectFrom("kysely_migration" as never)
        .select("name" as never)
        .orderBy("name" as never, "desc")
        .executeTakeFirstOrThrow()) as { name: string };
      await sql`delete from kysely_migration where name = ${last.name}`.execute(database.db);
      expect((await app.request("/readyz")).status).toBe(503);
    } finally {
      await database.close();
      await empty.dispose();
    }
  });

  it("/readyz fails with 503 while the database is unreachable; /healthz still answers 200", async () => {
    const database = await openTestDatabase();
    const app = createApp({ config, database, logger });
    expect((await app.request("/readyz")).status).toBe(200);
    await database.close();
    const ready = await app.request("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "error", database: "down" });
    const live = await app.request("/healthz");
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok" });
    await database.dispose();
  });
});
