import { paymentPackage } from "~/content/payment";
import { formatCad } from "~/lib/money";
import type { AppDatabase } from "../db/database.server";
import type { PaymentTable } from "../db/schema";
import type { Logger } from "../logger.server";
import { MailNotConfiguredError, type Mailer } from "../mail/mailer.server";
import { describeError } from "./errors";

export type FulfilOutcome = { status: "paid" } | { status: "failed"; reason: string };

export type FulfilResult =
  /** This call moved the payment out of pending. `notified` settles when the studio mail is done. */
  | { result: "changed"; payment: PaymentTable; notified: Promise<void> }
  /** Already paid or failed (a repeated webhook, a second click): nothing done. */
  | { result: "unchanged"; payment: PaymentTable }
  | { result: "unknown" };

export type Fulfil = (sessionId: string, outcome: FulfilOutcome, source: string) => Promise<FulfilResult>;

/**
 * The one place a payment leaves "pending". The conditional UPDATE ... WHERE
 * status = 'pending' is atomic on SQLite and PostgreSQL alike, so however many
 * webhooks, success-page loads and sandbox clicks race, exactly one caller
 * changes the row and only that caller notifies the studio.
 */
export function createFulfil({ database, mailer, logger }: { database: AppDatabase; mailer: Mailer; logger: Logger }): Fulfil {
  const { db } = database;

  return async function fulfil(sessionId, outcome, source) {
    const now = new Date().toISOString();
    const changed = await db
      .updateTable("payments")
      .set(
        outcome.status === "paid"
          ? { status: "paid", paid_at: now, updated_at: now }
          : { status: "failed", failed_at: now, failure_reason: outcome.reason, updated_at: now },
      )
      .where("provider_session_id", "=", sessionId)
      .where("status", "=", "pending")
      .returningAll()
      .executeTakeFirst();

    if (!changed) {
      const existing = await db.selectFrom("payments").selectAll().where("provider_session_id", "=", sessionId).executeTakeFirst();
      if (!existing) {
        logger.warn({ sessionId, source }, "payment fulfilment: unknown session");
        return { result: "unknown" };
      }
      logger.info({ paymentId: existing.id, status: existing.status, wanted: outcome.status, source }, "payment fulfilment: already settled");
      return { result: "unchanged", payment: existing };
    }

    const payment = normalise(changed);
    logger.info({ paymentId: payment.id, status: payment.status, amountCents: payment.amount_cents, source }, "payment settled");
    const notified = payment.status === "paid" ? notifyStudio(payment, source) : Promise.resolve();
    return { result: "changed", payment, notified };
  };

  /** Best effort: the payment is recorded whatever the mail server does. */
  async function notifyStudio(payment: PaymentTable, source: string) {
    const pkg = paymentPackage(payment.package);
    const amount = formatCad(payment.amount_cents, { withCode: true });
    try {
      await mailer.send({
        subject: `Payment received: ${pkg.name}, ${amount}`,
        text: [
          `A website payment was completed.`,
          ``,
          `Package:   ${pkg.name}`,
          `Amount:    ${amount}`,
          `Provider:  ${payment.provider}${payment.provider === "sandbox" ? " (TEST: no money moved)" : ""}`,
          `Session:   ${payment.provider_session_id}`,
          `Payment:   ${payment.id}`,
          `Paid at:   ${payment.paid_at}`,
          `Confirmed: ${source}`,
          ``,
          `Next step: contact the customer about getting started.`,
        ].join("\n"),
      });
    } catch (err) {
      const level = err instanceof MailNotConfiguredError ? "warn" : "error";
      logger[level]({ paymentId: payment.id, error: describeError(err) }, "payment notification not sent");
    }
  }
}

/** PostgreSQL and SQLite both return integers as numbers here; keep the type honest anyway. */
function normalise(row: PaymentTable): PaymentTable {
  return { ...row, amount_cents: Number(row.amount_cents) };
}
