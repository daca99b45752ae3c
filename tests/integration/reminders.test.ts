import type { Insertable, Updateable } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { siteConfig } from "../../app/content/site";
import { loadConfig } from "../../server/config.server";
import type { QuoteTable } from "../../server/db/schema";
import { createMailer } from "../../server/mail/mailer.server";
import { createOutboxWorker } from "../../server/outbox/outbox.server";
import { UNDELIVERABLE_ALERT, undeliverableAlertItem } from "../../server/outbox/undeliverable.server";
import { runReminderCommand } from "../../server/reminders/cli.server";
import {
  followUpReminders,
  REMINDER_BALANCE_7,
  REMINDER_BALANCE_14,
  REMINDER_NEW_LEAD,
  REMINDER_QUOTE_EXPIRING,
} from "../../server/reminders/follow-ups.server";
import { createReminderOptOuts } from "../../server/reminders/opt-outs.server";
import {
  queueDueReminders,
  reminderDeliveryHandlers,
  startReminderJob,
} from "../../server/reminders/reminders.server";
import { secretFor } from "../../server/secrets.server";
import { createSettings } from "../../server/settings/settings.server";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";
import { dealRows } from "../helpers/deals";
import { capturingLogger } from "../helpers/logs";

const SITE_URL = "https://studio.example";
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
// A Wednesday noon in Vancouver (UTC-7).
const T0 = Date.parse("2026-12-02T19:00:00.000Z");

/**
 * The follow-ups on a real database with the outbox and an in-process SMTP server:
 * each reminder is queued by the scan when due, sent once, recorded in the lead's
 * timeline, and dropped (recorded, not sent) when what it is about changed meanwhile.
 */
