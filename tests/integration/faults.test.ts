import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Writable } from "node:stream";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { createApp } from "../../server/app.server";
import { loadConfig } from "../../server/config.server";
import { migrateToLatest, openDatabase, type AppDatabase } from "../../server/db/database.server";
import { SERVICE_UNAVAILABLE_MESSAGE } from "../../server/http/unavailable.server";
import { inquiryDeliveryHandlers } from "../../server/inquiries/notifications.server";
import { createLogger } from "../../server/logger.server";
import { createMailer } from "../../server/mail/mailer.server";
import { createOutboxWorker } from "../../server/outbox/outbox.server";
import { paymentDeliveryHandlers } from "../../server/payments/notifications.server";
import { createPayments } from "../../server/payments/payments.server";
import { freePort, startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { startFakeStripeApi, type FakeStripeApi } from "../fakes/stripe-api";
import { openTestDatabase, testDatabaseKind } from "../helpers/databases";
import { createInquiryHarness, validInquiry } from "../helpers/inquiries";
import { captureLogs } from "../helpers/logs";

const WEBHOOK_SECRET = "whsec_faults";
const STRIPE_KEY = "sk_test_faults_canary_4f9a";

/** A TCP server that accepts connections and never says a word (a hung SMTP server). */
async function startSilentServer(port = 0) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => sockets.size,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** A SQLite database another process holds the write lock of, with a short busy timeout (the server's is 5 s). */
async function lockableSqlite() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-faults-"));
  const file = path.join(dir, "app.db");
  const database = openDatabase({ kind: "sqlite", path: file });
  await migrateToLatest(database);
  await sql`PRAGMA busy_timeout = 150`.execute(database.db);
  const other = new SQLite(file);
  return {
    database,
    lock: () => other.exec("BEGIN EXCLUSIVE"),
    unlock: () => other.exec("COMMIT"),
    async dispose() {
      if (other.inTransaction) other.exec("ROLLBACK");
      other.close();
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const json = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

describe(`SMTP faults on ${testDatabaseKind}`, () => {
  it("a hanging SMTP server is cut off by the timeouts; the inquiry is kept (200) and its two emails delivered once SMTP answers", async () => {
    const silent = await startSilentServer();
    const port = silent.port;
    const t = await createInquiryHarness({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      INQUIRY_TO: "studio@example.com",
    });
    const config = t.config;
    const logger = createLogger(config);
    const mailer = createMailer(config, logger, {
      connectionTimeout: 300,
      greetingTimeout: 300,
      socketTimeout: 500,
    });
    // The worker's own cut (half a lease, 3 s here) is the backstop should the mailer's 300 ms not hold.
    const worker = createOutboxWorker({
      database: t.database,
      logger,
      leaseMs: 6_000,
      handlers: inquiryDeliveryHandlers({ config, database: t.database, mailer }),
      now: () => t.clock.now,
    });
    let smtp: FakeSmtp | undefined;
    try {
      const res = await t.post(validInquiry);
      expect(res.status).toBe(200);
      expect(await t.countInquiries()).toBe(1);

      // The pass ends because the mailer's greeting timeout fired, not the worker's backstop
      // (which would record "delivery timed out after 3 s").
      // The studio's email and the visitor's acknowledgement: one connection each at most.
      expect(await worker.runOnce()).toMatchObject({ claimed: 2, retry: 2 });
      expect(silent.connections()).toBeLessThanOrEqual(2);
      for (const row of await t.outboxRows()) {
        expect(row).toMatchObject({ status: "pending", attempts: 1 });
        expect(row.last_error).toMatch(/greeting never received/i);
      }

      // The mail server comes back on the same address.
      await silent.close();
      smtp = await startFakeSmtp(port);
      t.clock.now += 60_000;
      // The mailer's 300 ms limits hold for the working server too: on a loaded machine this
      // process can pause past them, and that pass retries. Each pass claims what is left, and
      // within a few passes both are delivered, each once (the subjects below).
      let delivered = 0;
      for (let pass = 0; pass < 5 && delivered < 2; pass++) {
        const result = await worker.runOnce();
        expect(result.claimed).toBe(2 - delivered);
        delivered += result.delivered;
        t.clock.now += 24 * 60 * 60_000;
      }
      expect(delivered).toBe(2);
      expect(await worker.runOnce()).toMatchObject({ claimed: 0 });
      expect(smtp.messages.map((m) => m.subject).sort()).toEqual([
        "New project inquiry from Ada Lovelace",
        "We received your inquiry: Cascadia Web Studio",
      ]);
    } finally {
      mailer.close();
      await silent.close();
      await smtp?.stop();
      await t.dispose();
    }
  });

  it("a refusing SMTP port answers the visitor 200 at once: delivery is never on the request path", async () => {
    const closed = await freePort();
    const t = await createInquiryHarness({ SMTP_URL: `smtp://127.0.0.1:${closed}` });
    try {
      const res = await t.post(validInquiry);
      expect(res.status).toBe(200);
      // Answered before any delivery was tried: both notifications (studio, visitor) wait untouched for the worker.
      const untouched = expect.objectContaining({ status: "pending", attempts: 0, last_error: null });
      expect(await t.outboxRows()).toEqual([untouched, untouched]);
      expect(await t.worker.runOnce()).toMatchObject({ retry: 2 });
      for (const row of await t.outboxRows()) expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await t.dispose();
    }
  });
});

describe("database unavailable at request time", () => {
  let stripe: FakeStripeApi;
  beforeAll(async () => {
    stripe = await startFakeStripeApi();
  });
  afterAll(async () => {
    await stripe.close();
  });

  function appOn(database: AppDatabase, logStream?: Writable) {
    const config = loadConfig({
      NODE_ENV: "test",
      PAYMENTS_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    const logger = createLogger(config, logStream ? { stream: logStream, level: "info" } : {});
    return createApp({ config, database, logger, payments: { stripeApi: stripe.api } });
  }

  function signedEvent(sessionId: string, amount = 22_000) {
    const payload = JSON.stringify({
      id: `evt_${Math.random().toString(36).slice(2)}`,
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: sessionId,
          object: "checkout.session",
          amount_total: amount,
          currency: "cad",
          payment_status: "paid",
          metadata: {},
        },
      },
    });
    return {
      method: "POST",
      body: payload,
      headers: {
        "content-type": "application/json",
        "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
    };
  }

  async function expect503(res: Response) {
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toEqual({ success: false, error: SERVICE_UNAVAILABLE_MESSAGE });
  }

  it("PostgreSQL refusing connections: inquiries, create-payment and the webhook answer 503 with a clear JSON error", async () => {
    const port = await freePort();
    const database = openDatabase({
      kind: "postgres",
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    });
    try {
      const app = appOn(database);
      await expect503(await app.request("/api/inquiries", json(validInquiry)));
      await expect503(await app.request("/api/create-payment", json({ amount: 220 })));
      await expect503(await app.request("/api/stripe/webhook", signedEvent("cs_test_x")));
      const ready = await app.request("/readyz");
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: "error", database: "down" });
      // Alive all the same: restarting the process would not bring the database back.
      expect((await app.request("/healthz")).status).toBe(200);
    } finally {
      await database.close();
    }
  });

  it("SQLite locked by another writer: 503 while locked, served again once released, with no restart", async () => {
    const s = await lockableSqlite();
    try {
      const app = appOn(s.database);
      expect((await app.request("/api/inquiries", json(validInquiry))).status).toBe(200);
      s.lock();
      await expect503(await app.request("/api/inquiries", json(validInquiry)));
      await expect503(await app.request("/api/create-payment", json({ amount: 220 })));
      s.unlock();
      expect((await app.request("/api/inquiries", json(validInquiry))).status).toBe(200);
      expect((await app.request("/api/create-payment", json({ amount: 220 }))).status).toBe(200);
      const count = await s.database.db
        .selectFrom("leads")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(2);
    } finally {
      await s.dispose();
    }
  });

  it("logs failures with the request id, never the visitor's message, email or phone, nor the Stripe key", async () => {
    const s = await lockableSqlite();
    const logs = captureLogs();
    const visitor = {
      ...validInquiry,
      email: "visitor.canary.77@example.com",
      phone: "604-555-7777",
      message: "CANARY-MESSAGE-BODY: our private plans for the bakery",
    };
    try {
      const app = appOn(s.database, logs.stream);
      s.lock();
      const res = await app.request("/api/inquiries", json(visitor));
      expect(res.status).toBe(503);
      const reqId = res.headers.get("x-request-id");
      expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
      const failure = logs.lines.find((l) => l.msg === "database unavailable");
      expect(failure).toMatchObject({
        reqId,
        level: 50,
        error: { name: "SqliteError", code: "SQLITE_BUSY" },
      });
      s.unlock();

      // A payment the provider refuses: the service's own error line carries the request's id too.
      stripe.failNextRequest(400, "Your card number is incorrect: 4242 4242 4242 4242");
      const pay = await app.request("/api/create-payment", json({ amount: "450.50", packageType: "pro" }));
      expect(pay.status).toBe(502);
      const payReqId = pay.headers.get("x-request-id");
      const payFailure = logs.lines.find((l) => l.msg === "checkout session not created");
      expect(payFailure).toMatchObject({ reqId: payReqId, level: 50 });
      // Every line logged during a request names it.
      for (const line of logs.lines.filter((l) => l.msg === "request"))
        expect(line.reqId).toEqual(expect.any(String));

      const all = logs.raw.join("\n");
      for (const secret of [
        visitor.message,
        "CANARY-MESSAGE-BODY",
        visitor.email,
        visitor.phone,
        STRIPE_KEY,
        WEBHOOK_SECRET,
        "4242 4242",
      ]) {
        expect(all, `log contains ${secret}`).not.toContain(secret);
      }
    } finally {
      await s.dispose();
    }
  });
});

describe(`a webhook before, during and after the success-page check on ${testDatabaseKind}`, () => {
  let stripe: FakeStripeApi;
  let smtp: FakeSmtp;
  beforeAll(async () => {
    stripe = await startFakeStripeApi();
    smtp = await startFakeSmtp();
  });
  afterAll(async () => {
    await stripe.close();
    await smtp.stop();
  });
  afterEach(() => {
    smtp.messages.length = 0;
  });

  it("fulfils each payment exactly once and notifies the studio once", async () => {
    const config = loadConfig({
      NODE_ENV: "test",
      RATE_LIMIT_DISABLED: "true",
      PAYMENTS_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SMTP_URL: smtp.url,
      INQUIRY_TO: "studio@example.com",
    });
    const database = await openTestDatabase();
    const logger = createLogger(config);
    const mailer = createMailer(config, logger);
    const app = createApp({ config, database, logger, payments: { stripeApi: stripe.api } });
    // The success page's loader calls this same service (verify), as the /payment-success route does.
    const { service } = createPayments({ config, database, logger, options: { stripeApi: stripe.api } });
    const worker = createOutboxWorker({
      database,
      logger,
      handlers: paymentDeliveryHandlers({ config, database, mailer }),
    });
    const webhook = async (sessionId: string, cents: number, n: number) => {
      const payload = JSON.stringify({
        id: `evt_${sessionId.slice(-8)}_${n}`,
        object: "event",
        type: n % 2 ? "checkout.session.async_payment_succeeded" : "checkout.session.completed",
        data: {
          object: {
            id: sessionId,
            object: "checkout.session",
            amount_total: cents,
            currency: "cad",
            payment_status: "paid",
            metadata: {},
          },
        },
      });
      return app.request("/api/stripe/webhook", {
        method: "POST",
        body: payload,
        headers: {
          "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
      });
    };
    async function paidSession(amount: string) {
      const res = await app.request("/api/create-payment", json({ amount, packageType: "pro" }));
      const { url } = (await res.json()) as { url: string };
      const sessionId = url.split("/").at(-1)!;
      stripe.setPaymentStatus(sessionId, "paid");
      const row = await database.db
        .selectFrom("payments")
        .selectAll()
        .where("provider_session_id", "=", sessionId)
        .executeTakeFirstOrThrow();
      return { sessionId, cents: Number(row.amount_cents) };
    }
    try {
      // Before: the webhook lands first, the page then reads "paid".
      const before = await paidSession("340");
      expect((await webhook(before.sessionId, before.cents, 0)).status).toBe(200);
      expect(await service.verify(before.sessionId)).toMatchObject({ state: "paid" });

      // During: five deliveries and five page loads at the same moment.
      const during = await paidSession("450.50");
      const results = await Promise.all([
        ...[0, 1, 2, 3, 4].map((n) => webhook(during.sessionId, during.cents, n).then((r) => r.status)),
        ...[0, 1, 2, 3, 4].map(() => service.verify(during.sessionId).then((v) => v.state)),
      ]);
      expect(results).toEqual([200, 200, 200, 200, 200, "paid", "paid", "paid", "paid", "paid"]);

      // After: the page confirms with Stripe first, the webhook arrives later (twice).
      const after = await paidSession("999.99");
      expect(await service.verify(after.sessionId)).toMatchObject({ state: "paid" });
      expect((await webhook(after.sessionId, after.cents, 0)).status).toBe(200);
      expect((await webhook(after.sessionId, after.cents, 0)).status).toBe(200);

      const rows = await database.db.selectFrom("payments").selectAll().execute();
      expect(rows.map((r) => r.status)).toEqual(["paid", "paid", "paid"]);
      // One email per payment was queued with its settlement; a second pass finds nothing more to send.
      expect(await worker.runOnce()).toMatchObject({ claimed: 3, delivered: 3 });
      expect(await worker.runOnce()).toMatchObject({ claimed: 0 });
      expect(smtp.messages.map((m) => m.subject).sort()).toEqual([
        "Payment received: Pro Website, $340.00 CAD",
        "Payment received: Pro Website, $450.50 CAD",
        "Payment received: Pro Website, $999.99 CAD",
      ]);
    } finally {
      await worker.stop();
      mailer.close();
      await database.dispose();
    }
  });
});
