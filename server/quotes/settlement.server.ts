import type { QuoteStatus } from "../db/schema";
import type { OutboxItem } from "../inquiries/outbox.server";
import type { Logger } from "../logger.server";
import type { OnPaid } from "../payments/fulfil.server";
import { quoteReference } from "../payments/service.server";
import type { LeadActivity } from "./activity.server";
import { OPEN_STATUSES } from "./model";
import { receiptOutboxItem } from "./notifications.server";

/**
 * What a settled quote payment moves forward, inside fulfil()'s transaction:
 * the quote (deposit paid, or paid in full), the lead (Won on the first
 * payment), the timeline, and the client's receipt email.
 */
export function createQuoteSettlement({ activity, logger }: { activity: LeadActivity; logger: Logger }): OnPaid {
  const log = logger.child({ module: "quotes" });
  return async (trx, payment, t) => {
    if (!payment.quote_id || !payment.kind) return [];
    const at = new Date(t).toISOString();
    // A checkout opened before the expiry may be paid after it: expired counts as open here.
    const open: QuoteStatus[] = [...OPEN_STATUSES, "expired"];
    const from: QuoteStatus[] = payment.kind === "balance" ? ["deposit_paid"] : open;
    const to: QuoteStatus = payment.kind === "deposit" ? "deposit_paid" : "paid";
    const row = await trx
      .updateTable("quotes")
      .set(to === "paid" ? { status: to, paid_at: at, updated_at: at } : { status: to, deposit_paid_at: at, updated_at: at })
      .where("id", "=", payment.quote_id)
      .where("status", "in", from)
      .returningAll()
      .executeTakeFirst();
    const items: OutboxItem[] = [receiptOutboxItem(payment.id)];
    if (!row) {
      // A second checkout for the same part paid too: the money is in, but a person must refund it.
      log.error({ paymentId: payment.id, quoteId: payment.quote_id, kind: payment.kind }, "quote payment settled but the quote had already moved: review for a refund");
      return items;
    }
    const ref = quoteReference(row.id);
    await activity.recordActivity(trx, { leadId: row.inquiry_id, kind: `quote-${to}`, detail: `${ref} ${to === "paid" ? "paid in full" : "deposit paid"} (payment ${payment.id.slice(0, 8).toUpperCase()})`, actor: "client" }, t);
    // The client paid; the pipeline move that follows is the system's.
    if (payment.kind !== "balance") await activity.advanceLead(trx, row.inquiry_id, "won", "system", t);
    return items;
  };
}