describe(`reminders on ${testDatabaseKind}`, () => {
  let smtp: FakeSmtp;
  let database: TestDatabase;
  const clock = { now: T0 };
  const now = () => clock.now;
  const config = () =>
    loadConfig({
      NODE_ENV: "test",
      SITE_URL,
      SMTP_URL: smtp.url,
      INQUIRY_TO: "studio@example.com",
      UNSUBSCRIBE_SECRET: "a test key for unsubscribe links, 32+ chars",
    });

  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(async () => {
    await smtp?.stop();
  });
  beforeEach(async () => {
    clock.now = T0;
    smtp.messages.length = 0;
    database = await openTestDatabase();
  });
  afterEach(async () => {
    await database.dispose();
  });

  function harness() {
    const cfg = config();
    const { logger } = capturingLogger("info");
    const mailer = createMailer(cfg, logger, {
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 30_000,
    });
    const optOuts = createReminderOptOuts({ database, key: secretFor(cfg, "reminder-opt-outs"), now });
    const reminders = followUpReminders({ config: cfg, mailer, optOuts });
    const worker = () =>
      createOutboxWorker({
        database,
        logger,
        handlers: reminderDeliveryHandlers({ database, reminders, enabled: true, now }),
        now,
      });
    const scan = () => queueDueReminders({ database, reminders, now: now() });
    return { optOuts, reminders, worker, scan, mailer };
  }

  const rows = () => dealRows(database, { now: T0 });
  const lead = (fields?: Parameters<ReturnType<typeof rows>["lead"]>[0]) => rows().lead(fields);
  const quote = (leadId: string, fields: Partial<Insertable<QuoteTable>>) => rows().quote(leadId, fields);

  const setQuote = (id: string, fields: Updateable<QuoteTable>) =>
    database.db.updateTable("quotes").set(fields).where("id", "=", id).execute();
  const timeline = (leadId: string) =>
    database.db
      .selectFrom("lead_activity")
      .select(["kind", "body", "actor_email"])
      .where("lead_id", "=", leadId)
      .where("kind", "in", ["reminder-sent", "reminder-cancelled"])
      .orderBy("created_at")
      .execute();
  const reminderMails = () => smtp.messages.filter((m) => /^(\[TEST\] )?Reminder|^Reply due/.test(m.subject));

  it("follows the owner's reminder settings when the job runs, no restart: the days, the wording, the timeline's words", async () => {
    const h = harness();
    const settings = createSettings({ database, now });
    const leadId = await lead({ email: "client@example.com" });
    await quote(leadId, {
      status: "deposit_paid",
      deposit_paid_at: new Date(T0 - 2 * DAY).toISOString(),
      balance_requested_at: new Date(T0).toISOString(),
    });
    const expiring = await lead({ email: "other@example.com" });
    await quote(expiring, {
      status: "sent",
      sent_at: new Date(T0 - 5 * DAY).toISOString(),
      expires_at: new Date(T0 + 7 * DAY).toISOString(),
    });
    // The defaults: nothing due yet (7 days after the request; 3 before expiry).
    clock.now = T0 + 3 * DAY;
    expect(await h.scan()).toMatchObject({ [REMINDER_BALANCE_7]: 0, [REMINDER_QUOTE_EXPIRING]: 0 });
    const saved = await settings.save(
      {
        reminderBalanceDays: "3",
        reminderBalanceSecondDays: "5",
        reminderExpiringDays: "4",
        reminderBalanceText: "Bank transfer <also> works & is free.",
        reminderExpiringText: "Call us any time.",
      },
      "owner@studio.example",
    );
    expect(saved).toMatchObject({ ok: true });
    // The same job, the next scan: both are due now.
    expect(await h.scan()).toMatchObject({ [REMINDER_BALANCE_7]: 1, [REMINDER_QUOTE_EXPIRING]: 1 });
    await h.worker().runOnce();
    const mails = reminderMails();
    expect(mails).toHaveLength(2);
    const balance = mails.find((m) => m.to[0] === "client@example.com")!;
    expect(balance.text).toContain("we have not received it yet. Bank transfer <also> works & is free.");
    expect(balance.text).not.toContain("please ignore this email");
    expect(mails.find((m) => m.to[0] === "other@example.com")!.text).toContain("Call us any time.");
    expect(await timeline(leadId)).toEqual([
      {
        kind: "reminder-sent",
        body: "Reminder that the balance is unpaid after 3 days emailed to the client.",
        actor_email: "system",
      },
    ]);
    clock.now = T0 + 5 * DAY;
    expect(await h.scan()).toMatchObject({ [REMINDER_BALANCE_14]: 1 });
  });

  it("reminds a client of an unpaid balance 7 and 14 days after it was requested, once each, naming the studio with an unsubscribe link", async () => {
    const h = harness();
    const leadId = await lead({ email: "client@example.com" });
    await quote(leadId, {
      status: "deposit_paid",
      deposit_paid_at: new Date(T0 - 2 * DAY).toISOString(),
      balance_requested_at: new Date(T0).toISOString(),
    });

    clock.now = T0 + 7 * DAY - 1;
    expect(await h.scan()).toMatchObject({ [REMINDER_BALANCE_7]: 0, [REMINDER_BALANCE_14]: 0 });
    clock.now = T0 + 7 * DAY;
    expect(await h.scan()).toMatchObject({ [REMINDER_BALANCE_7]: 1 });
    // A second scan (another process, the next tick) queues nothing more.
    expect(await h.scan()).toMatchObject({ [REMINDER_BALANCE_7]: 0 });
    await h.worker().runOnce();

    expect(reminderMails()).toHaveLength(1);
    const [mail] = reminderMails();
    expect(mail!.to).toEqual(["client@example.com"]);
    // The sandbox is the provider here: the client's reminder says TEST first (issue 38).
    expect(mail!.subject).toMatch(/^\[TEST\] Reminder: the balance of quote Q-[0-9A-F]{8} is due$/);
    // CASL: who sends it, where they are, and how to stop it.
    expect(mail!.text).toContain(siteConfig.name);
    expect(mail!.text).toContain(siteConfig.address.street);
    expect(mail!.text).toContain("$1,000.00 CAD");
    // Requested at noon Vancouver time on December 2, whatever the server's zone.
    expect(mail!.text).toContain("December 2, 2026");
    const link = new RegExp(`${SITE_URL}/unsubscribe/[\\w-]{43}\\.[\\w-]{22}`).exec(mail!.text)![0];
    expect(mail!.headers["list-unsubscribe"]).toBe(`<${link}>`);
    expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(await timeline(leadId)).toEqual([
      {
        kind: "reminder-sent",
        body: "Reminder that the balance is unpaid after 7 days emailed to the client.",
        actor_email: "system",
      },
    ]);

    clock.now = T0 + 14 * DAY;
    expect(await h.scan()).toMatchObject({ [REMINDER_BALANCE_7]: 0, [REMINDER_BALANCE_14]: 1 });
    await h.worker().runOnce();
    expect(reminderMails()).toHaveLength(2);
    expect((await timeline(leadId)).map((a) => a.kind)).toEqual(["reminder-sent", "reminder-sent"]);
  });

  it("drops a balance reminder when the balance is paid, or the quote withdrawn, before it goes out", async () => {
    const h = harness();
    const paidLead = await lead();
    const paid = await quote(paidLead, {
      status: "deposit_paid",
      balance_requested_at: new Date(T0).toISOString(),
    });
    const withdrawnLead = await lead();
    const withdrawn = await quote(withdrawnLead, {
      status: "deposit_paid",
      balance_requested_at: new Date(T0).toISOString(),
    });
    clock.now = T0 + 7 * DAY;
    expect(await h.scan()).toMatchObject({ [REMINDER_BALANCE_7]: 2 });
    // Between the scan and the delivery: the balance settles, the other quote is withdrawn.
    await setQuote(paid, { status: "paid", paid_at: new Date(clock.now).toISOString() });
    await setQuote(withdrawn, { status: "withdrawn", withdrawn_at: new Date(clock.now).toISOString() });
    await h.worker().runOnce();

    expect(reminderMails()).toEqual([]);
    expect(await timeline(paidLead)).toEqual([
      {
        kind: "reminder-cancelled",
        body: "Reminder that the balance is unpaid after 7 days not sent: the balance was paid.",
        actor_email: "system",
      },
    ]);
    expect((await timeline(withdrawnLead))[0]!.body).toContain("not sent: the quote is withdrawn");
    // Paid before the 14-day mark: nothing is even queued.
    clock.now = T0 + 14 * DAY;
    expect(await h.scan()).toMatchObject({ [REMINDER_BALANCE_14]: 0 });
  });

  it("reminds a client of a quote not accepted 3 days before it expires, and not once it was accepted or has expired", async () => {
    const h = harness();
    const expires = T0 + 10 * DAY;
    const open = await lead({ email: "open@example.com" });
    await quote(open, { status: "viewed", expires_at: new Date(expires).toISOString() });
    const acceptedLead = await lead();
    await quote(acceptedLead, { status: "accepted", expires_at: new Date(expires).toISOString() });
    const laterLead = await lead();
    const later = await quote(laterLead, { status: "sent", expires_at: new Date(expires).toISOString() });
    const expiredLead = await lead();
    await quote(expiredLead, { status: "sent", expires_at: new Date(expires + HOUR).toISOString() });

    clock.now = expires - 3 * DAY - 1;
    expect(await h.scan()).toMatchObject({ [REMINDER_QUOTE_EXPIRING]: 0 });
    clock.now = expires - 3 * DAY;
    expect(await h.scan()).toMatchObject({ [REMINDER_QUOTE_EXPIRING]: 2 });
    // Accepted after the scan.
    await setQuote(later, { status: "accepted", accepted_at: new Date(clock.now).toISOString() });
    await h.worker().runOnce();
    clock.now = expires - 3 * DAY + HOUR;
    expect(await h.scan()).toMatchObject({ [REMINDER_QUOTE_EXPIRING]: 1 });
    // Its expiry passes before the worker gets to it (a process down for a while).
    clock.now = expires + 2 * HOUR;
    await h.worker().runOnce();

    expect(reminderMails().map((m) => m.to)).toEqual([["open@example.com"]]);
    expect(reminderMails()[0]!.subject).toMatch(
      /^\[TEST\] Reminder: your quote Q-[0-9A-F]{8} expires on December 12, 2026$/,
    );
    expect(await timeline(open)).toEqual([
      {
        kind: "reminder-sent",
        body: "Reminder that the quote expires in 3 days emailed to the client.",
        actor_email: "system",
      },
    ]);
    expect(await timeline(acceptedLead)).toEqual([]);
    expect((await timeline(laterLead))[0]).toMatchObject({
      kind: "reminder-cancelled",
      body: expect.stringContaining("the quote is accepted"),
    });
    expect((await timeline(expiredLead))[0]).toMatchObject({
      kind: "reminder-cancelled",
      body: expect.stringContaining("the quote has expired"),
    });
  });

  it("tells the studio about a lead still New 20 hours after it arrived, and not once it moved on or sits in Spam", async () => {
    const h = harness();
    const waiting = await lead({ status: "new", createdAt: T0 });
    const answered = await lead({ status: "new", createdAt: T0 });
    const spam = await lead({ status: "new", createdAt: T0, quarantined: true });
    clock.now = T0 + 20 * HOUR - 1;
    expect(await h.scan()).toMatchObject({ [REMINDER_NEW_LEAD]: 0 });
    clock.now = T0 + 20 * HOUR;
    expect(await h.scan()).toMatchObject({ [REMINDER_NEW_LEAD]: 2 });
    await database.db.updateTable("leads").set({ status: "contacted" }).where("id", "=", answered).execute();
    await h.worker().runOnce();

    expect(reminderMails()).toHaveLength(1);
    const [mail] = reminderMails();
    expect(mail!.to).toEqual(["studio@example.com"]);
    expect(mail!.subject).toBe("Reply due: Ada Lovelace is waiting (24-hour promise)");
    // Arrived at noon Vancouver time: reply by noon the next day, in Vancouver time.
    expect(mail!.text).toContain("December 3, 2026 at 12:00 p.m. Pacific Time");
    expect(mail!.text).toContain(`${SITE_URL}/studio/leads/${waiting}`);
    expect(await timeline(waiting)).toEqual([
      {
        kind: "reminder-sent",
        body: "Reminder that this lead waits for a reply (20 hours) emailed to the studio.",
        actor_email: "system",
      },
    ]);
    expect((await timeline(answered))[0]).toMatchObject({
      kind: "reminder-cancelled",
      body: expect.stringContaining("the lead moved to contacted"),
    });
    expect(await timeline(spam)).toEqual([]);
  });

  it("stops reminders to an address that unsubscribed, and only to it", async () => {
    const h = harness();
    const optedLead = await lead({ email: "Quiet@Example.com" });
    await quote(optedLead, { status: "deposit_paid", balance_requested_at: new Date(T0).toISOString() });
    const otherLead = await lead({ email: "other@example.com" });
    await quote(otherLead, { status: "deposit_paid", balance_requested_at: new Date(T0).toISOString() });

    expect(await h.optOuts.optOut(h.optOuts.tokenFor("quiet@example.com "))).toBe(true);
    // The address itself is nowhere in the table.
    const stored = await database.db.selectFrom("reminder_opt_outs").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toMatch(/quiet/i);

    clock.now = T0 + 7 * DAY;
    await h.scan();
    await h.worker().runOnce();
    expect(reminderMails().map((m) => m.to)).toEqual([["other@example.com"]]);
    expect((await timeline(optedLead))[0]).toMatchObject({
      kind: "reminder-cancelled",
      body: expect.stringContaining("the client unsubscribed from reminders"),
    });
  });

  it("refuses a forged or altered unsubscribe token and stores nothing", async () => {
    const h = harness();
    const token = h.optOuts.tokenFor("client@example.com");
    const other = createReminderOptOuts({
      database,
      key: secretFor(
        loadConfig({ NODE_ENV: "test", UNSUBSCRIBE_SECRET: "another key entirely, also 32+ characters" }),
        "reminder-opt-outs",
      ),
    });
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [
      flipped,
      other.tokenFor("client@example.com"),
      "",
      "x".repeat(66),
      `${token}x`,
      undefined,
      42,
    ]) {
      expect(h.optOuts.verify(bad)).toBe(false);
      expect(await h.optOuts.optOut(bad)).toBe(false);
    }
    expect(await database.db.selectFrom("reminder_opt_outs").selectAll().execute()).toEqual([]);
    expect(await h.optOuts.optOut(token)).toBe(true);
    // Twice is fine (a mail client's one-click post, then the person's own click).
    expect(await h.optOuts.optOut(token)).toBe(true);
    expect(await h.optOuts.isOptedOut("client@example.com")).toBe(true);
  });

  it("sends each reminder once when several processes scan and deliver at the same moment", async () => {
    const h = harness();
    const leads = await Promise.all(
      [1, 2, 3].map(() => lead({ status: "new", createdAt: T0 + 7 * DAY - 21 * HOUR })),
    );
    const balanceLead = await lead();
    await quote(balanceLead, { status: "deposit_paid", balance_requested_at: new Date(T0).toISOString() });
    clock.now = T0 + 7 * DAY;
    // Racing: four scans (four processes' ticks), then three workers claiming at once.
    const jobs = [1, 2, 3, 4].map(() =>
      startReminderJob(
        {
          database,
          reminders: h.reminders,
          now,
          onError: (e) => {
            throw e;
          },
        },
        { timers: false },
      ),
    );
    await Promise.all(jobs.map((j) => j.tick()));
    await Promise.all([1, 2, 3, 4].map(() => h.scan()));
    const workers = [h.worker(), h.worker(), h.worker()];
    await Promise.all(workers.map((w) => w.runOnce()));
    await Promise.all(workers.map((w) => w.runOnce()));
    await Promise.all(jobs.map((j) => j.stop()));

    const outbox = await database.db.selectFrom("outbox").select(["channel", "status"]).execute();
    expect(outbox.filter((r) => r.channel === REMINDER_NEW_LEAD).map((r) => r.status)).toEqual([
      "delivered",
      "delivered",
      "delivered",
    ]);
    expect(outbox.filter((r) => r.channel === REMINDER_BALANCE_7)).toEqual([
      { channel: REMINDER_BALANCE_7, status: "delivered" },
    ]);
    // The three waiting leads reach the studio in one "Reply due" email (issue 37), not three.
    const studioMails = reminderMails().filter((m) => m.to[0] === "studio@example.com");
    expect(studioMails.map((m) => m.subject)).toEqual(["Reply due: 3 leads are waiting (24-hour promise)"]);
    for (const id of leads) expect(studioMails[0]!.text).toContain(`${SITE_URL}/studio/leads/${id}`);
    expect(reminderMails()).toHaveLength(2);
    for (const id of [...leads, balanceLead]) expect(await timeline(id)).toHaveLength(1);
  });

  it("sends a backlog of waiting leads as one digest, oldest first, however many workers deliver it; a failed send is retried whole", async () => {
    const h = harness();
    // 60 leads left New overnight (a backlog), one every minute.
    const leads: string[] = [];
    for (let i = 0; i < 60; i++) leads.push(await lead({ status: "new", createdAt: T0 + i * 60_000 }));
    clock.now = T0 + 21 * HOUR;
    expect(await h.scan()).toMatchObject({ [REMINDER_NEW_LEAD]: 60 });
    // SMTP is down for the first attempt: nothing is recorded as sent, nothing is lost.
    const down = createOutboxWorker({
      database,
      logger: capturingLogger("info").logger,
      handlers: reminderDeliveryHandlers({
        database,
        reminders: h.reminders.map((r) =>
          r.digest
            ? {
                ...r,
                digest: {
                  ...r.digest,
                  send: () => Promise.reject(new Error("421 try again later")),
                },
              }
            : r,
        ),
        enabled: true,
        now,
      }),
      now,
    });
    await down.runOnce();
    expect(reminderMails()).toEqual([]);
    expect(await timeline(leads[0]!)).toEqual([]);

    // Five workers (five processes) then deliver the rows at once: one email, every lead in it once.
    clock.now += HOUR;
    const workers = [1, 2, 3, 4, 5].map(() => h.worker());
    for (let round = 0; round < 4; round++) await Promise.all(workers.map((w) => w.runOnce()));
    const mails = reminderMails();
    expect(mails.map((m) => m.subject)).toEqual(["Reply due: 60 leads are waiting (24-hour promise)"]);
    const text = mails[0]!.text;
    const positions = leads.slice(0, 50).map((id) => text.indexOf(`${SITE_URL}/studio/leads/${id}`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(text).toContain("And 10 more: the studio's home lists every lead waiting for a reply.");
    for (const id of leads) expect(await timeline(id), id).toHaveLength(1);
    const outbox = await database.db
      .selectFrom("outbox")
      .select("status")
      .where("channel", "=", REMINDER_NEW_LEAD)
      .execute();
    expect(outbox.map((r) => r.status)).toEqual(Array(60).fill("delivered"));
  });

  it("queues from the command line as of --at for now, refuses --at in production and a bad time, and names nobody", async () => {
    const h = harness();
    const leadId = await lead({ email: "client@example.com" });
    await quote(leadId, { status: "deposit_paid", balance_requested_at: new Date(T0).toISOString() });
    const io = () => {
      const lines: string[] = [];
      return { lines, out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    };
    const run = (argv: string[], production = false, out = io()) =>
      runReminderCommand(argv, { database, reminders: h.reminders, production, now }, out).then((code) => ({
        code,
        lines: out.lines,
      }));

    expect(await run(["run", "--at", new Date(T0 + 7 * DAY).toISOString()], true)).toMatchObject({
      code: 2,
      lines: [expect.stringContaining("refused in production")],
    });
    expect(await run(["run", "--at", "next tuesday"])).toMatchObject({
      code: 2,
      lines: [expect.stringContaining("--at takes an ISO time")],
    });
    expect(await run(["send"])).toMatchObject({ code: 2 });
    expect((await database.db.selectFrom("outbox").selectAll().execute()).length).toBe(0);

    const ok = await run(["run", "--at", new Date(T0 + 7 * DAY).toISOString()]);
    expect(ok.code).toBe(0);
    expect(ok.lines).toContain(`${REMINDER_BALANCE_7}: 1 queued`);
    expect(ok.lines.join("\n")).not.toContain("client@example.com");
    // Queued for the present, so the running server sends it at once.
    const [row] = await database.db.selectFrom("outbox").select(["channel", "next_attempt_at"]).execute();
    expect(row).toEqual({ channel: REMINDER_BALANCE_7, next_attempt_at: new Date(T0).toISOString() });
  });

  it("alerts the studio when a client reminder cannot be delivered, and not for its own", () => {
    for (const channel of [REMINDER_QUOTE_EXPIRING, REMINDER_BALANCE_7, REMINDER_BALANCE_14]) {
      expect(undeliverableAlertItem({ id: "row-1", channel })).toEqual({
        subjectType: "outbox",
        subjectId: "row-1",
        channel: UNDELIVERABLE_ALERT,
      });
    }
    expect(undeliverableAlertItem({ id: "row-2", channel: REMINDER_NEW_LEAD })).toBeUndefined();
  });

  it("after an outage sends only what is still timely: the 14-day balance reminder, not the 7-day one, and no stale lead nudge", async () => {
    const h = harness();
    const balanceLead = await lead();
    await quote(balanceLead, { status: "deposit_paid", balance_requested_at: new Date(T0).toISOString() });
    await lead({ status: "new", createdAt: T0 + 15 * DAY - 49 * HOUR });
    // No server ran from day 6 to day 15.
    clock.now = T0 + 15 * DAY;
    expect(await h.scan()).toMatchObject({
      [REMINDER_BALANCE_7]: 0,
      [REMINDER_BALANCE_14]: 1,
      [REMINDER_NEW_LEAD]: 0,
    });
  });
});
