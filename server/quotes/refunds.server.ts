import { randomUUID } from "node:crypto";
import { formatCad, parseCents } from "~/lib/money";
import { z } from "~/lib/zod";
import type { AppDatabase } from "../db/database.server";
import type { Logger } from "../logger.server";
import { type OutboxItem, type OutboxTrigger, enqueue } from "../outbox/outbox.server";
import { describeError } from "../payments/errors";
import type { PaymentService } from "../payments/service.server";
import type { LeadActivity } from "./activity.server";
import { issueCreditNote } from "./documents.server";
import { quoteReference } from "./model";
import type { QuoteResult } from "./service.server";

/** The credit note's email to the client; subject: the credit note (one per refund). */
export const CREDIT_NOTE_SUBJECT = "credit-note";
export const CREDIT_NOTE_EMAIL = "credit-note-email";

export const creditNoteOutboxItem = (documentId: string): OutboxItem => ({ subjectType: CREDIT_NOTE_SUBJECT, subjectId: documentId, channel: CREDIT_NOTE_EMAIL });

export const REFUND_REASON_MAX = 500;

const PROVIDER_REFUSED = "The payment service did not take the refund, so nothing was refunded. Try again in a moment.";

/** How long a second post of the same form waits for the first one's answer from the provider (the SDK's retries fit in it). */
const OPENING_WAIT_MS = 30_000;

/** The form's one-time key (a hidden field the page renders with each load). */
const requestKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** A claim that would refund more than was paid: its transaction is rolled back (the refund row with it). */
class OverRefund extends Error {}

/**
 * The lead page's refund form: the amount is typed by the studio in CAD and
 * parsed here to integer cents (never a float), the reason is required and
 * capped, and the confirmation box must be ticked: money leaves.
 */
export const refundFormSchema = z.object({
  paymentId: z.string().trim().min(1, "Choose the payment to refund.").max(64, "Choose the payment to refund."),
  amount: z
    .unknown()
    .transform((v, ctx) => {
      const parsed = parseCents(typeof v === "string" ? v.replace(/^\$/, "") : v);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.reason === "empty" ? "Enter the amount to refund." : "Enter the amount to refund in dollars, e.g. 250.00." });
        return z.NEVER;
      }
      if (parsed.cents <= 0) {
        ctx.addIssue({ code: "custom", message: "The amount to refund must be more than zero." });
        return z.NEVER;
      }
      return parsed.cents;
    }),
  reason: z.string().trim().min(1, "Give the reason for the refund (it is printed on the credit note).").max(REFUND_REASON_MAX, `The reason is at most ${REFUND_REASON_MAX} characters.`),
  confirm: z.literal("yes", { error: "Tick the box to confirm: the money goes back to the client's card." }),
});

/** What the lead page shows of a payment that can be refunded: how much of it is left. */
export type RefundablePayment = { id: string; kind: string; amountCents: number; refundedCents: number; leftCents: number; paidAt: string | null };

type Deps = {
  database: AppDatabase;
  payments: Pick<PaymentService, "refundPart">;
  activity?: LeadActivity;
  outbox?: OutboxTrigger;
  logger: Logger;
  now?: () => number;
};

/**
 * Refunds of settled quote payments, in full or in part, from the lead's page
 * (decision 0035). A refund is claimed first (one conditional UPDATE keeps
 * the claimed total within the payment, however many race), then asked of
 * the provider with a key derived from the refund's own id; only once the
 * provider accepted it is its credit note issued, numbered and emailed, in
 * one transaction. A refusal gives the claim back and changes nothing else.
 */
