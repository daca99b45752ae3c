import { randomUUID } from "node:crypto";

import { formatCad, parseCents } from "~/lib/money";
import { z } from "~/lib/zod";
import { quoteReference } from "~/shared/quote-model";

import type { AppDatabase, Executor } from "../db/database.server";
import { startLeasedJob, type LeasedJobOptions } from "../jobs/lease.server";
import type { LeadTimeline } from "../leads/timeline.server";
import type { Logger } from "../logger.server";
import { enqueue, type OutboxItem, type OutboxTrigger } from "../outbox/outbox.server";
import { describeError } from "../payments/errors";
import type { RefundRequests } from "../payments/service.server";
import type { RefundState } from "../payments/types";
import type { QuoteResult } from "../quotes/result";
import { issueCreditNote } from "./documents.server";

/** The credit note's email to the client; subject: the credit note (one per refund). */
export const CREDIT_NOTE_SUBJECT = "credit-note";
export const CREDIT_NOTE_EMAIL = "credit-note-email";

export const creditNoteOutboxItem = (documentId: string): OutboxItem => ({
  subjectType: CREDIT_NOTE_SUBJECT,
  subjectId: documentId,
  channel: CREDIT_NOTE_EMAIL,
});

export const REFUND_REASON_MAX = 500;

const PROVIDER_REFUSED =
  "The payment service did not take the refund, so nothing was refunded. Try again in a moment.";
const PROVIDER_SILENT =
  "The payment service did not answer, so the refund may or may not have been made. It stays reserved and is checked with the payment service again within 10 minutes; this page then shows its credit note or why it failed.";
/** A refund the provider refused outright (nothing was refunded). */
const NOT_TAKEN = "not taken by the payment service";

/** How long a second post of the same form waits for the first one's answer from the provider (the SDK's retries fit in it). */
const OPENING_WAIT_MS = 30_000;

/** The form's one-time key (a hidden field the page renders with each load). */
const requestKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** A claim that would refund more than was paid: its transaction is rolled back (the refund row with it). */
class OverRefund extends Error {}

/** A refund still `requested` this long after it was asked is the recovery job's: its process died, or its write failed. */
export const REFUND_STUCK_AFTER_MS = 5 * 60_000;
export const REFUND_RECOVERY_JOB = "refund-recovery";
/** How often the job looks: a stuck refund is finished within about this plus REFUND_STUCK_AFTER_MS. */
export const REFUND_RECOVERY_EVERY_MS = 5 * 60_000;
/** Stuck refunds finished per run (a run that finds more goes on at the next). */
const RECOVERY_BATCH = 50;

/** The refund made (its credit note's number), or asked and pending at the provider (the credit note waits for its success). */
export type RefundMade = { creditNote: string; pending?: undefined } | { creditNote: null; pending: true };

/** Where a refund ended after the provider's answer was applied. */
type Applied =
  | { status: "succeeded"; creditNote: string }
  | { status: "pending" }
  | { status: "failed"; reason: string | null };

/**
 * The lead page's refund form: the amount is typed by the studio in CAD and
 * parsed here to integer cents (never a float), the reason is required and
 * capped, and the confirmation box must be ticked: money leaves.
 */
export const refundFormSchema = z.object({
  paymentId: z
    .string()
    .trim()
    .min(1, "Choose the payment to refund.")
    .max(64, "Choose the payment to refund."),
  amount: z.unknown().transform((v, ctx) => {
    const parsed = parseCents(typeof v === "string" ? v.replace(/^\$/, "") : v);
    if (!parsed.ok) {
      ctx.addIssue({
        code: "custom",
        message:
          parsed.reason === "empty"
            ? "Enter the amount to refund."
            : "Enter the amount to refund in dollars, e.g. 250.00.",
      });
      return z.NEVER;
    }
    if (parsed.cents <= 0) {
      ctx.addIssue({ code: "custom", message: "The amount to refund must be more than zero." });
      return z.NEVER;
    }
    return parsed.cents;
  }),
  reason: z
    .string()
    .trim()
    .min(1, "Give the reason for the refund (it is printed on the credit note).")
    .max(REFUND_REASON_MAX, `The reason is at most ${REFUND_REASON_MAX} characters.`),
  confirm: z.literal("yes", { error: "Tick the box to confirm: the money goes back to the client's card." }),
});

