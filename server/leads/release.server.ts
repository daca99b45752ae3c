import { SPAM_STATUS } from "~/studio/labels";

import type { StudioUser } from "../auth/session-context.server";
import { claimAcknowledgement, inquiryOutboxItems } from "../inquiries/notifications.server";
import { enqueue } from "../outbox/outbox.server";
import { record } from "./advance.server";
import { type LeadContext, type LeadResult } from "./lead-context.server";

/**
 * Moves a quarantined lead to the inbox: its notifications are queued then (the studio's email,
 * the form service, the acknowledgement unless its address had one today), and the timeline says so.
 */
export async function release(ctx: LeadContext, id: string, actor: StudioUser): Promise<LeadResult<null>> {
  const { now, db, config, outbox } = ctx;
  const t = now();
  const result = await db.transaction().execute(async (trx): Promise<LeadResult<null>> => {
    const lead = await trx
      .selectFrom("leads")
      .select(["status", "email", "quarantine_reason"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!lead) return { ok: false, status: 404, error: "No such lead." };
    // Conditional, so two studio tabs releasing at once queue the notifications once.
    const moved = await trx
      .updateTable("leads")
      .set({ quarantine_reason: null })
      .where("id", "=", id)
      .where("quarantine_reason", "is not", null)
      .executeTakeFirst();
    if (!lead.quarantine_reason || Number(moved.numUpdatedRows) !== 1)
      return { ok: false, status: 409, error: "This lead is already in the inbox." };
    await enqueue(trx, inquiryOutboxItems(config, id, await claimAcknowledgement(trx, lead.email, t)), t);
    await record(ctx, trx, id, actor, {
      kind: "status",
      from: SPAM_STATUS,
      to: lead.status,
      body: lead.quarantine_reason,
    });
    return { ok: true, value: null };
  });
  if (result.ok) outbox?.wake();
  return result;
}
