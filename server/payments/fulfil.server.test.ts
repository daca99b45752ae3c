import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestDatabase, openTestDatabase, testDatabaseKind } from "../../tests/helpers/databases";
import { createLogger } from "../logger.server";
import type { Mailer } from "../mail/mailer.server";
import { createFulfil } from "./fulfil.server";

const logger = createLogger({ NODE_ENV: "test", LOG_LEVEL: "silent" });

/** Records what would be mailed; the SMTP path itself is covered in tests/integration/payments.test.ts. */
function recordingMailer(fail = false): Mailer & { sent: string[] } {
  const sent: string[] = [];
  return {
    configured: true,
    studioInbox: "studio@example.com",
    sent,
    async send(m) {
      if (fail) throw new Error("SMTP down");
      sent.push(m.subject);
      return { messageId: String(sent.length) };
    },
    close() {},
  };
}

describe(`fulfil() on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase();
    const now = new Date().toISOString();
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
        created_at: now,
        updated_at: now,
        paid_at: null,
        failed_at: null,
      })
      .execute();
  });
  afterEach(async () => {
    await database.dispose();
  });

  it("moves pending to paid exactly once under 20 concurrent calls, and notifies once", async () => {
    const mailer = recordingMailer();
    const fulfil = createFulfil({ database, mailer, logger });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => fulfil("sess_1", { status: "paid" }, `call ${i}`)));
    expect(results.filter((r) => r.result === "changed")).toHaveLength(1);
    expect(results.filter((r) => r.result === "unchanged")).toHaveLength(19);
    await Promise.all(results.map((r) => (r.result === "changed" ? r.notified : undefined)));
    expect(mailer.sent).toEqual(["Payment received: Basic Website, $220.00 CAD"]);
    const row = await database.db.selectFrom("payments").selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe("paid");
  });

  it("never moves a settled payment: failed stays failed, paid stays paid", async () => {
    const fulfil = createFulfil({ database, mailer: recordingMailer(), logger });
    expect((await fulfil("sess_1", { status: "failed", reason: "declined" }, "t")).result).toBe("changed");
    const again = await fulfil("sess_1", { status: "paid" }, "t");
    expect(again.result).toBe("unchanged");
    expect(again.result === "unchanged" && again.payment.status).toBe("failed");
  });

  it("reports an unknown session and changes nothing", async () => {
    const fulfil = createFulfil({ database, mailer: recordingMailer(), logger });
    expect(await fulfil("sess_nope", { status: "paid" }, "t")).toEqual({ result: "unknown" });
    expect((await database.db.selectFrom("payments").select("status").executeTakeFirstOrThrow()).status).toBe("pending");
  });

  it("records the payment even when the mail server fails", async () => {
    const fulfil = createFulfil({ database, mailer: recordingMailer(true), logger });
    const r = await fulfil("sess_1", { status: "paid" }, "t");
    expect(r.result).toBe("changed");
    await expect(r.result === "changed" ? r.notified : Promise.reject()).resolves.toBeUndefined();
    expect((await database.db.selectFrom("payments").select("status").executeTakeFirstOrThrow()).status).toBe("paid");
  });
});
