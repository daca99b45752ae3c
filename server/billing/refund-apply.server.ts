import { sql } from "kysely";

import { formatCad } from "~/lib/money";
import { quoteReference } from "~/shared/quote-model";

import type { Executor } from "../db/database.server";
import type { RefundRequestStatus } from "../db/schema";
import type { LeadTimeline } from "../leads/timeline.server";
import { enqueue } from "../outbox/outbox.server";
import type { RefundState } from "../payments/types";
import { issueCreditNote } from "./documents.server";
import type { RefundContext } from "./refund-context.server";
import { creditNoteOutboxItem } from "./refund-notices.server";

/** Where a refund ended after the provider's answer was applied. */
export type Applied =
  | { status: "succeeded"; creditNote: string | null }
  | { status: "pending" }
  | { status: "failed"; reason: string | null };

export type ProviderAnswer = Omit<RefundState, "refundId"> & {
  refundId: string | null;
  paymentRef?: string | null;
};

/**
 * The one settlement of every refund (decision 0045): the provider's answer, from the request,
 * Stripe's webhook or the recovery job, applied once however many apply it at once. Each step is
 * one conditional UPDATE of the refund's row from `requested`, taken before the payment's row, so
 * the second to come finds it settled and answers what the first did. `succeeded` records the money
 * back (and a credit note where a receipt was issued); `failed` or `canceled` gives the claim back
 * (a flagged refund goes back to `needed`, still owed); `pending` only records it.
 */
export async function apply(
  ctx: RefundContext,
  id: string,
  answer: ProviderAnswer,
  { notify = true } = {},
): Promise<Applied> {
  // The provider's id once known (a refusal has none); never overwritten with nothing.
  const ref = answer.refundId ? { provider_refund_id: answer.refundId } : {};
  if (answer.status === "pending") {
    await ctx.db
      .updateTable("refunds")
      .set({ provider_status: "pending", ...ref })
      .where("id", "=", id)
      .where("status", "=", "requested")
      .execute();
  } else if (answer.status === "failed" || answer.status === "canceled") {
    await applyFailed(ctx, id, { ...answer, status: answer.status }, notify);
  } else {
    await applySucceeded(ctx, id, answer);
  }
  return settledAs(ctx, id);
}

async function applyFailed(
  ctx: RefundContext,
  id: string,
  answer: ProviderAnswer & { status: "failed" | "canceled" },
  notify: boolean,
) {
  const t = ctx.now();
  const at = new Date(t).toISOString();
  const ref = answer.refundId ? { provider_refund_id: answer.refundId } : {};
  const failed = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("refunds")
      .set(() => ({
        // A flagged payment's money is still owed: its refund waits to be asked again, its claim kept.
        status: sql<RefundRequestStatus>`case when cause is not null then 'needed' else 'failed' end`,
        provider_status: notify ? answer.status : null,
        ...ref,
        failure_reason: answer.failureReason,
        settled_at: at,
      }))
      .where("id", "=", id)
      .where("status", "=", "requested")
      .returning(["payment_id", "lead_id", "amount_cents", "cause"])
      .executeTakeFirst();
    if (!row) return false;
    if (row.cause) return true;
    const amount = Number(row.amount_cents);
    await trx
      .updateTable("payments")
      .set((eb) => ({ refund_claimed_cents: eb("refund_claimed_cents", "-", amount), updated_at: at }))
      .where("id", "=", row.payment_id)
      .execute();
    // The studio learns it on the lead page (its timeline and the refunds waiting or failed); a refusal at the form is said there
    // and then, so it keeps no provider_status and is not listed again.
    if (
      notify &&
      !(await recordOnLead(
        ctx,
        trx,
        row.lead_id,
        {
          kind: "quote-refund-failed",
          detail: `Refund of ${formatCad(amount)} failed at the payment service (${answer.failureReason ?? answer.status}): nothing was refunded, no credit note issued.`,
          actor: "system",
        },
        t,
      ))
    ) {
      await forgetReason(trx, id);
    }
    return true;
  });
  if (failed)
    ctx.log.warn({ refundId: id, status: answer.status }, "refund failed at the provider: claim given back");
}

