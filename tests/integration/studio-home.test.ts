import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";

import { BALANCE_DUE_DAYS } from "../../server/billing/balance-due";
import { BACKUP_STATUS_FILE } from "../../server/db/backup.server";
import type { AttentionItem } from "../../server/leads/attention-context.server";
import { testDatabaseKind } from "../helpers/databases";
import { dealRows } from "../helpers/deals";
import { flagPayments } from "../helpers/flagged-refunds";
import { builtSite } from "../helpers/site";
import { signedInStudio, signedInStudioSuite, SITE, type SignedInStudio } from "../helpers/studio";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
type Group = { id: string; items: AttentionItem[]; urgent: number };
type Home = {
  groups: Group[];
  quiet: string[];
  calls: { leadId: string; name: string; topic: string; startsAt: string; today: boolean }[];
  money: Record<"thisMonth" | "lastMonth", { period: { from: string; to: string }; cents: number }>;
  balances: { count: number; cents: number; overdueCount: number; overdueCents: number };
  quotesOut: { count: number; cents: number };
};
const group = (home: Home, id: string) => home.groups.find((g) => g.id === id)?.items ?? [];

/**
 * The studio's home (/studio) in the built site: what needs attention, each item on
 * its lead; the inbox at /studio/inbox, where the old filtered /studio links now lead.
 */
