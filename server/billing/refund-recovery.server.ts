import { startLeasedJob, type LeasedJobOptions } from "../jobs/lease.server";
import { describeError } from "../payments/errors";
import type { RefundState } from "../payments/types";
import { apply } from "./refund-apply.server";
import { isRefusal, providerKey, type RefundContext } from "./refund-context.server";
import { NOT_TAKEN } from "./refund-request.server";

/** A refund still `requested` this long after it was asked is the recovery job's: its process died, or its write failed. */
export const REFUND_STUCK_AFTER_MS = 5 * 60_000;
export const REFUND_RECOVERY_JOB = "refund-recovery";
/** How often the job looks: a stuck refund is finished within about this plus REFUND_STUCK_AFTER_MS. */
export const REFUND_RECOVERY_EVERY_MS = 5 * 60_000;
/** Stuck refunds finished per run (a run that finds more goes on at the next). */
const RECOVERY_BATCH = 50;

/**
 * The recovery job's pass over every refund still `requested` REFUND_STUCK_AFTER_MS after it was
 * asked, the studio's and the flagged alike. One the provider answered pending is looked up by its
 * id; one with no answer recorded (its process died, or its write failed) is asked again with the
 * same idempotency key, which names the same refund at Stripe (or makes it, if the first ask never
 * arrived). A definite refusal (a 4xx) fails it; a provider out of reach leaves it for the next pass.
 */
export async function recoverStuck(
  ctx: RefundContext,
): Promise<{ succeeded: number; failed: number; pending: number }> {
  const stuck = await ctx.db
    .selectFrom("refunds")
    .innerJoin("payments", "payments.id", "refunds.payment_id")
    .select([
      "refunds.id",
      "refunds.cause",
      "refunds.settled_at",
      "refunds.amount_cents",
      "refunds.provider_refund_id",
      "payments.id as payment_id",
      "payments.provider_session_id",
      "payments.provider_payment_ref",
    ])
    .where("refunds.status", "=", "requested")
    .where("refunds.created_at", "<=", new Date(ctx.now() - REFUND_STUCK_AFTER_MS).toISOString())
    .orderBy("refunds.created_at")
    .limit(RECOVERY_BATCH)
    .execute();
  const counts = { succeeded: 0, failed: 0, pending: 0 };
  for (const r of stuck) {
    let answer: RefundState & { paymentRef?: string | null };
    try {
      answer = r.provider_refund_id
        ? await ctx.payments.refundState(r.provider_refund_id)
        : await ctx.payments.refundPart(
            {
              id: r.payment_id,
              provider_session_id: r.provider_session_id,
              provider_payment_ref: r.provider_payment_ref,
            },
            { id: r.id, amountCents: Number(r.amount_cents), key: providerKey(r) },
          );
    } catch (err) {
      if (!isRefusal(err)) {
        ctx.log.warn(
          { refundId: r.id, error: describeError(err) },
          "stuck refund: provider not reached, tried again next pass",
        );
        counts.pending++;
        continue;
      }
      answer = { refundId: r.provider_refund_id ?? "", status: "failed", failureReason: NOT_TAKEN };
    }
    const applied = await apply(ctx, r.id, { ...answer, refundId: answer.refundId || null });
    counts[applied.status]++;
  }
  return counts;
}

/**
 * Stripe's refund.updated / refund.failed: the refund it names (by our id in its metadata, or its
 * own id) moves on, through the one apply. False when it is none of ours.
 */
export async function providerUpdate(
  ctx: RefundContext,
  state: RefundState & { ourId: string | null },
): Promise<boolean> {
  const row = await ctx.db
    .selectFrom("refunds")
    .select(["id", "status", "provider_refund_id"])
    .where((eb) =>
      state.ourId
        ? eb.or([eb("id", "=", state.ourId), eb("provider_refund_id", "=", state.refundId)])
        : eb("provider_refund_id", "=", state.refundId),
    )
    .executeTakeFirst();
  if (!row) return false;
  // A provider id that disagrees with ours is another refund's event, whatever its metadata says.
  if (row.provider_refund_id && row.provider_refund_id !== state.refundId) return false;
  if (row.status === "succeeded" && state.status !== "succeeded") {
    // Money Stripe gave back, then took again (rare): the credit note stands until the studio issues what reverses it.
    ctx.log.error(
      { refundId: row.id, status: state.status },
      "refund reported failed after its credit note: settle by hand",
    );
    return true;
  }
  await apply(ctx, row.id, state);
  return true;
}

/**
 * The recovery of stuck refunds, every REFUND_RECOVERY_EVERY_MS under the
 * database lease: one process runs it at a time, and a run racing the webhook
 * or another run still settles each refund once (apply's conditional UPDATE).
 */
export function startRefundRecoveryJob(
  {
    refunds,
    onError,
    ...schedule
  }: Omit<LeasedJobOptions, "name" | "everyMs" | "run"> & {
    refunds: { recoverStuck(): Promise<unknown> };
  },
  options?: { timers?: boolean },
) {
  return startLeasedJob(
    {
      ...schedule,
      name: REFUND_RECOVERY_JOB,
      everyMs: REFUND_RECOVERY_EVERY_MS,
      run: () => refunds.recoverStuck().then(() => undefined),
      onError,
    },
    options,
  );
}