async function applySucceeded(ctx: RefundContext, id: string, answer: ProviderAnswer) {
  const t = ctx.now();
  const at = new Date(t).toISOString();
  const ref = answer.refundId ? { provider_refund_id: answer.refundId } : {};
  const done = await ctx.db.transaction().execute(async (trx) => {
    const refund = await trx
      .updateTable("refunds")
      .set({ status: "succeeded", provider_status: "succeeded", ...ref, settled_at: at })
      .where("id", "=", id)
      .where("status", "=", "requested")
      .returning(["payment_id", "lead_id", "amount_cents", "reason", "requested_by", "cause"])
      .executeTakeFirst();
    if (!refund) return undefined;
    const amount = Number(refund.amount_cents);
    // The payment's row lock next: credit notes of one payment are issued one after the other, each on the refunds before it.
    const paid = await trx
      .updateTable("payments")
      .set((eb) => ({
        refunded_cents: eb("refunded_cents", "+", amount),
        provider_payment_ref: answer.paymentRef ?? eb.ref("provider_payment_ref"),
        updated_at: at,
      }))
      .where("id", "=", refund.payment_id)
      .returning(["refunded_cents", "quote_id"])
      .executeTakeFirstOrThrow();
    const receipt = await trx
      .selectFrom("money_documents")
      .selectAll()
      .where("kind", "=", "receipt")
      .where("payment_id", "=", refund.payment_id)
      .executeTakeFirst();
    // A flagged payment was never receipted (no sale): its money goes back without a credit note.
    if (!receipt) return { flagged: true } as const;
    const note = await issueCreditNote(
      trx,
      receipt,
      {
        amountCents: amount,
        refundedBeforeCents: Number(paid.refunded_cents) - amount,
        reason: refund.reason,
      },
      t,
    );
    await trx.updateTable("refunds").set({ credit_note_id: note.id }).where("id", "=", id).execute();
    const entry = {
      kind: "quote-refunded",
      detail: `${quoteReference(receipt.quote_id)} refunded ${formatCad(amount)} (credit note ${note.number})`,
      actor: refund.requested_by,
    } as const;
    // A lead deleted meanwhile gets no email, as its deletion stopped the others.
    if (await recordOnLead(ctx, trx, refund.lead_id, entry, t))
      await enqueue(trx, [creditNoteOutboxItem(note.id)], t);
    else await forgetReason(trx, id);
    return { flagged: false } as const;
  });
  if (done?.flagged) ctx.log.info({ refundId: id }, "refund settled");
  else if (done) {
    ctx.outbox?.wake();
    ctx.log.info({ refundId: id }, "refund made: credit note issued");
  }
}

/** The lead's timeline, while the lead exists; false when it was deleted while its refund was at the provider. */
async function recordOnLead(
  ctx: RefundContext,
  trx: Executor,
  leadId: string,
  entry: Omit<Parameters<LeadTimeline["record"]>[1], "leadId">,
  t: number,
) {
  const lead = await trx.selectFrom("leads").select("id").where("id", "=", leadId).executeTakeFirst();
  if (lead) await ctx.timeline?.record(trx, { ...entry, leadId }, t);
  return lead !== undefined;
}

/** The lead is gone: its refund's reason follows it, as the deletion did the others' (the credit note keeps its own copy). */
async function forgetReason(trx: Executor, id: string) {
  await trx.updateTable("refunds").set({ reason: "" }).where("id", "=", id).execute();
}

/** Where a refund stands now (after this or a racing apply). */
export async function settledAs(ctx: RefundContext, id: string): Promise<Applied> {
  const row = await ctx.db
    .selectFrom("refunds")
    .leftJoin("money_documents", "money_documents.id", "refunds.credit_note_id")
    .select(["refunds.status", "refunds.cause", "refunds.failure_reason", "money_documents.number"])
    .where("refunds.id", "=", id)
    .executeTakeFirstOrThrow();
  if (row.status === "succeeded" && (row.number || row.cause))
    return { status: "succeeded", creditNote: row.number ?? null };
  if (row.status === "failed" || (row.status === "needed" && row.failure_reason))
    return { status: "failed", reason: row.failure_reason };
  return { status: "pending" };
}
