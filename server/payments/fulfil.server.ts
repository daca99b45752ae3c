import type { Transaction } from "kysely";

import type { GoalRecorder } from "../analytics/service.server";
import type { AppDatabase } from "../db/database.server";
import type { Database, PaymentTable } from "../db/schema";
import type { Logger } from "../logger.server";
import { enqueue, type OutboxItem, type OutboxTrigger } from "../outbox/outbox.server";
import { paymentOutboxItem } from "./notifications.server";

/** paymentRef: the provider's payment behind the session (Stripe's payment_intent), kept for a refund. */
export type FulfilOutcome =
  { status: "paid"; paymentRef?: string | null } | { status: "failed"; reason: string };

export type FulfilResult =
  /** This call moved the payment out of pending (and, when paid, queued the studio's email with it). */
  | { result: "changed"; payment: PaymentTable }
  /** Already paid or failed (a repeated webhook, a second click): nothing done. */
  | { result: "unchanged"; payment: PaymentTable }
  | { result: "unknown" };

/**
 * Runs inside fulfil's transaction when a payment becomes paid (e.g. a quote
 * moving to deposit paid); the notifications it returns are queued with it.
 */
export type OnPaid = (
  trx: Transaction<Database>,
  payment: PaymentTable,
  now: number,
) => Promise<OutboxItem[]>;

/**
 * Why we closed a checkout ourselves. A payment that still arrives on one (the
 * customer paid as it closed) is recorded; a payment the provider reported
 * failed stays failed.
 */
export const CLOSED_CHECKOUT_REASONS = [
  "checkout expired",
  "quote withdrawn",
  "quote expired",
  "superseded by a newer checkout",
] as const;
export type ClosedCheckoutReason = (typeof CLOSED_CHECKOUT_REASONS)[number];

export type Fulfil = (sessionId: string, outcome: FulfilOutcome, source: string) => Promise<FulfilResult>;

/**
 * The one place a payment leaves "pending". The conditional UPDATE ... WHERE
 * status = 'pending' is atomic on SQLite and PostgreSQL alike, so however many
 * webhooks, success-page loads and sandbox clicks race, exactly one caller
 * changes the row. The studio's "payment received" email is queued in the
 * outbox in the same transaction, so it is delivered (and retried) once.
 */
export function createFulfil({
  database,
  logger,
  outbox,
  onPaid,
  goals,
  now = Date.now,
}: {
  database: AppDatabase;
  logger: Logger;
  outbox?: OutboxTrigger;
  onPaid?: OnPaid;
  now?: () => number;
  /** Analytics: a settled payment is a goal with its amount, joined to its lead (absent: none recorded). */
  goals?: GoalRecorder;
}): Fulfil {
  const { db } = database;

  return async function fulfil(sessionId, outcome, source) {
    const t = now();
    const at = new Date(t).toISOString();
    const changed = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable("payments")
        .set(
          outcome.status === "paid"
            ? {
                status: "paid",
                paid_at: at,
                updated_at: at,
                ...(outcome.paymentRef ? { provider_payment_ref: outcome.paymentRef } : {}),
              }
            : { status: "failed", failed_at: at, failure_reason: outcome.reason, updated_at: at },
        )
        .where("provider_session_id", "=", sessionId)
        // Money is never turned away: a checkout we closed (expired, superseded) that was paid anyway is
        // recorded too, and the quote's settlement flags it for a refund.
        .where((eb) =>
          outcome.status === "paid"
            ? eb.or([
                eb("status", "=", "pending"),
                eb.and([eb("status", "=", "failed"), eb("failure_reason", "in", CLOSED_CHECKOUT_REASONS)]),
              ])
            : eb("status", "=", "pending"),
        )
        .returningAll()
        .executeTakeFirst();
      if (row && row.status === "paid") {
        const more = onPaid ? await onPaid(trx, normalise(row), t) : [];
        await enqueue(trx, [paymentOutboxItem(row.id), ...more], t);
        // The settlement may have flagged it for a refund: answer with the row as it now stands.
        return (
          (await trx.selectFrom("payments").selectAll().where("id", "=", row.id).executeTakeFirst()) ?? row
        );
      }
      return row;
    });

    if (!changed) {
      const existing = await db
        .selectFrom("payments")
        .selectAll()
        .where("provider_session_id", "=", sessionId)
        .executeTakeFirst();
      if (!existing) {
        logger.warn({ sessionId, source }, "payment fulfilment: unknown session");
        return { result: "unknown" };
      }
      logger.info(
        { paymentId: existing.id, status: existing.status, wanted: outcome.status, source },
        "payment fulfilment: already settled",
      );
      return { result: "unchanged", payment: existing };
    }

    const payment = normalise(changed);
    logger.info(
      { paymentId: payment.id, status: payment.status, amountCents: payment.amount_cents, source },
      "payment settled",
    );
    if (payment.status === "paid") {
      outbox?.wake();
      // Once: only the call that moved it here records it. Money flagged for a refund is no revenue.
      if (payment.refund_status === null)
        void goals?.recordGoal({
          name: "payment",
          leadId: payment.lead_id,
          amountCents: payment.amount_cents,
        });
    }
    return { result: "changed", payment };
  };
}

/** PostgreSQL and SQLite both return integers as numbers here; keep the type honest anyway. */
function normalise(row: PaymentTable): PaymentTable {
  return { ...row, amount_cents: Number(row.amount_cents) };
}
