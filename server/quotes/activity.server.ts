import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";

export type Executor = Kysely<Database> | Transaction<Database>;

export type ActivityEntry = { leadId: string; kind: string; detail: string; actor: string };

/**
 * Where quote changes land in the lead's timeline, and how the lead's pipeline
 * status moves (Quoted when a quote is sent, Won on its first payment). Always
 * called inside the transaction of the change itself. The studio back office
 * supplies its own implementation (its timeline and status column); this
 * module ships the minimal one below, so quotes work without it.
 */
export type LeadActivity = {
  recordActivity(db: Executor, entry: ActivityEntry, at: number): Promise<void>;
  advanceLead(db: Executor, leadId: string, to: "quoted" | "won", actor: string, at: number): Promise<void>;
};

/** The minimal timeline: rows in quote_events; the lead's move is recorded there as an event too. */
export function createQuoteEventsActivity(): LeadActivity {
  async function recordActivity(db: Executor, entry: ActivityEntry, at: number) {
    await db
      .insertInto("quote_events")
      .values({ id: randomUUID(), inquiry_id: entry.leadId, kind: entry.kind, detail: entry.detail, actor: entry.actor, created_at: new Date(at).toISOString() })
      .execute();
  }
  return {
    recordActivity,
    advanceLead: (db, leadId, to, actor, at) => recordActivity(db, { leadId, kind: "lead-status", detail: to, actor }, at),
  };
}
