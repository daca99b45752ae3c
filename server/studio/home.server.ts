import { siteDay, siteDayStart } from "~/lib/site-time";

import type { Accounting } from "../billing/accounting.server";
import { balanceOverdue } from "../billing/balance-due";
import { planSummary } from "../billing/plans/studio.server";
import type { BookingStudio } from "../booking/studio.server";
import type { AppDatabase } from "../db/database.server";
import { DAY, type AttentionItem } from "../leads/attention-context.server";
import type { Attention } from "../leads/attention.server";

/** Days of calls the home shows: today and the next seven. */
export const CALL_DAYS = 8;

export type HomeCall = {
  id: string;
  leadId: string;
  name: string;
  topic: string;
  startsAt: string;
  today: boolean;
};
export type HomeGroup = { id: string; title: string; items: AttentionItem[]; urgent: number };

type Deps = {
  database: AppDatabase;
  attention: Pick<Attention, "load">;
  accounting: Pick<Accounting, "rows" | "totals" | "currentMonth" | "previousMonth">;
  calls: Pick<BookingStudio, "agenda">;
  now?: () => number;
};

/** The attention lists, in the order they come when none is urgent; what a quiet group says instead. */
const GROUPS = [
  { id: "waiting", key: "leads", title: "Leads waiting for a reply", quiet: "no lead waits for a reply" },
  { id: "refunds", key: "refunds", title: "Payments to refund", quiet: "no payment to refund" },
  { id: "plans-past-due", key: "plans", title: "Care plans not paid", quiet: "every care plan is paid" },
  { id: "undeliverable", key: "emails", title: "Emails not delivered", quiet: "every email was delivered" },
  { id: "balances", key: "balances", title: "Balances due", quiet: "no balance is due" },
  { id: "quotes", key: "quotes", title: "Quotes awaiting acceptance", quiet: "no quote awaits acceptance" },
] as const;

/**
 * The owner's day (/studio): the calls of today and the next seven days, the money received this
 * month and last (the Accounting page's own figures: its rows and totals, not a second sum), balances
 * due and overdue, the value of quotes out, the care plans' figures, and the attention lists, the urgent ones first and the
 * empty ones folded into one quiet line.
 */
export function createStudioHome({ database, attention, accounting, calls, now = Date.now }: Deps) {
  const { db } = database;

  async function received(period: ReturnType<Accounting["currentMonth"]>) {
    return { period, cents: accounting.totals(await accounting.rows(period)).received.totalCents };
  }

  async function upcomingCalls(t: number): Promise<HomeCall[]> {
    const today = siteDay(t);
    const end = siteDayStart(
      new Date(Date.parse(`${today}T00:00:00Z`) + CALL_DAYS * DAY).toISOString().slice(0, 10),
    );
    const { upcoming } = await calls.agenda();
    return upcoming
      .filter((c) => Date.parse(c.starts_at) < end)
      .map((c) => ({
        id: c.id,
        leadId: c.lead_id,
        name: c.visitor_name ?? `${c.first_name} ${c.last_name}`,
        topic: c.topic,
        startsAt: c.starts_at,
        today: siteDay(c.starts_at) === today,
      }));
  }

  /** Every requested, unpaid balance and every open quote, summed (the lists stop at 50; the sums do not). */
  async function openMoney(t: number) {
    const [balances, quotes] = await Promise.all([
      db
        .selectFrom("quotes")
        .select(["total_cents", "deposit_cents", "balance_requested_at"])
        .where("status", "=", "deposit_paid")
        .where("balance_requested_at", "is not", null)
        .execute(),
      db
        .selectFrom("quotes")
        .select("total_cents")
        .where("status", "in", ["sent", "viewed", "accepted"])
        .where("expires_at", ">", new Date(t).toISOString())
        .execute(),
    ]);
    const due = balances.map((b) => ({
      cents: Number(b.total_cents) - Number(b.deposit_cents ?? 0),
      overdue: balanceOverdue(b.balance_requested_at!, t),
    }));
    const sum = (list: { cents: number }[]) => list.reduce((s, x) => s + x.cents, 0);
    const overdue = due.filter((d) => d.overdue);
    return {
      balances: {
        count: due.length,
        cents: sum(due),
        overdueCount: overdue.length,
        overdueCents: sum(overdue),
      },
      quotesOut: { count: quotes.length, cents: sum(quotes.map((q) => ({ cents: Number(q.total_cents) }))) },
    };
  }

  async function load() {
    const t = now();
    const [lists, thisMonth, lastMonth, week, open, plans] = await Promise.all([
      attention.load(),
      received(accounting.currentMonth()),
      received(accounting.previousMonth()),
      upcomingCalls(t),
      openMoney(t),
      // Care plans: monthly recurring revenue, renewals paid this week, renewals not paid (issue 42).
      planSummary(database, t),
    ]);
    const all: HomeGroup[] = GROUPS.map((g) => ({
      id: g.id,
      title: g.title,
      items: lists[g.key],
      urgent: lists[g.key].filter((i) => i.urgent).length,
    }));
    // Most urgent first: groups with urgent items ahead (most urgent items first), then the rest in GROUPS' order.
    const groups = all
      .filter((g) => g.items.length > 0)
      .sort(
        (a, b) => Number(b.urgent > 0) - Number(a.urgent > 0) || (b.urgent > 0 ? b.urgent - a.urgent : 0),
      );
    const quiet = GROUPS.filter((g) => lists[g.key].length === 0).map((g) => g.quiet);
    return {
      calls: week,
      money: { thisMonth, lastMonth },
      ...open,
      plans,
      groups,
      quiet,
      limit: lists.limit,
      backup: lists.backup,
    };
  }

  return { load };
}

export type StudioHome = ReturnType<typeof createStudioHome>;
