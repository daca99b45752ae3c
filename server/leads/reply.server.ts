import { randomUUID } from "node:crypto";
import { z } from "zod";

import type { StudioUser } from "../auth/session-context.server";
import { enqueue } from "../outbox/outbox.server";
import { record } from "./advance.server";
import type { LeadContext, LeadResult } from "./lead-context.server";

/** Outbox channel of the studio's reply to a lead; its subject is the reply's timeline row. */
export const LEAD_REPLY_SUBJECT = "lead-activity";
export const LEAD_REPLY_EMAIL = "lead-reply-email";

export const replySchema = z.object({
  // One line: the stored reply is "subject, blank line, body".
  subject: z
    .string()
    .transform((s) => s.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, "Write a subject.").max(200, "A subject is at most 200 characters.")),
  body: z.string().trim().min(1, "Write the reply.").max(5000, "A reply is at most 5,000 characters."),
});

export const savedReplySchema = replySchema.extend({
  title: z.string().trim().min(1, "Name the reply.").max(80, "A name is at most 80 characters."),
});

/**
 * Emails the lead from its page: the reply is a timeline row (its words, who sent it), its email
 * leaves through the outbox with the studio's inbox as Reply-To, and a New lead becomes Contacted,
 * all in one transaction. A lead in Spam is not answered from here.
 */
export async function reply(
  ctx: LeadContext,
  id: string,
  input: unknown,
  actor: StudioUser,
): Promise<LeadResult<{ activityId: string }>> {
  const { db, now, outbox } = ctx;
  const parsed = replySchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? "Invalid reply." };
  const { subject, body } = parsed.data;
  const result = await db.transaction().execute(async (trx) => {
    const lead = await trx
      .selectFrom("leads")
      .select(["status", "quarantine_reason"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!lead) return { ok: false, status: 404, error: "No such lead." } as const;
    if (lead.quarantine_reason)
      return { ok: false, status: 409, error: "This lead is in Spam: move it to the inbox first." } as const;
    const activityId = await record(ctx, trx, id, actor, { kind: "reply", body: `${subject}\n\n${body}` });
    await enqueue(
      trx,
      [{ subjectType: LEAD_REPLY_SUBJECT, subjectId: activityId, channel: LEAD_REPLY_EMAIL }],
      now(),
    );
    if (lead.status === "new") {
      const moved = await trx
        .updateTable("leads")
        .set({ status: "contacted" })
        .where("id", "=", id)
        .where("status", "=", "new")
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 1)
        await record(ctx, trx, id, actor, { kind: "status", from: "new", to: "contacted" });
    }
    return { ok: true, value: { activityId } } as const;
  });
  if (result.ok) outbox?.wake();
  return result;
}

/** The saved replies, by title. */
export function savedReplies(ctx: LeadContext) {
  return ctx.db.selectFrom("saved_replies").selectAll().orderBy("title").orderBy("id").execute();
}

/** Adds (no id) or changes a saved reply; refuses what does not parse. */
export async function saveReply(
  ctx: LeadContext,
  input: Record<string, unknown>,
  actor: StudioUser,
): Promise<LeadResult<string>> {
  const parsed = savedReplySchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? "Invalid reply." };
  const fields = { ...parsed.data, updated_by: actor.email, updated_at: new Date(ctx.now()).toISOString() };
  const id = typeof input.id === "string" && input.id ? input.id.slice(0, 100) : undefined;
  if (!id) {
    const newId = randomUUID();
    await ctx.db
      .insertInto("saved_replies")
      .values({ id: newId, ...fields })
      .execute();
    return { ok: true, value: newId };
  }
  const updated = await ctx.db
    .updateTable("saved_replies")
    .set(fields)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1
    ? { ok: true, value: id }
    : { ok: false, status: 404, error: "No such saved reply." };
}

export async function deleteSavedReply(ctx: LeadContext, id: string) {
  await ctx.db.deleteFrom("saved_replies").where("id", "=", id.slice(0, 100)).execute();
}
