import { chosenOptions, quoteReference, type QuoteRow } from "~/shared/quote-model";

import { issueSigningInvoice, voidOpenInvoices } from "../billing/documents.server";
import type { QuoteStatus } from "../db/schema";
import { enqueue } from "../outbox/outbox.server";
import { gstHstNumber } from "../settings/settings.server";
import { signatureSchema, storeSignature, type Signer } from "./agreement.server";
import {
  fieldErrors,
  QUOTE_NOT_PAYABLE,
  type CheckoutContext,
  type QuoteCheckoutResult,
} from "./checkout-context.server";
import { applyChoices } from "./choose-options.server";
import { agreementOutboxItems } from "./notifications.server";

export async function moveTo(
  ctx: CheckoutContext,
  quote: QuoteRow,
  from: readonly QuoteStatus[],
  to: "viewed" | "expired",
  extra: Partial<QuoteRow>,
  t: number,
) {
  const { db, timeline, deps } = ctx;
  const at = new Date(t).toISOString();
  const moved = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("quotes")
      .set({ status: to, updated_at: at, ...extra })
      .where("id", "=", quote.id)
      .where("status", "in", from)
      .returningAll()
      .executeTakeFirst();
    // The client viewed it; an expiry noticed on their visit is the system's doing.
    const actor = to === "expired" ? "system" : "client";
    if (row)
      await timeline.record(
        trx,
        { leadId: row.lead_id, kind: `quote-${to}`, detail: `${quoteReference(row.id)} ${to}`, actor },
        t,
      );
    if (row && to === "expired") await voidOpenInvoices(trx, row.id, t);
    return row;
  });
  // Once per quote, after the commit: only the move that happened counts.
  if (moved && to !== "expired") void deps.goals?.recordGoal({ name: `quote-${to}`, leadId: moved.lead_id });
  return moved;
}

/**
 * Signs the quote with what the client typed (once: a second signature,
 * racing or later, finds the first), queuing the agreement's emails with it.
 */
export async function sign(
  ctx: CheckoutContext,
  quote: QuoteRow,
  form: unknown,
  signer: Signer,
  t: number,
): Promise<QuoteCheckoutResult | undefined> {
  const { db, addressKey, timeline, deps } = ctx;
  const parsed = signatureSchema.safeParse(form ?? {});
  if (!parsed.success)
    return {
      ok: false,
      status: 400,
      error: "Please check the highlighted fields.",
      fields: fieldErrors(parsed.error),
    };
  // The options ticked in this post are what is signed: stored with the signature, in its transaction.
  const chosen = chosenOptions(quote, (form ?? {}) as Record<string, unknown>);
  const outcome = await db.transaction().execute(async (trx) => {
    await applyChoices(trx, quote, chosen, new Date(t).toISOString());
    const lead = await trx
      .selectFrom("leads")
      .select("email")
      .where("id", "=", quote.lead_id)
      .executeTakeFirstOrThrow();
    const stored = await storeSignature(
      trx,
      quote,
      parsed.data,
      { ...signer, email: lead.email, key: addressKey() },
      t,
    );
    if (stored.state === "signed") {
      const ref = quoteReference(quote.id);
      await timeline.record(
        trx,
        {
          leadId: quote.lead_id,
          kind: "quote-signed",
          detail: `${ref} accepted and signed by ${stored.agreement.signer_name}`,
          actor: "client",
        },
        t,
      );
      // The yes is when the first amount becomes due: its invoice is numbered here, and the agreement's email carries it.
      await issueSigningInvoice(trx, quote.id, await gstHstNumber(trx, deps.config), t);
      await enqueue(trx, agreementOutboxItems(quote.id), t);
    }
    return stored.state;
  });
  if (outcome === "closed") return { ok: false, status: 409, error: QUOTE_NOT_PAYABLE };
  if (outcome === "signed") {
    deps.outbox?.wake();
    // Accepting is signing: the goal once, from the signature that was stored.
    void deps.goals?.recordGoal({ name: "quote-accepted", leadId: quote.lead_id });
  }
  return undefined;
}