/** What the lead page shows of a payment that can be refunded: how much of it is left. */
export type RefundablePayment = {
  id: string;
  kind: string;
  amountCents: number;
  refundedCents: number;
  leftCents: number;
  paidAt: string | null;
};

/** A refund the lead page lists apart from its credit notes: waiting at the provider, or failed there. */
export type RefundNotice = {
  id: string;
  amountCents: number;
  state: "pending" | "failed";
  failureReason: string | null;
  at: string;
};

type Deps = {
  database: AppDatabase;
  payments: Pick<RefundRequests, "refundPart" | "refundState">;
  timeline?: LeadTimeline;
  outbox?: OutboxTrigger;
  logger: Logger;
  now?: () => number;
};

/**
 * Refunds of settled quote payments, in full or in part, from the lead's page
 * (decision 0035). A refund is claimed first (one conditional UPDATE keeps
 * the claimed total within the payment, however many race), then asked of
 * the provider with a key derived from the refund's own id; only once the
 * provider says the money went back (`succeeded`) is its credit note issued,
 * numbered and emailed, in one transaction (decision 0038). A refusal, or a
 * refund the provider fails or cancels later, gives the claim back. A pending
 * refund waits for Stripe's refund.updated; one whose process died before its
 * write is finished by the recovery job, which asks again with the same key.
 */
