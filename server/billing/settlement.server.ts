import { effectiveStatus, OPEN_STATUSES, quoteReference } from "~/shared/quote-model";

import type { QuoteStatus, RefundReason } from "../db/schema";
import type { LeadTimeline } from "../leads/timeline.server";
import type { Logger } from "../logger.server";
import type { OutboxItem } from "../outbox/outbox.server";
import type { OnPaid } from "../payments/fulfil.server";
import { gstHstNumber } from "../settings/settings.server";
import { issueReceipt } from "./documents.server";
import { receiptOutboxItem, refundNoticeOutboxItem } from "./money-notices.server";
import { flagForRefund } from "./refund-flagged.server";

/**
 * What a settled quote payment moves forward, inside fulfil()'s transaction:
 * the quote (deposit paid, or paid in full), the lead (Won on the first
 * payment), the timeline, and the client's receipt email. Money that arrives
 * when the quote no longer takes it (withdrawn, expired, or this stage paid
 * already) is kept, flagged for a refund, and the client is told so instead.
 */
export function createQuoteSettlement({
  timeline,
  logger,
  registrationNumber = null,
}: {
  timeline: LeadTimeline;
  logger: Logger;
  registrationNumber?: string | null;
}): OnPaid {
  const log = logger.child({ module: "quotes" });
  return async (trx, payment, t) => {
    if (!payment.quote_id || !payment.kind) return [];
    const at = new Date(t).toISOString();
    const from: readonly QuoteStatus[] = payment.kind === "balance" ? ["deposit_paid"] : OPEN_STATUSES;
    const to: QuoteStatus = payment.kind === "deposit" ? "deposit_paid" : "paid";
    let move = trx
      .updateTable("quotes")
      .set(
        to === "paid"
          ? { status: to, paid_at: at, updated_at: at }
          : { status: to, deposit_paid_at: at, updated_at: at },
      )
      .where("id", "=", payment.quote_id)
      .where("status", "in", from);
    // An open quote past its expiry takes no money, even before anything marked it expired.
    if (payment.kind !== "balance") move = move.where("expires_at", ">", at);
    const row = await move.returningAll().executeTakeFirst();
    if (!row) {
      const quote = await trx
        .selectFrom("quotes")
        .select(["status", "expires_at"])
        .where("id", "=", payment.quote_id)
        .executeTakeFirst();
      const status = quote ? effectiveStatus(quote, t) : "withdrawn";
      const reason: RefundReason =
        status === "withdrawn" ? "withdrawn" : status === "expired" ? "expired" : "duplicate";
      await flagForRefund(trx, payment, reason, t);
      log.warn(
        { paymentId: payment.id, quoteId: payment.quote_id, kind: payment.kind, reason },
        "quote payment arrived when the quote no longer takes it: flagged for a refund",
      );
      return [refundNoticeOutboxItem(payment.id)];
    }
    // The receipt is numbered with the payment's settlement, so two settling at once get two numbers.
    // The number in force at settlement: /studio/settings's, else the environment's (issue 38).
    const registration = await gstHstNumber(trx, { GST_HST_NUMBER: registrationNumber ?? undefined });
    await issueReceipt(trx, row, payment, payment.kind, registration, t);
    const items: OutboxItem[] = [receiptOutboxItem(payment.id)];
    const ref = quoteReference(row.id);
    await timeline.record(
      trx,
      {
        leadId: row.lead_id,
        kind: `quote-${to}`,
        detail: `${ref} ${to === "paid" ? "paid in full" : "deposit paid"} (payment ${payment.id.slice(0, 8).toUpperCase()})`,
        actor: "client",
      },
      t,
    );
    // The client paid; the pipeline move that follows is the system's.
    if (payment.kind !== "balance") await timeline.advance(trx, row.lead_id, "won", "system", t);
    return items;
  };
}