describe(`studio home on ${testDatabaseKind}`, () => {
  const suite = signedInStudioSuite();
  let h: SignedInStudio;
  beforeEach(() => ({ h } = suite));

  it("lists late leads, open and expiring quotes, balances due and overdue, refunds and undeliverable emails, each on its lead", async () => {
    const t = h.clock.now;
    const { lead, quote } = dealRows(h.database, { now: t });
    const late = await lead({ status: "new", lastName: "Late", createdAt: t - 25 * HOUR });
    const fresh = await lead({ status: "new", lastName: "Fresh", createdAt: t - HOUR });
    await lead({ status: "new", lastName: "Spammy", createdAt: t - 25 * HOUR, quarantined: true });
    const expiringLead = await lead({ lastName: "Expiring" });
    await quote(expiringLead, { status: "viewed", expires_at: new Date(t + 2 * DAY).toISOString() });
    const openLead = await lead({ lastName: "Open" });
    await quote(openLead, { status: "sent", expires_at: new Date(t + 20 * DAY).toISOString() });
    const overdueLead = await lead({ lastName: "Overdue" });
    await quote(overdueLead, {
      status: "deposit_paid",
      // Past its invoice's due day (BALANCE_DUE_DAYS after the request); the other one is not.
      balance_requested_at: new Date(t - (BALANCE_DUE_DAYS + 2) * DAY).toISOString(),
    });
    const dueLead = await lead({ lastName: "Due" });
    await quote(dueLead, { status: "deposit_paid", balance_requested_at: new Date(t - DAY).toISOString() });
    // Paid in full, withdrawn: nothing to do.
    await quote(await lead({ lastName: "Done" }), { status: "paid" });
    await quote(await lead({ lastName: "Gone" }), { status: "withdrawn" });
    const refundLead = await lead({ lastName: "Refund" });
    const at = new Date(t - DAY).toISOString();
    await h.database.db
      .insertInto("payments")
      .values({
        id: "pay-refund",
        package: "pro",
        amount_cents: 100_000,
        currency: "cad",
        status: "paid",
        provider: "sandbox",
        provider_session_id: null,
        idempotency_key: "pay-refund",
        failure_reason: null,
        created_at: at,
        updated_at: at,
        paid_at: at,
        failed_at: null,
        last_checked_at: null,
        quote_id: null,
        lead_id: refundLead,
        kind: "deposit",
        expires_at: null,
        checkout_url: null,
        provider_payment_ref: null,
      })
      .execute();
    await flagPayments(
      h.database.db,
      [{ id: "pay-refund", lead_id: refundLead, amount_cents: 100_000 }],
      "withdrawn",
    );
    const bouncedLead = await lead({ lastName: "Bounced" });
    await h.database.db
      .insertInto("outbox")
      .values({
        id: "failed-ack",
        subject_type: "inquiry",
        subject_id: bouncedLead,
        channel: "inquiry-ack-email",
        status: "failed",
        attempts: 30,
        next_attempt_at: at,
        last_error: "550",
        locked_by: null,
        locked_until: null,
        delivered_at: null,
        created_at: at,
      })
      .execute();

    const home = await h.browser.page<Home>("/studio", "studio/home");
    const names = (items: AttentionItem[]) => items.map((i) => [i.name, i.urgent]);
    // Most urgent first: every list with an urgent item comes before the calm ones; all five have
    // items, and the one without (no care plan sold here) folds into the quiet line.
    const order = home.groups.map((g) => g.urgent > 0);
    expect(order).toEqual([...order].sort((a, b) => Number(b) - Number(a)));
    expect(home.quiet).toEqual(["every care plan is paid"]);
    expect(names(group(home, "waiting"))).toEqual([
      ["Ada Late", true],
      ["Ada Fresh", false],
    ]);
    expect(group(home, "waiting").map((i) => i.leadId)).toEqual([late, fresh]);
    expect(names(group(home, "quotes"))).toEqual([
      ["Ada Expiring", true],
      ["Ada Open", false],
    ]);
    expect(names(group(home, "balances"))).toEqual([
      ["Ada Overdue", true],
      ["Ada Due", false],
    ]);
    expect(group(home, "balances")[0]!.detail).toMatch(/^Q-[0-9A-F]{8}, \$1,000\.00 CAD overdue: requested /);
    expect(group(home, "refunds").map((i) => [i.leadId, i.detail])).toEqual([
      [refundLead, "$1,000.00 CAD to refund: paid after the quote was withdrawn"],
    ]);
    expect(group(home, "undeliverable").map((i) => i.leadId)).toEqual([bouncedLead]);
    // The sums behind the figures: both balances (1,000.00 each), one overdue; the two open quotes.
    expect(home.balances).toEqual({ count: 2, cents: 200_000, overdueCount: 1, overdueCents: 100_000 });
    expect(home.quotesOut).toEqual({ count: 2, cents: 400_000 });

    // The page itself: headings, counts in words, links to each lead.
    const html = await (await h.browser.request("/studio")).text();
    expect(html).toContain("<h1");
    expect(html).toContain("Needs attention today");
    expect(html).toContain("2 leads are New, 1 past 24 hours.");
    expect(html).toContain("1 payment needs a refund, 1 refund.");
    expect(html).toContain("Quotes out");
    expect(html).toContain(`href="/studio/leads/${late}"`);
    expect(html).toContain(`href="/studio/leads/${bouncedLead}"`);
  });

  it("shows money received this month and last as the Accounting page's figures for the same months", async () => {
    h.clock.now = Date.parse("2026-11-25T18:00:00.000Z");
    const doc = (
      number: string,
      kind: "invoice" | "receipt" | "credit_note",
      issuedAt: string,
      cents: number,
    ) => ({
      id: randomUUID(),
      kind,
      number,
      quote_id: randomUUID(),
      lead_id: "lead-gone",
      payment_id: kind === "invoice" ? null : `pay-${number}`,
      payment_kind: "deposit" as const,
      amount_cents: cents,
      taxes: JSON.stringify([
        { code: "GST", label: "GST 5%", basisPoints: 500, cents: Math.round(cents / 21) },
      ]),
      lines: "[]",
      terms: "Half now.",
      buyer_name: "Ada Lovelace",
      registration_number: null,
      status: kind === "receipt" ? ("paid" as const) : ("issued" as const),
      issued_at: issuedAt,
      settled_at: null,
    });
    await h.database.db
      .insertInto("money_documents")
      .values([
        doc("H2026-0001", "receipt", "2026-10-15T18:00:00.000Z", 52_500),
        // 23:30 on October 31 in Vancouver: last month's.
        doc("H2026-0002", "receipt", "2026-11-01T06:30:00.000Z", 10_500),
        doc("H2026-0003", "receipt", "2026-11-10T18:00:00.000Z", 105_000),
        // An invoice is billed, not received; a credit note gives money back.
        doc("H2026-0004", "invoice", "2026-11-11T18:00:00.000Z", 210_000),
        doc("H2026-0005", "credit_note", "2026-11-12T18:00:00.000Z", 21_000),
      ])
      .execute();
    type Accounting = { period: { from: string; to: string }; totals: { received: { totalCents: number } } };
    const home = await h.browser.page<Home>("/studio", "studio/home");
    const november = await h.browser.page<Accounting>("/studio/accounting", "studio/accounting");
    const october = await h.browser.page<Accounting>(
      "/studio/accounting?from=2026-10-01&to=2026-10-31",
      "studio/accounting",
    );
    expect(home.money.thisMonth).toEqual({
      period: november.period,
      cents: november.totals.received.totalCents,
    });
    expect(home.money.lastMonth).toEqual({
      period: october.period,
      cents: october.totals.received.totalCents,
    });
    expect(home.money.thisMonth.cents).toBe(105_000 - 21_000);
    expect(home.money.lastMonth.cents).toBe(52_500 + 10_500);
    const html = await (await h.browser.request("/studio")).text();
    expect(html).toContain("$840.00 CAD");
    expect(html).toContain('href="/studio/accounting?from=2026-10-01&amp;to=2026-10-31"');
  });

  it("lists the booked calls of today and the next 7 days, soonest first, with the lead and the topic", async () => {
    h.clock.now = Date.parse("2026-11-25T18:00:00.000Z");
    const { lead } = dealRows(h.database, { now: h.clock.now });
    const call = async (lastName: string, startsAt: string, status: "booked" | "cancelled" = "booked") => {
      const leadId = await lead({ lastName, status: "contacted" });
      await h.database.db
        .insertInto("bookings")
        .values({
          id: randomUUID(),
          lead_id: leadId,
          starts_at: startsAt,
          ends_at: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString().replace(/\.\d{3}Z$/, "Z"),
          status,
          time_zone: "America/Vancouver",
          topic: `Topic of ${lastName}`,
          company: null,
          manage_token_hash: randomUUID(),
          rescheduled_from: null,
          cancelled_at: status === "cancelled" ? "2026-11-24T12:00:00Z" : null,
          cancelled_by: status === "cancelled" ? "visitor" : null,
          held_at: null,
          created_at: "2026-11-20T12:00:00Z",
          updated_at: "2026-11-20T12:00:00Z",
        })
        .execute();
      return leadId;
    };
    await call("Past", "2026-11-25T16:00:00Z");
    const later = await call("Later", "2026-12-02T23:00:00Z"); // 4 p.m. on December 2 in Vancouver, the 7th day after today
    const today = await call("Today", "2026-11-25T22:00:00Z");
    await call("Cancelled", "2026-11-26T18:00:00Z", "cancelled");
    await call("TooFar", "2026-12-03T18:00:00Z");
    const home = await h.browser.page<Home>("/studio", "studio/home");
    expect(home.calls.map((c) => [c.leadId, c.name, c.topic, c.today])).toEqual([
      [today, "Ada Today", "Topic of Today", true],
      [later, "Ada Later", "Topic of Later", false],
    ]);
    const html = await (await h.browser.request("/studio")).text();
    expect(html).toContain("1 today, 1 later this week.");
  });

  it("keeps the inbox at /studio/inbox and sends old filtered /studio links there", async () => {
    const inbox = await h.browser.page<{ leads: unknown[] }>("/studio/inbox", "studio/inbox");
    expect(Array.isArray(inbox.leads)).toBe(true);
    const old = await h.browser.request(`${SITE}/studio?status=new&view=spam`);
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe("/studio/inbox?status=new&view=spam");
  });

  it("shows a reminder's line in the lead's timeline", async () => {
    const { lead } = dealRows(h.database, { now: h.clock.now });
    const id = await lead({ lastName: "Reminded" });
    const body = "Reminder that the balance is unpaid after 7 days emailed to the client.";
    await h.database.db
      .insertInto("lead_activity")
      .values({
        id: "reminder-row",
        lead_id: id,
        kind: "reminder-sent",
        from_status: null,
        to_status: null,
        body,
        actor_email: "system",
        created_at: new Date(h.clock.now).toISOString(),
      })
      .execute();
    const html = await (await h.browser.request(`/studio/leads/${id}`)).text();
    expect(html).toContain(`<p>${body}</p>`);
  });

  it("says at the top when the last backup is older than two intervals, or there is none", async () => {
    // Issue 37: the embedded default kept no backups, and nothing told the owner.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-home-backups-"));
    const b = await signedInStudio(
      { LOG_LEVEL: "silent", PAYMENTS_PROVIDER: "sandbox", BACKUP_DIR: dir, BACKUP_INTERVAL_SECONDS: "300" },
      { site: await builtSite() },
    );
    try {
      type Backup = { lastAt: string | null; intervalMs: number } | null;
      const home = () => b.browser.page<{ backup: Backup }>("/studio", "studio/home");
      const html = async () => (await b.browser.request(`${SITE}/studio`)).text();
      const backedUp = (msAgo: number) =>
        fs.writeFileSync(
          path.join(dir, BACKUP_STATUS_FILE),
          JSON.stringify({
            kind: "sqlite",
            file: "cascadia-x.db",
            startedAt: new Date(b.clock.now - msAgo - 500).toISOString(),
            at: new Date(b.clock.now - msAgo).toISOString(),
            bytes: 1,
            durationMs: 500,
          }),
        );
      expect((await home()).backup).toMatchObject({ lastAt: null, intervalMs: 300_000 });
      expect(await html()).toContain("No backup has been taken yet: they should come every 5 minutes.");
      // One interval late is not yet news: the next one may be under way.
      backedUp(9 * 60_000);
      expect((await home()).backup).toBeNull();
      expect(await html()).not.toContain("backup-warning");
      backedUp(11 * 60_000);
      expect((await home()).backup).toMatchObject({
        lastAt: new Date(b.clock.now - 11 * 60_000).toISOString(),
      });
      expect(await html()).toMatch(
        /Backups have stopped: the last one was taken .*, more than two intervals of 5 minutes ago\./,
      );
    } finally {
      await b.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // BACKUP_DIR=off (or a test's default): no warning at all.
    expect((await h.browser.page<{ backup: unknown }>("/studio", "studio/home")).backup).toBeNull();
  });
});
