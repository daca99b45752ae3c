import { quoteStatusLabels } from "~/content/quotes";
import { formatSiteDate, formatSiteDateTime } from "~/lib/site-time";
import { quoteReference } from "~/shared/quote-model";

import { balanceOverdue } from "../billing/balance-due";
import { flaggedRefundCause, flaggedRefundStatus } from "../billing/flagged-refund";
import { plansPastDue } from "../billing/plans/attention.server";
import { INQUIRY_SUBJECT } from "../inquiries/notifications.server";
import { PAYMENT_SUBJECT } from "../payments/notifications.server";
import { QUOTE_SUBJECT } from "../quotes/notifications.server";
import { cad, DAY, LIST_LIMIT, type AttentionContext, type AttentionItem } from "./attention-context.server";

export async function leadsWaiting(ctx: AttentionContext, t: number): Promise<AttentionItem[]> {
  const { db, name } = ctx;
  const rows = await db
    .selectFrom("leads")
    .select(["id", "first_name", "last_name", "created_at"])
    .where("status", "=", "new")
    .where("quarantine_reason", "is", null)
    .orderBy("created_at", "asc")
    .limit(LIST_LIMIT)
    .execute();
  return rows.map((r) => {
    const due = Date.parse(r.created_at) + DAY;
    return {
      key: r.id,
      leadId: r.id,
      name: name(r),
      urgent: due <= t,
      detail: `${due <= t ? "Past the 24-hour reply promise" : "Reply by"} ${formatSiteDateTime(new Date(due))}`,
    };
  });
}

export async function quotesAwaiting(ctx: AttentionContext, t: number): Promise<AttentionItem[]> {
  const { db, name } = ctx;
  const rows = await db
    .selectFrom("quotes")
    .innerJoin("leads", "leads.id", "quotes.lead_id")
    .select([
      "quotes.id",
      "quotes.lead_id",
      "quotes.status",
      "quotes.expires_at",
      "quotes.total_cents",
      "leads.first_name",
      "leads.last_name",
    ])
    .where("quotes.status", "in", ["sent", "viewed", "accepted"])
    .where("quotes.expires_at", ">", new Date(t).toISOString())
    .orderBy("quotes.expires_at", "asc")
    .limit(LIST_LIMIT)
    .execute();
  return rows.map((r) => {
    const soon = Date.parse(r.expires_at) - t <= 3 * DAY;
    return {
      key: r.id,
      leadId: r.lead_id,
      name: name(r),
      urgent: soon,
      detail: `${quoteReference(r.id)}, ${cad(Number(r.total_cents))}, ${quoteStatusLabels[r.status]}: ${soon ? "expires soon, on" : "expires"} ${formatSiteDate(r.expires_at)}`,
    };
  });
}

export async function balancesDue(ctx: AttentionContext, t: number): Promise<AttentionItem[]> {
  const { db, name } = ctx;
  const rows = await db
    .selectFrom("quotes")
    .innerJoin("leads", "leads.id", "quotes.lead_id")
    .select([
      "quotes.id",
      "quotes.lead_id",
      "quotes.total_cents",
      "quotes.deposit_cents",
      "quotes.balance_requested_at",
      "leads.first_name",
      "leads.last_name",
    ])
    .where("quotes.status", "=", "deposit_paid")
    .where("quotes.balance_requested_at", "is not", null)
    .orderBy("quotes.balance_requested_at", "asc")
    .limit(LIST_LIMIT)
    .execute();
  return rows.map((r) => {
    const overdue = balanceOverdue(r.balance_requested_at!, t);
    const balance = Number(r.total_cents) - Number(r.deposit_cents ?? 0);
    return {
      key: r.id,
      leadId: r.lead_id,
      name: name(r),
      urgent: overdue,
      detail: `${quoteReference(r.id)}, ${cad(balance)} ${overdue ? "overdue" : "due"}: requested ${formatSiteDate(r.balance_requested_at!)}`,
    };
  });
}

export async function refundsNeeded(ctx: AttentionContext): Promise<AttentionItem[]> {
  const { db, name } = ctx;
  const rows = await db
    .selectFrom("payments")
    .innerJoin("leads", "leads.id", "payments.lead_id")
    .select([
      "payments.id",
      "payments.lead_id",
      "payments.amount_cents",
      flaggedRefundCause.as("refund_reason"),
      "payments.paid_at",
      "leads.first_name",
      "leads.last_name",
    ])
    .where(flaggedRefundStatus, "=", "needed")
    .orderBy("payments.paid_at", "asc")
    .limit(LIST_LIMIT)
    .execute();
  const why = {
    withdrawn: "paid after the quote was withdrawn",
    expired: "paid after the quote expired",
    duplicate: "paid twice for one stage",
  } as const;
  return rows.map((r) => ({
    key: r.id,
    leadId: r.lead_id!,
    name: name(r),
    urgent: true,
    detail: `${cad(Number(r.amount_cents))} to refund: ${r.refund_reason ? why[r.refund_reason] : "flagged"}`,
  }));
}

/** Emails the outbox gave up on, on the lead each was about (through its quote or payment). */
export async function undeliverable(ctx: AttentionContext): Promise<AttentionItem[]> {
  const { db, name } = ctx;
  const rows = await db
    .selectFrom("outbox")
    .leftJoin("quotes", (j) =>
      j.onRef("quotes.id", "=", "outbox.subject_id").on("outbox.subject_type", "=", QUOTE_SUBJECT),
    )
    .leftJoin("payments", (j) =>
      j.onRef("payments.id", "=", "outbox.subject_id").on("outbox.subject_type", "=", PAYMENT_SUBJECT),
    )
    .innerJoin("leads", (j) =>
      j.on((eb) =>
        eb.or([
          eb.and([
            eb("outbox.subject_type", "=", INQUIRY_SUBJECT),
            eb("leads.id", "=", eb.ref("outbox.subject_id")),
          ]),
          eb("leads.id", "=", eb.ref("quotes.lead_id")),
          eb("leads.id", "=", eb.ref("payments.lead_id")),
        ]),
      ),
    )
    .select([
      "outbox.id",
      "outbox.channel",
      "outbox.attempts",
      "outbox.created_at",
      "leads.id as lead_id",
      "leads.first_name",
      "leads.last_name",
    ])
    .where("outbox.status", "=", "failed")
    .orderBy("outbox.created_at", "desc")
    .limit(LIST_LIMIT)
    .execute();
  return rows.map((r) => ({
    key: r.id,
    leadId: r.lead_id,
    name: name(r),
    urgent: true,
    detail: `${r.channel.replaceAll("-", " ")} not delivered after ${Number(r.attempts)} attempts (queued ${formatSiteDateTime(r.created_at)})`,
  }));
}

export async function load(ctx: AttentionContext) {
  const { now } = ctx;
  const t = now();
  const [leads, quotes, balances, refunds, emails, plans] = await Promise.all([
    leadsWaiting(ctx, t),
    quotesAwaiting(ctx, t),
    balancesDue(ctx, t),
    refundsNeeded(ctx),
    undeliverable(ctx),
    plansPastDue(ctx),
  ]);
  const backup = ctx.backups();
  return {
    leads,
    quotes,
    balances,
    refunds,
    emails,
    /** Care plans whose renewal failed (server/billing/plans). */
    plans,
    limit: LIST_LIMIT,
    backup: backup?.late ? { lastAt: backup.lastAt, intervalMs: backup.intervalMs, dir: backup.dir } : null,
  };
}
