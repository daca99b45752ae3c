import type { StudioUser } from "../auth/session-context.server";
import { INQUIRY_SUBJECT } from "../inquiries/notifications.server";
import { record } from "./advance.server";
import { type LeadContext, type LeadResult } from "./lead-context.server";

/** Puts a failed notification of this lead back in the queue, due now, and wakes the worker. */
export async function retryDelivery(
  ctx: LeadContext,
  id: string,
  outboxId: string,
  actor: StudioUser,
): Promise<LeadResult<null>> {
  const { db, now, outbox } = ctx;
  const result = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("outbox")
      .set({
        status: "pending",
        next_attempt_at: new Date(now()).toISOString(),
        locked_by: null,
        locked_until: null,
      })
      .where("id", "=", outboxId)
      .where("subject_type", "=", INQUIRY_SUBJECT)
      .where("subject_id", "=", id)
      .where("status", "=", "failed")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    const row = await trx
      .selectFrom("outbox")
      .select("channel")
      .where("id", "=", outboxId)
      .executeTakeFirstOrThrow();
    await record(ctx, trx, id, actor, { kind: "retry", body: row.channel });
    return true;
  });
  if (!result)
    return { ok: false, status: 409, error: "Only a failed notification of this lead can be retried." };
  outbox?.wake();
  return { ok: true, value: null };
}
