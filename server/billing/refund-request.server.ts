import { randomUUID } from "node:crypto";

import { formatCad } from "~/lib/money";
import { z } from "~/lib/zod";

import { describeError } from "../payments/errors";
import type { RefundState } from "../payments/types";
import type { QuoteResult } from "../quotes/result";
import { apply, settledAs, type Applied } from "./refund-apply.server";
import { isRefusal, type RefundContext } from "./refund-context.server";
import { refundFormSchema } from "./refund-form";

const PROVIDER_REFUSED =
  "The payment service did not take the refund, so nothing was refunded. Try again in a moment.";
const PROVIDER_SILENT =
  "The payment service did not answer, so the refund may or may not have been made. It stays reserved and is checked with the payment service again within 10 minutes; this page then shows its credit note or why it failed.";
/** A refund the provider refused outright (nothing was refunded). */
export const NOT_TAKEN = "not taken by the payment service";

/** How long a second post of the same form waits for the first one's answer from the provider (the SDK's retries fit in it). */
const OPENING_WAIT_MS = 30_000;

/** The form's one-time key (a hidden field the page renders with each load). */
const requestKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** A claim that would refund more than was paid: its transaction is rolled back (the refund row with it). */
class OverRefund extends Error {}

/** The refund made (its credit note's number), or asked and pending at the provider (the credit note waits for its success). */
export type RefundMade = { creditNote: string; pending?: undefined } | { creditNote: null; pending: true };

/**
 * The lead page's refund of a settled, receipted payment, in full or in part (decision 0035). It
 * is claimed first (one conditional UPDATE keeps the claimed total within the payment, however
 * many race), then asked of the provider with a key derived from the refund's own id; only once
 * the provider says the money went back is its credit note issued (apply, decision 0038).
 */
export async function refund(
  ctx: RefundContext,
  leadId: string,
  form: Record<string, unknown>,
  actor: string,
): Promise<QuoteResult<RefundMade>> {
  const { db, now } = ctx;
  const parsed = refundFormSchema.safeParse(form);
  if (!parsed.success)
    return { ok: false, status: 400, error: parsed.error.issues.map((i) => i.message).join(" ") };
  const { paymentId, amount, reason } = parsed.data;
  const payment = await db.selectFrom("payments").selectAll().where("id", "=", paymentId).executeTakeFirst();
  if (!payment || payment.lead_id !== leadId || !payment.quote_id)
    return { ok: false, status: 404, error: "No such payment for this lead." };
  const receipt = await db
    .selectFrom("money_documents")
    .select("id")
    .where("kind", "=", "receipt")
    .where("payment_id", "=", paymentId)
    .executeTakeFirst();
  // A flagged payment has no receipt: it is refunded whole, from its own button.
  if (payment.status !== "paid" || !receipt)
    return { ok: false, status: 409, error: "Only a settled payment with a receipt can be refunded here." };

  // The form's one-time key names the refund: the same form posted twice (a double click) is one refund.
  const key = requestKeySchema.safeParse(form.requestKey);
  const id = `rf_${key.success ? key.data : randomUUID()}`;
  const at = new Date(now()).toISOString();
  let claim: "claimed" | "posted before";
  try {
    claim = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("refunds")
        .values({
          id,
          payment_id: paymentId,
          lead_id: leadId,
          amount_cents: amount,
          reason,
          cause: null,
          status: "requested",
          provider_refund_id: null,
          credit_note_id: null,
          requested_by: actor,
          created_at: at,
          settled_at: null,
        })
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
        .where((eb) => eb(eb("refund_claimed_cents", "+", amount), "<=", eb.ref("amount_cents")))
        .returning("id")
        .executeTakeFirst();
      if (!row) throw new OverRefund();
      return "claimed";
    });
  } catch (err) {
    if (!(err instanceof OverRefund)) throw err;
    return overRefund(ctx, paymentId);
  }
  if (claim === "posted before") return outcomeOf(ctx, id, paymentId);
  const applied = await ask(ctx, { id, payment, amountCents: amount });
  if (applied === "silent") return { ok: false, status: 409, error: PROVIDER_SILENT };
  return (
    made(applied) ?? {
      ok: false,
      status: 409,
      error: refundFailedMessage(applied.status === "failed" ? applied.reason : null),
    }
  );
}

