import type { Kysely } from "kysely";

import { flaggedRefundCause, flaggedRefundStatus } from "../../server/billing/flagged-refund";
import { flagForRefund } from "../../server/billing/refund-flagged.server";
import type { Database, RefundReason } from "../../server/db/schema";

/** Flags stored payments for a refund as a late or duplicate payment's settlement does (decision 0045). */
export async function flagPayments(
  db: Kysely<Database>,
  payments: { id: string; lead_id: string | null; amount_cents: number }[],
  cause: RefundReason,
) {
  await db.transaction().execute(async (trx) => {
    for (const p of payments) await flagForRefund(trx, p, cause, Date.now());
  });
}

/** Payments with their flagged refund's state and cause, as pages read them. */
export const paymentsWithRefunds = (db: Kysely<Database>) =>
  db
    .selectFrom("payments")
    .selectAll()
    .select([flaggedRefundStatus.as("refund_status"), flaggedRefundCause.as("refund_reason")]);
