import type { Executor } from "../db/database.server";
import type { PaymentTable, RefundReason, RefundStatus } from "../db/schema";
import type { QuoteResult } from "../quotes/result";
import { apply } from "./refund-apply.server";
import { providerKey, type RefundContext } from "./refund-context.server";
import { ask } from "./refund-request.server";

/**
 * Money that arrived when the quote no longer took it (withdrawn, expired, or the stage paid
 * already), inside fulfil()'s transaction: a refund row of the whole payment, `needed` until the
 * studio asks for it (decision 0045). Its id is the payment's, so it is made once however often
 * the payment settles, and its provider key is the one the earlier model sent. The whole amount
 * is claimed, so no other refund can take from it. No receipt was issued, so it gets no credit note.
 */
export async function flagForRefund(
  trx: Executor,
  payment: Pick<PaymentTable, "id" | "lead_id" | "amount_cents">,
  cause: RefundReason,
  t: number,
) {
  const at = new Date(t).toISOString();
  if (!payment.lead_id) throw new Error(`payment ${payment.id} flagged for a refund has no lead`);
  const row = await trx
    .insertInto("refunds")
    .values({
      id: payment.id,
      payment_id: payment.id,
      lead_id: payment.lead_id,
      amount_cents: Number(payment.amount_cents),
      reason: "",
      cause,
      status: "needed",
      provider_refund_id: null,
      credit_note_id: null,
      requested_by: "system",
      created_at: at,
      settled_at: null,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (row)
    await trx
      .updateTable("payments")
      .set({ refund_claimed_cents: Number(payment.amount_cents), updated_at: at })
      .where("id", "=", payment.id)
      .execute();
}

/**
 * The lead page's "Refund" of a flagged payment: its row moves needed → requested in one
 * conditional UPDATE (two clicks ask once), then the provider is asked and its answer applied as
 * every refund's is. A refusal puts it back to needed; no answer leaves it to the recovery job.
 */
export async function refundFlagged(
  ctx: RefundContext,
  leadId: string,
  paymentId: string,
  actor: string,
): Promise<QuoteResult<RefundStatus>> {
  const { db } = ctx;
  const row = await db
    .selectFrom("refunds")
    .innerJoin("payments", "payments.id", "refunds.payment_id")
    .select([
      "refunds.id",
      "refunds.status",
      "refunds.cause",
      "refunds.settled_at",
      "refunds.amount_cents",
      "payments.lead_id",
      "payments.provider_session_id",
      "payments.provider_payment_ref",
    ])
    .where("refunds.payment_id", "=", paymentId)
    .where("refunds.cause", "is not", null)
    .executeTakeFirst();
  if (!row || row.lead_id !== leadId)
    return { ok: false, status: 404, error: "No such payment for this lead." };
  if (row.status !== "needed") return { ok: true, value: stateOf(row.status) };
  const claimed = await db
    .updateTable("refunds")
    .set({ status: "requested", requested_by: actor, provider_refund_id: null, provider_status: null })
    .where("id", "=", row.id)
    .where("status", "=", "needed")
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return { ok: true, value: "requested" };
  const applied = await ask(ctx, {
    id: row.id,
    key: providerKey(row),
    payment: {
      id: paymentId,
      provider_session_id: row.provider_session_id,
      provider_payment_ref: row.provider_payment_ref,
    },
    amountCents: Number(row.amount_cents),
  });
  if (applied === "silent" || applied.status === "pending") return { ok: true, value: "requested" };
  if (applied.status === "succeeded") return { ok: true, value: "refunded" };
  return {
    ok: false,
    status: 409,
    error: "The payment service did not take the refund. Try again in a moment.",
  };
}

/**
 * A flagged payment refunded whole outside this app (Stripe's dashboard; its charge.refunded):
 * settled through the same apply as any refund, once however often the event arrives.
 */
export async function settleFlaggedElsewhere(
  ctx: RefundContext,
  match: { paymentId?: string; paymentRef?: string },
): Promise<boolean> {
  if (!match.paymentId && !match.paymentRef) return false;
  const row = await ctx.db
    .selectFrom("refunds")
    .innerJoin("payments", "payments.id", "refunds.payment_id")
    .select(["refunds.id", "refunds.status"])
    .where("refunds.cause", "is not", null)
    .where((eb) =>
      eb.or([
        ...(match.paymentId ? [eb("payments.id", "=", match.paymentId)] : []),
        ...(match.paymentRef ? [eb("payments.provider_payment_ref", "=", match.paymentRef)] : []),
      ]),
    )
    .executeTakeFirst();
  if (!row || row.status === "succeeded") return false;
  await ctx.db
    .updateTable("refunds")
    .set({ status: "requested" })
    .where("id", "=", row.id)
    .where("status", "=", "needed")
    .execute();
  const applied = await apply(ctx, row.id, { refundId: null, status: "succeeded", failureReason: null });
  return applied.status === "succeeded";
}

function stateOf(status: "requested" | "succeeded" | "failed" | "needed"): RefundStatus {
  return status === "succeeded" ? "refunded" : status === "failed" ? "needed" : status;
}
