import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { startFakeSmtp, type FakeSmtp } from "../../tests/fakes/smtp";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../../tests/helpers/databases";
import { loadConfig } from "../config.server";
import { createLogger } from "../logger.server";
import { createMailer } from "../mail/mailer.server";
import { createOutboxWorker, OUTBOX_DEFAULTS } from "../outbox/outbox.server";
import { createFulfil } from "./fulfil.server";
import { paymentDeliveryHandlers } from "./notifications.server";

const logger = createLogger({ NODE_ENV: "test", LOG_LEVEL: "silent" });

describe(`fulfil() on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let smtp: FakeSmtp;
  const clock = { now: Date.now() };
  const now = () => clock.now;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(async () => {
    await smtp.stop();
  });
  beforeEach(async () => {
    database = await openTestDatabase();
    smtp.messages.length = 0;
    const at = new Date().toISOString();
    await database.db
      .insertInto("payments")
      .values({
        id: "p1",
        package: "basic",
        amount_cents: 22_000,
        currency: "cad",
        status: "pending",
        provider: "sandbox",
        provider_session_id: "sess_1",
        idempotency_key: "payment-p1",
        failure_reason: null,
        created_at: at,
        updated_at: at,
        paid_at: null,
        failed_at: null,
        last_checked_at: null,
      })
      .execute();
  });
  afterEach(async () => {
    await database.dispose();
  });

  /** The outbox worker as server/index.ts wires it for payment emails, on the fake SMTP server. */
  function outboxWorker() {
    const config = loadConfig({ NODE_ENV: "test", SMTP_URL: smtp.url, INQUIRY_TO: "studio@example.com" });
    const mailer = createMailer(config, logger);
    const worker = createOutboxWorker({
      database,
      logger,
      handlers: paymentDeliveryHandlers({ config, database, mailer }),
      now,
    });
    return { worker, close: () => mailer.close() };
  }
  const emailRows = () =>
    database.db.selectFrom("outbox").selectAll().where("channel", "=", "payment-email").execute();

  it("moves pending to paid exactly once under 20 concurrent calls, and queues one studio email with it", async () => {
    const fulfil = createFulfil({ database, logger, now });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => fulfil("sess_1", { status: "paid" }, `call ${i}`)),
    );
    expect(results.filter((r) => r.result === "changed")).toHaveLength(1);
    expect(results.filter((r) => r.result === "unchanged")).toHaveLength(19);
    const row = await database.db.selectFrom("payments").selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe("paid");
    expect(await emailRows()).toMatchObject([
      { subject_type: "payment", subject_id: "p1", status: "pending" },
    ]);
  });

  it("never moves a settled payment: failed stays failed, paid stays paid; a failure queues no email", async () => {
    const fulfil = createFulfil({ database, logger, now });
    expect((await fulfil("sess_1", { status: "failed", reason: "declined" }, "t")).result).toBe("changed");
    const again = await fulfil("sess_1", { status: "paid" }, "t");
    expect(again.result).toBe("unchanged");
    expect(again.result === "unchanged" && again.payment.status).toBe("failed");
    expect(await emailRows()).toEqual([]);
  });

  it("reports an unknown session and changes nothing", async () => {
    const fulfil = createFulfil({ database, logger, now });
    expect(await fulfil("sess_nope", { status: "paid" }, "t")).toEqual({ result: "unknown" });
    expect((await database.db.selectFrom("payments").select("status").executeTakeFirstOrThrow()).status).toBe(
      "pending",
    );
    expect(await emailRows()).toEqual([]);
  });

  it("keeps the studio's email while SMTP is down and delivers it exactly once when it is back, marked [TEST] for the sandbox", async () => {
    const { worker, close } = outboxWorker();
    try {
      await smtp.stop();
      const fulfil = createFulfil({ database, logger, now });
      expect((await fulfil("sess_1", { status: "paid" }, "t")).result).toBe("changed");
      expect(
        (await database.db.selectFrom("payments").select("status").executeTakeFirstOrThrow()).status,
      ).toBe("paid");

      expect(await worker.runOnce()).toMatchObject({ claimed: 1, retry: 1 });
      expect(await emailRows()).toMatchObject([{ status: "pending", attempts: 1 }]);

      await smtp.restart();
      // Not due before its backoff ends, then delivered once.
      expect(await worker.runOnce()).toMatchObject({ claimed: 0 });
      clock.now += OUTBOX_DEFAULTS.baseBackoffMs * 1.2;
      expect(await worker.runOnce()).toMatchObject({ claimed: 1, delivered: 1 });
      expect(await worker.runOnce()).toMatchObject({ claimed: 0 });
      expect(smtp.messages.map((m) => m.subject)).toEqual([
        "[TEST] Payment received: Basic Website, $220.00 CAD",
      ]);
      expect(smtp.messages[0]!.text).toContain("TEST PAYMENT made in test mode: no money moved.");
      // The owner reads words, not the provider's code (issue 37).
      expect(smtp.messages[0]!.text).not.toContain("sandbox");
      expect(await emailRows()).toMatchObject([{ status: "delivered" }]);
    } finally {
      await worker.stop();
      close();
    }
  });
});