export function createQuoteRefunds({ database, payments, activity, outbox, logger, now = Date.now }: Deps) {
  const { db } = database;
  const log = logger.child({ module: "refunds" });

  /** The settled quote payments of a lead that have a receipt, with what is left of each. */
  async function refundable(leadId: string): Promise<RefundablePayment[]> {
    const rows = await db
      .selectFrom("payments")
      .innerJoin("money_documents", (j) => j.onRef("money_documents.payment_id", "=", "payments.id").on("money_documents.kind", "=", "receipt"))
      .select(["payments.id", "payments.kind", "payments.amount_cents", "payments.refund_claimed_cents", "payments.refunded_cents", "payments.paid_at"])
      .where("payments.inquiry_id", "=", leadId)
      .where("payments.status", "=", "paid")
      .where("payments.refund_status", "is", null)
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

  async function refund(leadId: string, form: Record<string, unknown>, actor: string): Promise<QuoteResult<{ creditNote: string }>> {
    const parsed = refundFormSchema.safeParse(form);
    if (!parsed.success) return { ok: false, status: 400, error: parsed.error.issues.map((i) => i.message).join(" ") };
    const { paymentId, amount, reason } = parsed.data;
    const payment = await db.selectFrom("payments").selectAll().where("id", "=", paymentId).executeTakeFirst();
    if (!payment || payment.inquiry_id !== leadId || !payment.quote_id) return { ok: false, status: 404, error: "No such payment for this lead." };
    const receipt = await db.selectFrom("money_documents").selectAll().where("kind", "=", "receipt").where("payment_id", "=", paymentId).executeTakeFirst();
    if (payment.status !== "paid" || payment.refund_status !== null || !receipt) {
      return { ok: false, status: 409, error: "Only a settled payment with a receipt can be refunded here." };
    }

    // The form's one-time key names the refund: the same form posted twice (a double click) is one refund.
    const key = requestKeySchema.safeParse(form.requestKey);
    const id = `rf_${key.success ? key.data : randomUUID()}`;
    const at = new Date(now()).toISOString();
    let claim: "claimed" | "posted before";
    try {
      claim = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto("refunds")
          .values({ id, payment_id: paymentId, inquiry_id: leadId, amount_cents: amount, reason, status: "requested", provider_refund_id: null, credit_note_id: null, requested_by: actor, created_at: at, settled_at: null })
          .onConflict((oc) => oc.column("id").doNothing())
          .returning("id")
          .executeTakeFirst();
        if (!inserted) return "posted before";
        // The claim: refused when it would take the refunds past what was paid (two racing refunds: one wins).
        const row = await trx
          .updateTable("payments")
          .set((eb) => ({ refund_claimed_cents: eb("refund_claimed_cents", "+", amount), updated_at: at }))
          .where("id", "=", paymentId)
          .where("status", "=", "paid")
          .where("refund_status", "is", null)
          .where((eb) => eb(eb("refund_claimed_cents", "+", amount), "<=", eb.ref("amount_cents")))
          .returning("id")
          .executeTakeFirst();
        if (!row) throw new OverRefund();
        return "claimed";
      });
    } catch (err) {
      if (!(err instanceof OverRefund)) throw err;
      const fresh = await db.selectFrom("payments").select(["amount_cents", "refund_claimed_cents"]).where("id", "=", paymentId).executeTakeFirstOrThrow();
      const left = Number(fresh.amount_cents) - Number(fresh.refund_claimed_cents ?? 0);
      return { ok: false, status: 409, error: left > 0 ? `At most ${formatCad(left)} of this payment is left to refund.` : "This payment has been refunded in full already." };
    }
    if (claim === "posted before") return outcomeOf(id, paymentId);

    let accepted;
    try {
      accepted = await payments.refundPart(payment, { id, amountCents: amount });
    } catch (err) {
      log.error({ paymentId, refundId: id, error: describeError(err) }, "refund not taken by the provider: claim given back");
      await db.transaction().execute(async (trx) => {
        const failed = await trx.updateTable("refunds").set({ status: "failed", settled_at: new Date(now()).toISOString() }).where("id", "=", id).where("status", "=", "requested").executeTakeFirst();
        if (Number(failed.numUpdatedRows) > 0) {
          await trx.updateTable("payments").set((eb) => ({ refund_claimed_cents: eb("refund_claimed_cents", "-", amount) })).where("id", "=", paymentId).execute();
        }
      });
      return { ok: false, status: 409, error: PROVIDER_REFUSED };
    }

    const t = now();
    const number = await db.transaction().execute(async (trx) => {
      // The payment's row lock first: credit notes of one payment are issued one after the other, each on the refunds before it.
      const paid = await trx
        .updateTable("payments")
        .set((eb) => ({ refunded_cents: eb("refunded_cents", "+", amount), provider_payment_ref: accepted.paymentRef ?? payment.provider_payment_ref, updated_at: new Date(t).toISOString() }))
        .where("id", "=", paymentId)
        .returning("refunded_cents")
        .executeTakeFirstOrThrow();
      const note = await issueCreditNote(trx, receipt, { amountCents: amount, refundedBeforeCents: Number(paid.refunded_cents) - amount, reason }, t);
      await trx.updateTable("refunds").set({ status: "succeeded", provider_refund_id: accepted.refundId, credit_note_id: note.id, settled_at: new Date(t).toISOString() }).where("id", "=", id).execute();
      await activity?.recordActivity(trx, { leadId, kind: "quote-refunded", detail: `${quoteReference(payment.quote_id!)} refunded ${formatCad(amount)} (credit note ${note.number})`, actor }, t);
      await enqueue(trx, [creditNoteOutboxItem(note.id)], t);
      return note.number;
    });
    outbox?.wake();
    log.info({ paymentId, refundId: id }, "refund made: credit note issued");
    return { ok: true, value: { creditNote: number } };
  }

  /**
   * The same form posted again (a double click, a resubmit): the answer of the
   * first post, once it has one. It waits while the first is with the provider.
   */
  async function outcomeOf(id: string, paymentId: string): Promise<QuoteResult<{ creditNote: string }>> {
    const until = Date.now() + OPENING_WAIT_MS;
    for (;;) {
      const row = await db
        .selectFrom("refunds")
        .leftJoin("money_documents", "money_documents.id", "refunds.credit_note_id")
        .select(["refunds.payment_id", "refunds.status", "money_documents.number"])
        .where("refunds.id", "=", id)
        .executeTakeFirstOrThrow();
      if (row.payment_id !== paymentId) return { ok: false, status: 409, error: "This form was already used for another refund. Reload the page and try again." };
      if (row.status === "succeeded" && row.number) return { ok: true, value: { creditNote: row.number } };
      if (row.status === "failed") return { ok: false, status: 409, error: PROVIDER_REFUSED };
      if (Date.now() > until) return { ok: false, status: 409, error: "This refund is still being made. Reload the page in a moment." };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return { refundable, refund };
}

export type QuoteRefunds = ReturnType<typeof createQuoteRefunds>;
