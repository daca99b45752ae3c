import type { StudioUser } from "../auth/session-context.server";
import { record } from "./advance.server";
import { noteSchema, type LeadContext, type LeadResult } from "./lead-context.server";

export async function addNote(
  ctx: LeadContext,
  id: string,
  input: unknown,
  actor: StudioUser,
): Promise<LeadResult<null>> {
  const { db } = ctx;
  const parsed = noteSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? "Invalid note." };
  const lead = await db.selectFrom("leads").select("id").where("id", "=", id).executeTakeFirst();
  if (!lead) return { ok: false, status: 404, error: "No such lead." };
  await record(ctx, db, id, actor, { kind: "note", body: parsed.data.body });
  return { ok: true, value: null };
}
