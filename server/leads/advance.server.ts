import type { StudioUser } from "../auth/session-context.server";
import type { LeadStatus } from "../db/schema";
import { NEXT_STATUSES, statusChangeSchema, type LeadContext, type LeadResult } from "./lead-context.server";
import { insertLeadActivity } from "./timeline.server";

export function record(
  ctx: LeadContext,
  trx: LeadContext["db"],
  inquiryId: string,
  actor: StudioUser,
  entry: { kind: "status" | "note" | "retry" | "reply"; from?: string; to?: string; body?: string },
) {
  const { now } = ctx;
  return insertLeadActivity(
    trx,
    {
      lead_id: inquiryId,
      kind: entry.kind,
      from_status: entry.from ?? null,
      to_status: entry.to ?? null,
      body: entry.body ?? null,
      actor_email: actor.email,
    },
    now(),
  );
}

export async function changeStatus(
  ctx: LeadContext,
  id: string,
  input: unknown,
  actor: StudioUser,
): Promise<LeadResult<LeadStatus>> {
  const { db } = ctx;
  const parsed = statusChangeSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? "Invalid status." };
  const { status, reason } = parsed.data;
  return db.transaction().execute(async (trx) => {
    const lead = await trx
      .selectFrom("leads")
      .select(["status", "quarantine_reason"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!lead) return { ok: false, status: 404, error: "No such lead." } as const;
    if (lead.quarantine_reason)
      return {
        ok: false,
        status: 409,
        error: "This lead is in Spam: move it to the inbox first.",
      } as const;
    if (!NEXT_STATUSES[lead.status].includes(status)) {
      return {
        ok: false,
        status: 409,
        error: `A ${lead.status} lead cannot move to ${status}.`,
      } as const;
    }
    // The status it was read with: a concurrent change makes this update miss, and the caller retries.
    const updated = await trx
      .updateTable("leads")
      .set({ status, lost_reason: status === "lost" ? (reason ?? null) : null })
      .where("id", "=", id)
      .where("status", "=", lead.status)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1)
      return { ok: false, status: 409, error: "The lead changed meanwhile; reload it." } as const;
    await record(ctx, trx, id, actor, {
      kind: "status",
      from: lead.status,
      to: status,
      body: status === "lost" ? reason : undefined,
    });
    return { ok: true, value: status } as const;
  });
}
