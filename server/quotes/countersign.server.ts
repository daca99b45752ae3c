import { z } from "~/lib/zod";
import { printableName } from "~/schemas/printable-name";
import { quoteReference } from "~/shared/quote-model";

import { ofLead } from "./lead-quote-list.server";
import type { LeadQuotesContext } from "./lead-quotes-context.server";
import type { QuoteResult } from "./result";

const countersignSchema = z.object({
  name: z
    .string({ error: "Type the name of the person signing for the studio." })
    .trim()
    .min(2, "Type the name of the person signing for the studio.")
    .max(120, "The name is at most 120 characters.")
    .regex(/^[^\p{Cc}]+$/u, "The name has characters that cannot be printed.")
    .check(printableName("The name")),
  role: z
    .string({ error: "Say in which role they sign (Owner, Director…)." })
    .trim()
    .min(2, "Say in which role they sign (Owner, Director…).")
    .max(80, "The role is at most 80 characters.")
    .regex(/^[^\p{Cc}]+$/u, "The role has characters that cannot be printed.")
    .check(printableName("The role")),
});

/**
 * The studio countersigns a quote the client signed (issue 38): once (a second post, racing or
 * later, finds the first), with the name and role of who signs for the studio and when; the
 * agreement's PDF then carries both signatures. The client's agreement itself never changes.
 */
export async function countersign(
  ctx: LeadQuotesContext,
  leadId: string,
  quoteId: string,
  form: Record<string, unknown>,
  actor: string,
): Promise<QuoteResult<{ already: boolean }>> {
  const { db, now } = ctx;
  if (!(await ofLead(ctx, leadId, quoteId)))
    return { ok: false, status: 404, error: "No such quote for this lead." };
  const parsed = countersignSchema.safeParse(form);
  if (!parsed.success)
    return { ok: false, status: 400, error: parsed.error.issues.map((i) => i.message).join(" ") };
  const agreement = await db
    .selectFrom("agreements")
    .select("id")
    .where("quote_id", "=", quoteId)
    .executeTakeFirst();
  if (!agreement)
    return {
      ok: false,
      status: 409,
      error: `Quote ${quoteReference(quoteId)} is not signed by the client yet.`,
    };
  const inserted = await db
    .insertInto("countersignatures")
    .values({
      quote_id: quoteId,
      agreement_id: agreement.id,
      name: parsed.data.name,
      role: parsed.data.role,
      email: actor,
      signed_at: new Date(now()).toISOString(),
    })
    .onConflict((oc) => oc.column("quote_id").doNothing())
    .returning("quote_id")
    .executeTakeFirst();
  return { ok: true, value: { already: !inserted } };
}