async function overRefund(ctx: RefundContext, paymentId: string): Promise<QuoteResult<never>> {
  const fresh = await ctx.db
    .selectFrom("payments")
    .select(["amount_cents", "refund_claimed_cents"])
    .where("id", "=", paymentId)
    .executeTakeFirstOrThrow();
  const left = Number(fresh.amount_cents) - Number(fresh.refund_claimed_cents ?? 0);
  return {
    ok: false,
    status: 409,
    error:
      left > 0
        ? `At most ${formatCad(left)} of this payment is left to refund.`
        : "This payment has been refunded in full already.",
  };
}

/**
 * Asks the provider for a refund claimed as `requested`, and applies its answer. No answer (a
 * timeout, Stripe's 5xx) leaves the claim for the recovery job ("silent"); a refusal fails it.
 */
export async function ask(
  ctx: RefundContext,
  refund: {
    id: string;
    key?: string;
    payment: Parameters<RefundContext["payments"]["refundPart"]>[0];
    amountCents: number;
  },
): Promise<Applied | "silent"> {
  const { id, payment } = refund;
  let answer: RefundState & { paymentRef: string | null };
  try {
    answer = await ctx.payments.refundPart(payment, { id, amountCents: refund.amountCents, key: refund.key });
  } catch (err) {
    if (!isRefusal(err)) {
      ctx.log.error(
        { paymentId: payment.id, refundId: id, error: describeError(err) },
        "refund: no answer from the provider, left to the recovery job",
      );
      return "silent";
    }
    ctx.log.error(
      { paymentId: payment.id, refundId: id, error: describeError(err) },
      "refund not taken by the provider: claim given back",
    );
    return apply(ctx, id, { refundId: null, status: "failed", failureReason: NOT_TAKEN }, { notify: false });
  }
  return apply(ctx, id, answer);
}

/**
 * The same form posted again (a double click, a resubmit): the answer of the
 * first post, once it has one. It waits while the first is with the provider.
 */
async function outcomeOf(
  ctx: RefundContext,
  id: string,
  paymentId: string,
): Promise<QuoteResult<RefundMade>> {
  const until = Date.now() + OPENING_WAIT_MS;
  for (;;) {
    const row = await ctx.db
      .selectFrom("refunds")
      .select(["payment_id", "provider_status"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    if (row.payment_id !== paymentId)
      return {
        ok: false,
        status: 409,
        error: "This form was already used for another refund. Reload the page and try again.",
      };
    const applied = await settledAs(ctx, id);
    const answer = made(applied, row.provider_status !== null);
    if (answer) return answer;
    if (applied.status === "failed")
      return { ok: false, status: 409, error: refundFailedMessage(applied.reason) };
    if (Date.now() > until)
      return {
        ok: false,
        status: 409,
        error: "This refund is still being made. Reload the page in a moment.",
      };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The answer of a refund made or pending at the provider (a requested one the provider has not answered yet: none). */
function made(applied: Applied, answered = true): QuoteResult<RefundMade> | undefined {
  if (applied.status === "succeeded" && applied.creditNote)
    return { ok: true, value: { creditNote: applied.creditNote } };
  if (applied.status === "pending" && answered)
    return { ok: true, value: { creditNote: null, pending: true } };
  return undefined;
}

function refundFailedMessage(reason: string | null) {
  return reason === NOT_TAKEN || reason === null
    ? PROVIDER_REFUSED
    : `The payment service did not make the refund (${reason}), so nothing was refunded.`;
}
