import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { BACKUP_STATUS_FILE } from "../../server/db/backup.server";
import type { AttentionItem } from "../../server/leads/attention-context.server";
import { testDatabaseKind } from "../helpers/databases";
import { dealRows } from "../helpers/deals";
import { builtSite } from "../helpers/site";
import { signedInStudio, SITE, type SignedInStudio } from "../helpers/studio";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
type Home = Record<"leads" | "quotes" | "balances" | "refunds" | "emails", AttentionItem[]>;

/**
 * The studio's home (/studio) in the built site: what needs attention, each item on
 * its lead; the inbox at /studio/inbox, where the old filtered /studio links now lead.
 */
describe(`studio home on ${testDatabaseKind}`, () => {
  let h: SignedInStudio;
  beforeAll(async () => {
    h = await signedInStudio(
      { LOG_LEVEL: "silent", PAYMENTS_PROVIDER: "sandbox" },
      { site: await builtSite() },
    );
  });
  afterAll(async () => {
    await h?.dispose();
  });

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
      balance_requested_at: new Date(t - 8 * DAY).toISOString(),
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
        refund_status: "needed",
        refund_reason: "withdrawn",
        provider_payment_ref: null,
        refund_id: null,
        refunded_at: null,
      })
      .execute();
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
    expect(names(home.leads)).toEqual([
      ["Ada Late", true],
      ["Ada Fresh", false],
    ]);
    expect(home.leads.map((i) => i.leadId)).toEqual([late, fresh]);
    expect(names(home.quotes)).toEqual([
      ["Ada Expiring", true],
      ["Ada Open", false],
    ]);
    expect(names(home.balances)).toEqual([
      ["Ada Overdue", true],
      ["Ada Due", false],
    ]);
    expect(home.balances[0]!.detail).toMatch(/^Q-[0-9A-F]{8}, \$1,000\.00 CAD overdue: requested /);
    expect(home.refunds.map((i) => [i.leadId, i.detail])).toEqual([
      [refundLead, "$1,000.00 CAD to refund: paid after the quote was withdrawn"],
    ]);
    expect(home.emails.map((i) => i.leadId)).toEqual([bouncedLead]);

    // The page itself: headings, counts in words, links to each lead.
    const html = await (await h.browser.request("/studio")).text();
    expect(html).toContain("<h1");
    expect(html).toContain("Needs attention");
    expect(html).toContain("2 leads are New, 1 past 24 hours.");
    expect(html).toContain("1 payment needs a refund, 1 refund.");
    expect(html).toContain(`href="/studio/leads/${late}"`);
    expect(html).toContain(`href="/studio/leads/${bouncedLead}"`);
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
