import { refundContext, type RefundDeps } from "./refund-context.server";
import { refundFlagged, settleFlaggedElsewhere } from "./refund-flagged.server";
import type { RefundablePayment, RefundNotice } from "./refund-form";
import { providerUpdate, recoverStuck } from "./refund-recovery.server";
import { refund } from "./refund-request.server";

export { CREDIT_NOTE_EMAIL, CREDIT_NOTE_SUBJECT, creditNoteOutboxItem } from "./refund-notices.server";
export {
  REFUND_REASON_MAX,
  refundFormSchema,
  type RefundablePayment,
  type RefundNotice,
} from "./refund-form";
export {
  REFUND_RECOVERY_EVERY_MS,
  REFUND_RECOVERY_JOB,
  REFUND_STUCK_AFTER_MS,
  startRefundRecoveryJob,
} from "./refund-recovery.server";
export type { RefundMade } from "./refund-request.server";
export { flagForRefund } from "./refund-flagged.server";

/**
 * Every way money goes back to a client, one model (decision 0045; decisions 0035 and 0038 for
 * the studio's refunds): each refund is a row of `refunds` — the studio's refund of a receipted
 * payment, in full or in part, with its credit note, or a flagged late or duplicate payment
 * refunded whole without one — claimed before the provider is asked, settled by one apply (the
 * request's answer, Stripe's refund.updated, the recovery job), and finished by one recovery job.
 */
export function createQuoteRefunds(deps: RefundDeps) {
  const ctx = refundContext(deps);
  return {
    refundable: (leadId: string) => refundable(ctx, leadId),
    refund: refund.bind(null, ctx),
    refundFlagged: refundFlagged.bind(null, ctx),
    settleFlaggedElsewhere: settleFlaggedElsewhere.bind(null, ctx),
    recoverStuck: () => recoverStuck(ctx),
    providerUpdate: providerUpdate.bind(null, ctx),
    notices: (leadId: string) => notices(ctx, leadId),
  };
}

export type QuoteRefunds = ReturnType<typeof createQuoteRefunds>;

type Ctx = ReturnType<typeof refundContext>;

/** The settled quote payments of a lead that have a receipt, with what is left of each. */
async function refundable(ctx: Ctx, leadId: string): Promise<RefundablePayment[]> {
  const rows = await ctx.db
    .selectFrom("payments")
    .innerJoin("money_documents", (j) =>
      j.onRef("money_documents.payment_id", "=", "payments.id").on("money_documents.kind", "=", "receipt"),
    )
    .select([
      "payments.id",
      "payments.kind",
      "payments.amount_cents",
      "payments.refund_claimed_cents",
      "payments.refunded_cents",
      "payments.paid_at",
    ])
    .where("payments.lead_id", "=", leadId)
    .where("payments.status", "=", "paid")
    .orderBy("payments.paid_at")
    .execute();
  return rows.map((p) => ({
    id: p.id,
    kind: p.kind ?? "full",
    amountCents: Number(p.amount_cents),
    refundedCents: Number(p.refunded_cents ?? 0),
    leftCents: Number(p.amount_cents) - Number(p.refund_claimed_cents ?? 0),
    paidAt: p.paid_at,
  }));
}

/** The lead page's studio refunds that are not (yet) a credit note: pending at the provider, or failed with its reason. */
async function notices(ctx: Ctx, leadId: string): Promise<RefundNotice[]> {
  const rows = await ctx.db
    .selectFrom("refunds")
    .select(["id", "amount_cents", "status", "provider_status", "failure_reason", "created_at", "settled_at"])
    .where("lead_id", "=", leadId)
    .where("cause", "is", null)
    .where((eb) =>
      eb.or([
        eb("status", "=", "requested"),
        eb.and([eb("status", "=", "failed"), eb("provider_status", "is not", null)]),
      ]),
    )
    .orderBy("created_at")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    amountCents: Number(r.amount_cents),
    state: r.status === "failed" ? "failed" : "pending",
    failureReason: r.failure_reason,
    at: r.settled_at ?? r.created_at,
  }));
}
