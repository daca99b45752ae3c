import { randomUUID } from "node:crypto";

import type { Executor } from "../db/database.server";
import type { LeadActivityTable, LeadStatus } from "../db/schema";
import type { LeadActivity } from "../quotes/activity.server";

/** The steps a quote moves a lead forward from; a lead already Won or Lost stays where it is. */
const ADVANCES_FROM: Record<"quoted" | "won", readonly LeadStatus[]> = {
  quoted: ["new", "contacted"],
  won: ["new", "contacted", "quoted"],
};

type Entry = Pick<LeadActivityTable, "inquiry_id" | "kind" | "actor_email"> &
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

/**
 * The studio's side of quotes' LeadActivity: each quote step is a timeline
 * row, and sending a quote or its first payment moves the lead's pipeline
 * status (New/Contacted → Quoted, then → Won), recorded as a status change.
 */
export function createStudioLeadActivity(): LeadActivity {
  return {
    recordActivity: (db, entry, at) =>
      insertLeadActivity(
        db,
        { inquiry_id: entry.leadId, kind: entry.kind, body: entry.detail, actor_email: entry.actor },
        at,
      ),
    async advanceLead(db, leadId, to, actor, at) {
      const lead = await db
        .selectFrom("inquiries")
        .select("status")
        .where("id", "=", leadId)
        .executeTakeFirst();
      if (!lead || !ADVANCES_FROM[to].includes(lead.status)) return;
      // Moves only from the status just read: a concurrent studio change wins, and the step is not recorded twice.
      const updated = await db
        .updateTable("inquiries")
        .set({ status: to, lost_reason: null })
        .where("id", "=", leadId)
        .where("status", "=", lead.status)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return;
      await insertLeadActivity(
        db,
        { inquiry_id: leadId, kind: "status", from_status: lead.status, to_status: to, actor_email: actor },
        at,
      );
    },
  };
}
