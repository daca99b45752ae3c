import { randomUUID } from "node:crypto";

import type { Executor } from "../db/database.server";
import type {
  AgreementActivityKind,
  BookingActivityKind,
  LeadActivityTable,
  LeadStatus,
  QuoteActivityKind,
} from "../db/schema";

/** One step for the lead's timeline; actor is a studio email, "cli", "client" or "system". */
export type TimelineEntry = {
  leadId: string;
  kind: QuoteActivityKind | AgreementActivityKind | BookingActivityKind;
  detail: string;
  actor: string;
};

/**
 * The lead's timeline and pipeline, the one port every capability that moves a lead writes
 * through (quotes, agreements, payments, refunds, bookings). Always called inside the
 * transaction of the change itself; built once by the composition root (services.server.ts).
 */
export type LeadTimeline = {
  /** Returns the new timeline row's id (an email about it names it as its subject). */
  record(db: Executor, entry: TimelineEntry, at: number): Promise<string>;
  /** Moves the lead's pipeline status forward (Quoted when a quote is sent, Won on its first payment), recorded as a status change. */
  advance(db: Executor, leadId: string, to: "quoted" | "won", actor: string, at: number): Promise<void>;
};

/** The steps a quote moves a lead forward from; a lead already Won or Lost stays where it is. */
const ADVANCES_FROM: Record<"quoted" | "won", readonly LeadStatus[]> = {
  quoted: ["new", "contacted"],
  won: ["new", "contacted", "quoted"],
};

type Entry = Pick<LeadActivityTable, "lead_id" | "kind" | "actor_email"> &
  Partial<Pick<LeadActivityTable, "from_status" | "to_status" | "body">>;

/** One row of a lead's timeline (lead_activity). */
export async function insertLeadActivity(db: Executor, entry: Entry, at: number) {
  const id = randomUUID();
  await db
    .insertInto("lead_activity")
    .values({
      id,
      from_status: null,
      to_status: null,
      body: null,
      ...entry,
      created_at: new Date(at).toISOString(),
    })
    .execute();
  return id;
}

export function createLeadTimeline(): LeadTimeline {
  return {
    record: (db, entry, at) =>
      insertLeadActivity(
        db,
        { lead_id: entry.leadId, kind: entry.kind, body: entry.detail, actor_email: entry.actor },
        at,
      ),
    async advance(db, leadId, to, actor, at) {
      const lead = await db.selectFrom("leads").select("status").where("id", "=", leadId).executeTakeFirst();
      if (!lead || !ADVANCES_FROM[to].includes(lead.status)) return;
      // Moves only from the status just read: a concurrent studio change wins, and the step is not recorded twice.
      const updated = await db
        .updateTable("leads")
        .set({ status: to, lost_reason: null })
        .where("id", "=", leadId)
        .where("status", "=", lead.status)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return;
      await insertLeadActivity(
        db,
        { lead_id: leadId, kind: "status", from_status: lead.status, to_status: to, actor_email: actor },
        at,
      );
    },
  };
}
