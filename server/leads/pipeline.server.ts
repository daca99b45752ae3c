import type { LeadStatus, QuoteStatus } from "../db/schema";
import { LEAD_STATUSES, NEXT_STATUSES, type LeadContext } from "./lead-context.server";

/** Cards a column shows; its count and value cover every lead in it. */
export const BOARD_COLUMN_LIMIT = 50;

/** A quote counts in a column's value once sent: drafts were never offered, withdrawn ones were taken back. */
const OFFERED: QuoteStatus[] = ["sent", "viewed", "accepted", "deposit_paid", "paid", "expired"];

export type BoardCard = {
  id: string;
  name: string;
  company: string | null;
  createdAt: string;
  quotedCents: number;
  next: readonly LeadStatus[];
};
export type BoardColumn = { status: LeadStatus; count: number; quotedCents: number; cards: BoardCard[] };

/**
 * The pipeline board (/studio/pipeline): the leads of the inbox (not Spam) by stage, each column
 * with its count and quoted value (the sent quotes of its leads), and up to BOARD_COLUMN_LIMIT
 * cards, the newest first, each with the stages it may move to (NEXT_STATUSES).
 */
export async function board(ctx: LeadContext): Promise<BoardColumn[]> {
  const { db } = ctx;
  const [counts, values, cards] = await Promise.all([
    db
      .selectFrom("leads")
      .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
      .where("quarantine_reason", "is", null)
      .groupBy("status")
      .execute(),
    db
      .selectFrom("quotes")
      .innerJoin("leads", "leads.id", "quotes.lead_id")
      .select(["leads.status", (eb) => eb.fn.sum<number>("quotes.total_cents").as("cents")])
      .where("leads.quarantine_reason", "is", null)
      .where("quotes.status", "in", OFFERED)
      .groupBy("leads.status")
      .execute(),
    Promise.all(
      LEAD_STATUSES.map((status) =>
        db
          .selectFrom("leads")
          .select(["id", "first_name", "last_name", "company", "created_at", "status"])
          .where("quarantine_reason", "is", null)
          .where("status", "=", status)
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(BOARD_COLUMN_LIMIT)
          .execute(),
      ),
    ),
  ]);
  const ids = cards.flat().map((c) => c.id);
  const perLead =
    ids.length === 0
      ? []
      : await db
          .selectFrom("quotes")
          .select(["lead_id", (eb) => eb.fn.sum<number>("total_cents").as("cents")])
          .where("lead_id", "in", ids)
          .where("status", "in", OFFERED)
          .groupBy("lead_id")
          .execute();
  const leadCents = new Map(perLead.map((q) => [q.lead_id, Number(q.cents)]));
  return LEAD_STATUSES.map((status, i) => ({
    status,
    count: Number(counts.find((c) => c.status === status)?.n ?? 0),
    quotedCents: Number(values.find((v) => v.status === status)?.cents ?? 0),
    cards: cards[i]!.map((c) => ({
      id: c.id,
      name: `${c.first_name} ${c.last_name}`,
      company: c.company,
      createdAt: c.created_at,
      quotedCents: leadCents.get(c.id) ?? 0,
      next: NEXT_STATUSES[status],
    })),
  }));
}
