import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { loadConfig } from "../../server/config.server";
import { createLogger } from "../../server/logger.server";
import { createServices, type Services } from "../../server/services.server";
import { dueWeek, WEEKLY_EMAIL } from "../../server/studio/weekly.server";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";
import { dealRows } from "../helpers/deals";

/**
 * The studio's weekly email (issue 41): due Monday from 08:00 in Vancouver, queued once per week
 * through the outbox, and its figures are the analytics page's and the Accounting page's for the
 * same Monday-to-Sunday week, against the week before.
 */
describe(`weekly email on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let smtp: FakeSmtp;
  let services: Services;
  // Monday November 30, 2026, 08:30 in Vancouver (UTC-7 all year from 2026, as the zone's data has it).
  const clock = { now: Date.parse("2026-11-30T15:30:00.000Z") };
  beforeAll(async () => {
    database = await openTestDatabase();
    smtp = await startFakeSmtp();
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      PAYMENTS_PROVIDER: "sandbox",
      SMTP_URL: smtp.url,
      INQUIRY_TO: "studio@example.com",
    });
    services = createServices({
      config,
      database,
      logger: createLogger(config),
      now: () => clock.now,
      deliver: true,
    });
  });
  afterAll(async () => {
    await services?.outboxWorker?.stop();
    await database?.dispose();
    await smtp?.stop();
  });

  it("is due from Monday 08:00 in Vancouver, for the Monday-to-Sunday week before", () => {
    expect(dueWeek(Date.parse("2026-11-30T14:59:00.000Z"))).toBeNull();
    expect(dueWeek(Date.parse("2026-11-30T15:00:00.000Z"))).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    // Sunday night in Vancouver is already Monday in UTC: still the week before's turn.
    expect(dueWeek(Date.parse("2026-12-07T06:30:00.000Z"))).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(dueWeek(Date.parse("2026-12-03T20:00:00.000Z"))).toEqual({ from: "2026-11-23", to: "2026-11-29" });
  });

  it("queues nothing for a week with nothing in it and nothing the week before (a studio just installed)", async () => {
    clock.now = Date.parse("2026-11-16T16:00:00.000Z");
    try {
      expect(await services.weekly.queueDue()).toBeNull();
      const rows = await database.db
        .selectFrom("outbox")
        .select("id")
        .where("channel", "=", WEEKLY_EMAIL)
        .execute();
      expect(rows).toHaveLength(0);
    } finally {
      clock.now = Date.parse("2026-11-30T15:30:00.000Z");
    }
  });

  it("sends last week's figures, equal to the dashboard's and the accounting page's, once", async () => {
    const { db } = database;
    const rollup = async (bucket: string, visitors: number, visits: number) => {
      await db
        .insertInto("analytics_rollups")
        .values({
          period: "day",
          bucket,
          dimension: "total",
          value: "",
          visitors,
          visits,
          pageviews: visits * 2,
          bounces: 0,
          events: 0,
          amount_cents: 0,
        })
        .execute();
      await db
        .insertInto("analytics_rollup_marks")
        .values({ period: "day", bucket, through: "2026-11-30T15:00:00.000Z" })
        .execute();
    };
    await rollup("2026-11-24", 10, 12);
    await rollup("2026-11-28", 3, 3);
    await rollup("2026-11-18", 4, 5);
    const { lead, quote } = dealRows(database, { now: clock.now });
    // Two leads last week (one quoted), one the week before; one in Spam counts nowhere.
    const quoted = await lead({ status: "quoted", createdAt: Date.parse("2026-11-24T18:00:00.000Z") });
    await quote(quoted, { status: "sent", sent_at: "2026-11-25T18:00:00.000Z" });
    await lead({ status: "new", createdAt: Date.parse("2026-11-29T20:00:00.000Z") });
    await lead({ status: "new", createdAt: Date.parse("2026-11-17T20:00:00.000Z") });
    await lead({ status: "new", createdAt: Date.parse("2026-11-25T20:00:00.000Z"), quarantined: true });
    await db
      .insertInto("money_documents")
      .values({
        id: randomUUID(),
        kind: "receipt",
        number: "R2026-0101",
        quote_id: randomUUID(),
        lead_id: quoted,
        payment_id: "pay-weekly",
        payment_kind: "deposit",
        amount_cents: 105_000,
        taxes: JSON.stringify([{ code: "GST", label: "GST 5%", basisPoints: 500, cents: 5_000 }]),
        lines: "[]",
        terms: "Half now.",
        buyer_name: "Ada Lovelace",
        registration_number: null,
        status: "paid",
        issued_at: "2026-11-26T18:00:00.000Z",
        settled_at: null,
      })
      .execute();

    const week = { from: "2026-11-23", to: "2026-11-29" };
    const view = await services.dashboard.overview({ range: "custom", ...week });
    const received = services.accounting.totals(await services.accounting.rows(week)).received.totalCents;
    const figures = await services.weekly.figures(week);
    expect(figures).toEqual({
      visits: view.totals.visits,
      visitors: view.totals.visitors,
      leads: view.funnel.reduce((s, r) => s + r.inquiries, 0),
      calls: view.funnel.reduce((s, r) => s + r.booked, 0),
      quotes: view.funnel.reduce((s, r) => s + r.quoted, 0),
      receivedCents: received,
    });
    expect(figures).toEqual({
      visits: 15,
      visitors: 13,
      leads: 2,
      calls: 0,
      quotes: 1,
      receivedCents: 105_000,
    });

    // Queued twice (two passes of the job, or two processes): one email.
    expect(await services.weekly.queueDue()).toEqual(week);
    expect(await services.weekly.queueDue()).toEqual(week);
    const rows = await db.selectFrom("outbox").select("id").where("channel", "=", WEEKLY_EMAIL).execute();
    expect(rows).toHaveLength(1);
    // The worker runs on the real clock, days before this test's Monday: the row is made due now.
    await db
      .updateTable("outbox")
      .set({ next_attempt_at: new Date(0).toISOString() })
      .where("channel", "=", WEEKLY_EMAIL)
      .execute();
    while ((await services.outboxWorker!.runOnce()).claimed > 0);
    const mails = smtp.messages.filter((m) => m.subject.startsWith("Your week"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(["studio@example.com"]);
    expect(mails[0]!.subject).toBe("Your week, 2026-11-23 to 2026-11-29");
    expect(mails[0]!.text).toContain("Visits: 15 (week before: 5)");
    expect(mails[0]!.text).toContain("Leads: 2 (week before: 1)");
    expect(mails[0]!.text).toContain("Quotes sent: 1 (week before: 0)");
    expect(mails[0]!.text).toContain("Received: $1,050.00 CAD (week before: $0.00 CAD)");
  });
});
