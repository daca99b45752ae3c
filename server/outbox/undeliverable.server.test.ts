import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { startFakeSmtp, type FakeSmtp } from "../../tests/fakes/smtp";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../../tests/helpers/databases";
import { loadConfig } from "../config.server";
import {
  INQUIRY_ACK_EMAIL,
  inquiryDeliveryHandlers,
  inquiryOutboxItems,
} from "../inquiries/notifications.server";
import { createLogger } from "../logger.server";
import { createMailer } from "../mail/mailer.server";
import { createMetrics } from "../metrics.server";
import { createOutboxWorker, enqueue } from "./outbox.server";
import {
  UNDELIVERABLE_ALERT,
  undeliverableAlertHandlers,
  undeliverableAlertItem,
} from "./undeliverable.server";

const logger = createLogger({ LOG_LEVEL: "silent", NODE_ENV: "test" });
const STUDIO = "studio@example.com";
const BOUNCING = "nobody@bounce.example.com";
const HOUR = 60 * 60_000;

describe(`an undeliverable client email alerts the studio once (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  let smtp: FakeSmtp;
  let refused: Set<string>;
  let clock: number;

  beforeEach(async () => {
    database = await openTestDatabase();
    refused = new Set([BOUNCING]);
    smtp = await startFakeSmtp(0, { refuse: (to) => refused.has(to) });
    clock = Date.parse("2026-11-25T12:00:00.000Z");
  });
  afterEach(async () => {
    await smtp.stop();
    await database.dispose();
  });

  /** An inquiry from a client whose mailbox does not exist, with its two notifications queued. */
  async function bouncingLead() {
    const id = randomUUID();
    await database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("leads")
        .values({
          id,
          first_name: "Grace",
          last_name: "Hopper",
          email: BOUNCING,
          phone: null,
          company: null,
          project_type: "basic",
          budget: null,
          timeline: null,
          message: "A site for the compiler shop.",
          source: "api",
          created_at: new Date(clock).toISOString(),
          search_text: "",
        })
        .execute();
      await enqueue(trx, inquiryOutboxItems({}, id, true), clock);
    });
    return id;
  }

  function worker(maxAttempts: number) {
    const config = loadConfig({
      NODE_ENV: "test",
      SMTP_URL: smtp.url,
      INQUIRY_TO: STUDIO,
      SITE_URL: "https://studio.example",
    });
    const mailer = createMailer(config, logger);
    const metrics = createMetrics();
    const w = createOutboxWorker({
      database,
      logger,
      handlers: {
        ...inquiryDeliveryHandlers({ config, database, mailer }),
        ...undeliverableAlertHandlers({ config, database, mailer }),
      },
      metrics,
      onUndeliverable: undeliverableAlertItem,
      maxAttempts,
      now: () => clock,
    });
    return { w, metrics, close: () => mailer.close() };
  }

  /** Passes until nothing is due, moving the clock an hour (past any backoff) between them. */
  async function drain(w: ReturnType<typeof worker>["w"], passes = 6) {
    for (let i = 0; i < passes; i++) {
      await w.runOnce();
      clock += HOUR;
    }
  }

  const alerts = () => smtp.messages.filter((m) => m.subject.startsWith("Undeliverable email"));
  const outboxRows = () =>
    database.db.selectFrom("outbox").select(["channel", "status", "subject_id"]).orderBy("channel").execute();

  it("emails the studio once, through the outbox, when the acknowledgement gives up; retried and given up again, not twice", async () => {
    const leadId = await bouncingLead();
    const { w, metrics, close } = worker(2);
    try {
      await drain(w);
      const mails = alerts();
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toEqual([STUDIO]);
      expect(mails[0]!.subject).toBe(
        "Undeliverable email to Grace Hopper: the acknowledgement of their inquiry",
      );
      expect(mails[0]!.text).toContain(`Grace Hopper <${BOUNCING}>`);
      expect(mails[0]!.text).toContain(`https://studio.example/studio/leads/${leadId}`);
      expect(mails[0]!.text).toContain("tried 2 times");
      // The studio's own notification of the inquiry went out; the client's never did.
      expect(smtp.messages.filter((m) => m.to.includes(BOUNCING))).toHaveLength(0);
      const rows = await outboxRows();
      const ack = rows.find((r) => r.channel === INQUIRY_ACK_EMAIL)!;
      expect(ack.status).toBe("failed");
      expect(rows.filter((r) => r.channel === UNDELIVERABLE_ALERT)).toEqual([
        { channel: UNDELIVERABLE_ALERT, status: "delivered", subject_id: expect.any(String) },
      ]);

      const text = await metrics.registry.metrics();
      expect(text).toContain(`cascadia_outbox_delivery_failures_total{channel="${INQUIRY_ACK_EMAIL}"} 2`);
      expect(text).toContain(`cascadia_outbox_undeliverable_total{channel="${INQUIRY_ACK_EMAIL}"} 1`);
      expect(text).toContain(`cascadia_outbox_undeliverable_total{channel="inquiry-email"} 0`);

      // The studio retries it from the lead's page; it bounces again and gives up again: no second alert.
      await database.db
        .updateTable("outbox")
        .set({ status: "pending", attempts: 0, next_attempt_at: new Date(clock).toISOString() })
        .where("channel", "=", INQUIRY_ACK_EMAIL)
        .execute();
      await drain(w);
      expect((await outboxRows()).find((r) => r.channel === INQUIRY_ACK_EMAIL)!.status).toBe("failed");
      expect(alerts()).toHaveLength(1);
      expect((await outboxRows()).filter((r) => r.channel === UNDELIVERABLE_ALERT)).toHaveLength(1);
    } finally {
      close();
    }
  });

  it("two workers on one database: the client email gives up once, one alert is queued and sent", async () => {
    await bouncingLead();
    const a = worker(1);
    const b = worker(1);
    try {
      // Both claim what is due at once (one wins each row), then deliver the alert.
      await Promise.all([a.w.runOnce(), b.w.runOnce()]);
      await Promise.all([a.w.runOnce(), b.w.runOnce()]);
      expect((await outboxRows()).filter((r) => r.channel === UNDELIVERABLE_ALERT)).toHaveLength(1);
      expect(alerts()).toHaveLength(1);
    } finally {
      a.close();
      b.close();
    }
  });

  it("an alert that cannot be delivered itself raises no alert (no loop)", async () => {
    refused.add(STUDIO);
    await bouncingLead();
    const { w, close } = worker(1);
    try {
      await drain(w);
      const rows = await outboxRows();
      expect(rows.map((r) => [r.channel, r.status])).toEqual([
        ["inquiry-ack-email", "failed"],
        ["inquiry-email", "failed"],
        [UNDELIVERABLE_ALERT, "failed"],
      ]);
      expect(smtp.messages).toHaveLength(0);
    } finally {
      close();
    }
  });

  it("sends each email with its outbox row's id as Message-ID, whichever capability built it", async () => {
    await bouncingLead();
    const { w, close } = worker(1);
    try {
      await drain(w);
      const rows = await database.db
        .selectFrom("outbox")
        .select(["id", "channel"])
        .where("status", "=", "delivered")
        .orderBy("channel")
        .execute();
      expect(rows.map((r) => r.channel)).toEqual(["inquiry-email", UNDELIVERABLE_ALERT]);
      // A retry after a lost answer carries the same id, so the inbox can tell it is the same mail.
      expect(smtp.messages.map((m) => m.headers["message-id"]).sort()).toEqual(
        rows.map((r) => `<${r.id}@cascadiawebstudio.ca>`).sort(),
      );
    } finally {
      close();
    }
  });
});
