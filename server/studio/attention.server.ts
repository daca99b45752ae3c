import { quoteStatusLabels } from "~/content/quotes";
import { formatCad } from "~/lib/money";
import { formatSiteDate, formatSiteDateTime } from "~/lib/site-time";

import type { backupHealth } from "../db/backup.server";
import type { AppDatabase } from "../db/database.server";
import { INQUIRY_SUBJECT } from "../inquiries/notifications.server";
import { PAYMENT_SUBJECT } from "../payments/notifications.server";
import { quoteReference } from "../quotes/model";
import { QUOTE_SUBJECT } from "../quotes/notifications.server";

type BackupHealth = ReturnType<typeof backupHealth>;

/** One thing to do, on the lead it is about. `urgent`: past its promise or close to a deadline. */
export type AttentionItem = { key: string; leadId: string; name: string; detail: string; urgent: boolean };

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** At most this many per list: the home is a to-do list, the inbox and the payments page hold the rest. */
const LIST_LIMIT = 50;
const cad = (cents: number) => formatCad(cents, { withCode: true });

/**
 * The studio's home (/studio): what needs attention now, each item linking to its lead.
 * Leads still New (the site promises a reply within 24 hours), quotes awaiting
 * acceptance (urgent within 3 days of expiring), balances requested and unpaid
 * (overdue after 7 days, when the first reminder goes), money to refund, and
 * emails the outbox gave up on.
 */
export function createAttention({
  database,
  now = Date.now,
  backups = () => null,
}: {
  database: AppDatabase;
  now?: () => number;
  /** Whether backups are behind (server/db/backup.server.ts, backupHealth): said at the top when they are. */
  backups?: () => BackupHealth;
}) {
  const { db } = database;
  const name = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`;

  async function leadsWaiting(t: number): Promise<AttentionItem[]> {
    const rows = await db
      .selectFrom("inquiries")
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

  async function quotesAwaiting(t: number): Promise<AttentionItem[]> {
    const rows = await db
      .selectFrom("quotes")
      .innerJoin("inquiries", "inquiries.id", "quotes.inquiry_id")
      .select([
        "quotes.id",
        "quotes.inquiry_id",
        "quotes.status",
        "quotes.expires_at",
        "quotes.total_cents",
        "inquiries.first_name",
        "inquiries.last_name",
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
        leadId: r.inquiry_id,
        name: name(r),
        urgent: soon,
        detail: `${quoteReference(r.id)}, ${cad(Number(r.total_cents))}, ${quoteStatusLabels[r.status]}: ${soon ? "expires soon, on" : "expires"} ${formatSiteDate(r.expires_at)}`,
      };
    });
  }

  async function balancesDue(t: number): Promise<AttentionItem[]> {
    const rows = await db
      .selectFrom("quotes")
      .innerJoin("inquiries", "inquiries.id", "quotes.inquiry_id")
      .select([
        "quotes.id",
        "quotes.inquiry_id",
        "quotes.total_cents",
        "quotes.deposit_cents",
        "quotes.balance_requested_at",
        "inquiries.first_name",
        "inquiries.last_name",
      ])
      .where("quotes.status", "=", "deposit_paid")
      .where("quotes.balance_requested_at", "is not", null)
      .orderBy("quotes.balance_requested_at", "asc")
      .limit(LIST_LIMIT)
      .execute();
    return rows.map((r) => {
      const overdue = t - Date.parse(r.balance_requested_at!) >= 7 * DAY;
      const balance = Number(r.total_cents) - Number(r.deposit_cents ?? 0);
      return {
        key: r.id,
        leadId: r.inquiry_id,
        name: name(r),
        urgent: overdue,
        detail: `${quoteReference(r.id)}, ${cad(balance)} ${overdue ? "overdue" : "due"}: requested ${formatSiteDate(r.balance_requested_at!)}`,
      };
    });
  }

  async function refundsNeeded(): Promise<AttentionItem[]> {
    const rows = await db
      .selectFrom("payments")
      .innerJoin("inquiries", "inquiries.id", "payments.inquiry_id")
      .select([
        "payments.id",
        "payments.inquiry_id",
        "payments.amount_cents",
        "payments.refund_reason",
        "payments.paid_at",
        "inquiries.first_name",
        "inquiries.last_name",
      ])
      .where("payments.refund_status", "=", "needed")
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
      leadId: r.inquiry_id!,
      name: name(r),
      urgent: true,
      detail: `${cad(Number(r.amount_cents))} to refund: ${r.refund_reason ? why[r.refund_reason] : "flagged"}`,
    }));
  }

  /** Emails the outbox gave up on, on the lead each was about (through its quote or payment). */
  async function undeliverable(): Promise<AttentionItem[]> {
    const rows = await db
      .selectFrom("outbox")
      .leftJoin("quotes", (j) =>
        j.onRef("quotes.id", "=", "outbox.subject_id").on("outbox.subject_type", "=", QUOTE_SUBJECT),
      )
      .leftJoin("payments", (j) =>
        j.onRef("payments.id", "=", "outbox.subject_id").on("outbox.subject_type", "=", PAYMENT_SUBJECT),
      )
      .innerJoin("inquiries", (j) =>
        j.on((eb) =>
          eb.or([
            eb.and([
              eb("outbox.subject_type", "=", INQUIRY_SUBJECT),
              eb("inquiries.id", "=", eb.ref("outbox.subject_id")),
            ]),
            eb("inquiries.id", "=", eb.ref("quotes.inquiry_id")),
            eb("inquiries.id", "=", eb.ref("payments.inquiry_id")),
          ]),
        ),
      )
      .select([
        "outbox.id",
        "outbox.channel",
        "outbox.attempts",
        "outbox.created_at",
        "inquiries.id as lead_id",
        "inquiries.first_name",
        "inquiries.last_name",
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

  return {
    async load() {
      const t = now();
      const [leads, quotes, balances, refunds, emails] = await Promise.all([
        leadsWaiting(t),
        quotesAwaiting(t),
        balancesDue(t),
        refundsNeeded(),
        undeliverable(),
      ]);
      const backup = backups();
      return {
        leads,
        quotes,
        balances,
        refunds,
        emails,
        limit: LIST_LIMIT,
        backup: backup?.late
          ? { lastAt: backup.lastAt, intervalMs: backup.intervalMs, dir: backup.dir }
          : null,
      };
    },
  };
}

export type Attention = ReturnType<typeof createAttention>;