export function createQuoteRefunds({ database, payments, timeline, outbox, logger, now = Date.now }: Deps) {
  const { db } = database;
  const log = logger.child({ module: "refunds" });

  /** The settled quote payments of a lead that have a receipt, with what is left of each. */
  async function refundable(leadId: string): Promise<RefundablePayment[]> {
    const rows = await db
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

  async function refund(
    leadId: string,
    form: Record<string, unknown>,
    actor: string,
  ): Promise<QuoteResult<RefundMade>> {
    const parsed = refundFormSchema.safeParse(form);
    if (!parsed.success)
      return { ok: false, status: 400, error: parsed.error.issues.map((i) => i.message).join(" ") };
    const { paymentId, amount, reason } = parsed.data;
    const payment = await db
      .selectFrom("payments")
      .selectAll()
      .where("id", "=", paymentId)
      .executeTakeFirst();
    if (!payment || payment.lead_id !== leadId || !payment.quote_id)
      return { ok: false, status: 404, error: "No such payment for this lead." };
    const receipt = await db
      .selectFrom("money_documents")
      .selectAll()
      .where("kind", "=", "receipt")
      .where("payment_id", "=", paymentId)
      .executeTakeFirst();
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
          .values({
            id,
            payment_id: paymentId,
            lead_id: leadId,
            amount_cents: amount,
            reason,
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
          .where("refund_status", "is", null)
          .where((eb) => eb(eb("refund_claimed_cents", "+", amount), "<=", eb.ref("amount_cents")))
          .returning("id")
          .executeTakeFirst();
        if (!row) throw new OverRefund();
        return "claimed";
      });
    } catch (err) {
      if (!(err instanceof OverRefund)) throw err;
      const fresh = await db
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
    if (claim === "posted before") return outcomeOf(id, paymentId);

    let answer: RefundState & { paymentRef: string | null };
    try {
      answer = await payments.refundPart(payment, { id, amountCents: amount });
    } catch (err) {
      if (!isRefusal(err)) {
        // No answer (a timeout, Stripe's 5xx): the money may have gone back. The claim stays and the recovery job asks again with the same key.
        log.error(
          { paymentId, refundId: id, error: describeError(err) },
          "refund: no answer from the provider, left to the recovery job",
        );
        return { ok: false, status: 409, error: PROVIDER_SILENT };
      }
      log.error(
        { paymentId, refundId: id, error: describeError(err) },
        "refund not taken by the provider: claim given back",
      );
      await apply(id, { refundId: null, status: "failed", failureReason: NOT_TAKEN }, { notify: false });
      return { ok: false, status: 409, error: PROVIDER_REFUSED };
    }
    const applied = await apply(id, answer);
    return (
      made(applied) ?? {
        ok: false,
        status: 409,
        error: refundFailedMessage(applied.status === "failed" ? applied.reason : null),
      }
    );
  }

  /**
   * Applies the provider's answer to a refund still `requested`, once however
   * many apply it at once (the request, Stripe's webhook, the recovery job):
   * each step is one conditional UPDATE of the refund's row from `requested`,
   * taken before the payment's row, so the second to come finds it settled and
   * answers what the first did. `succeeded` issues the credit note, grows
   * `refunded_cents`, notes the timeline and queues the email; `failed` or
   * `canceled` gives the claim back and notes why; `pending` only records it.
   */
  async function apply(
    id: string,
    answer: Omit<RefundState, "refundId"> & { refundId: string | null; paymentRef?: string | null },
    { notify = true } = {},
  ): Promise<Applied> {
    const t = now();
    const at = new Date(t).toISOString();
    // The provider's id once known (a refusal has none); never overwritten with nothing.
    const ref = answer.refundId ? { provider_refund_id: answer.refundId } : {};
    if (answer.status === "pending") {
      await db
        .updateTable("refunds")
        .set({ provider_status: "pending", ...ref })
        .where("id", "=", id)
        .where("status", "=", "requested")
        .execute();
      return settledAs(id);
    }
    if (answer.status === "failed" || answer.status === "canceled") {
      const failed = await db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable("refunds")
          .set({
            status: "failed",
            provider_status: notify ? answer.status : null,
            ...ref,
            failure_reason: answer.failureReason,
            settled_at: at,
          })
          .where("id", "=", id)
          .where("status", "=", "requested")
          .returning(["payment_id", "lead_id", "amount_cents"])
          .executeTakeFirst();
        if (!row) return false;
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
        log.warn({ refundId: id, status: answer.status }, "refund failed at the provider: claim given back");
      return settledAs(id);
    }
    const number = await db.transaction().execute(async (trx) => {
      const refund = await trx
        .updateTable("refunds")
        .set({ status: "succeeded", provider_status: "succeeded", ...ref, settled_at: at })
        .where("id", "=", id)
        .where("status", "=", "requested")
        .returning(["payment_id", "lead_id", "amount_cents", "reason", "requested_by"])
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
        .executeTakeFirstOrThrow();
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
      if (await recordOnLead(trx, refund.lead_id, entry, t))
        await enqueue(trx, [creditNoteOutboxItem(note.id)], t);
      else await forgetReason(trx, id);
      return note.number;
    });
    if (number) {
      outbox?.wake();
      log.info({ refundId: id }, "refund made: credit note issued");
    }
    return settledAs(id);
  }

  /** The lead's timeline, while the lead exists; false when it was deleted while its refund was at the provider. */
  async function recordOnLead(
    trx: Executor,
    leadId: string,
    entry: Omit<Parameters<LeadTimeline["record"]>[1], "leadId">,
    t: number,
  ) {
    const lead = await trx.selectFrom("leads").select("id").where("id", "=", leadId).executeTakeFirst();
    if (lead) await timeline?.record(trx, { ...entry, leadId }, t);
    return lead !== undefined;
  }

  /** The lead is gone: its refund's reason follows it, as the deletion did the others' (the credit note keeps its own copy). */
  async function forgetReason(trx: Executor, id: string) {
    await trx.updateTable("refunds").set({ reason: "" }).where("id", "=", id).execute();
  }

  /** Where a refund stands now (after this or a racing apply). */
  async function settledAs(id: string): Promise<Applied> {
    const row = await db
      .selectFrom("refunds")
      .leftJoin("money_documents", "money_documents.id", "refunds.credit_note_id")
      .select(["refunds.status", "refunds.failure_reason", "money_documents.number"])
      .where("refunds.id", "=", id)
      .executeTakeFirstOrThrow();
    if (row.status === "succeeded" && row.number) return { status: "succeeded", creditNote: row.number };
    if (row.status === "failed") return { status: "failed", reason: row.failure_reason };
    return { status: "pending" };
  }

  /**
   * The recovery job's pass: refunds still `requested` REFUND_STUCK_AFTER_MS
   * after they were asked. One the provider answered pending is looked up by
   * its id; one with no answer recorded (its process died, or its write
   * failed) is asked again with the same idempotency key, which names the same
   * refund at Stripe (or makes it, if the first ask never arrived). A definite
   * refusal (a 4xx) fails it; a provider that cannot be reached leaves it for
   * the next pass.
   */
  async function recoverStuck(): Promise<{ succeeded: number; failed: number; pending: number }> {
    const stuck = await db
      .selectFrom("refunds")
      .innerJoin("payments", "payments.id", "refunds.payment_id")
      .select([
        "refunds.id",
        "refunds.amount_cents",
        "refunds.provider_refund_id",
        "payments.id as payment_id",
        "payments.provider_session_id",
        "payments.provider_payment_ref",
      ])
      .where("refunds.status", "=", "requested")
      .where("refunds.created_at", "<=", new Date(now() - REFUND_STUCK_AFTER_MS).toISOString())
      .orderBy("refunds.created_at")
      .limit(RECOVERY_BATCH)
      .execute();
    const counts = { succeeded: 0, failed: 0, pending: 0 };
    for (const r of stuck) {
      let answer: RefundState & { paymentRef?: string | null };
      try {
        answer = r.provider_refund_id
          ? await payments.refundState(r.provider_refund_id)
          : await payments.refundPart(
              {
                id: r.payment_id,
                provider_session_id: r.provider_session_id,
                provider_payment_ref: r.provider_payment_ref,
              },
              { id: r.id, amountCents: Number(r.amount_cents) },
            );
      } catch (err) {
        if (!isRefusal(err)) {
          log.warn(
            { refundId: r.id, error: describeError(err) },
            "stuck refund: provider not reached, tried again next pass",
          );
          counts.pending++;
          continue;
        }
        answer = { refundId: r.provider_refund_id ?? "", status: "failed", failureReason: NOT_TAKEN };
      }
      const applied = await apply(r.id, { ...answer, refundId: answer.refundId || null });
      counts[applied.status]++;
    }
    return counts;
  }

  /**
   * Stripe's refund.updated / refund.failed: the refund it names (by our id in
   * its metadata, or its own id) moves on. False when it is none of ours.
   */
  async function providerUpdate(state: RefundState & { ourId: string | null }): Promise<boolean> {
    const row = await db
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
      log.error(
        { refundId: row.id, status: state.status },
        "refund reported failed after its credit note: settle by hand",
      );
      return true;
    }
    await apply(row.id, state);
    return true;
  }

  /** The lead page's refunds that are not (yet) a credit note: pending at the provider, or failed with its reason. */
  async function notices(leadId: string): Promise<RefundNotice[]> {
    const rows = await db
      .selectFrom("refunds")
      .select([
        "id",
        "amount_cents",
        "status",
        "provider_status",
        "failure_reason",
        "created_at",
        "settled_at",
      ])
      .where("lead_id", "=", leadId)
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

  /**
   * The same form posted again (a double click, a resubmit): the answer of the
   * first post, once it has one. It waits while the first is with the provider.
   */
  async function outcomeOf(id: string, paymentId: string): Promise<QuoteResult<RefundMade>> {
    const until = Date.now() + OPENING_WAIT_MS;
    for (;;) {
      const row = await db
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
      const applied = await settledAs(id);
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

  return { refundable, refund, recoverStuck, providerUpdate, notices };
}

/** The answer of a refund made or pending at the provider (a requested one the provider has not answered yet: none). */
function made(applied: Applied, answered = true): QuoteResult<RefundMade> | undefined {
  if (applied.status === "succeeded") return { ok: true, value: { creditNote: applied.creditNote } };
  if (applied.status === "pending" && answered)
    return { ok: true, value: { creditNote: null, pending: true } };
  return undefined;
}

function refundFailedMessage(reason: string | null) {
  return reason === NOT_TAKEN || reason === null
    ? PROVIDER_REFUSED
    : `The payment service did not make the refund (${reason}), so nothing was refunded.`;
}

/**
 * A refusal (Stripe's 4xx: invalid request, already refunded; or our own check before asking), not
 * a failure to hear back: a timeout, a lost connection or Stripe's 5xx may have made the refund.
 */
function isRefusal(err: unknown) {
  const { type, statusCode } = (err ?? {}) as { type?: unknown; statusCode?: unknown };
  if (typeof type !== "string" || !type.startsWith("Stripe")) return true;
  return (
    typeof statusCode === "number" &&
    statusCode >= 400 &&
    statusCode < 500 &&
    statusCode !== 409 &&
    statusCode !== 429
  );
}

/**
 * The recovery of stuck refunds, every REFUND_RECOVERY_EVERY_MS under the
 * database lease: one process runs it at a time, and a run racing the webhook
 * or another run still issues each credit note once (apply's conditional UPDATE).
 */
export function startRefundRecoveryJob(
  {
    refunds,
    onError,
    ...schedule
  }: Omit<LeasedJobOptions, "name" | "everyMs" | "run"> & { refunds: Pick<QuoteRefunds, "recoverStuck"> },
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

export type QuoteRefunds = ReturnType<typeof createQuoteRefunds>;
