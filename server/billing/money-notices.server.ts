import type { OutboxItem } from "../outbox/outbox.server";
import { PAYMENT_SUBJECT } from "../payments/notifications.server";

/** The client's receipt of a quote payment; subject: the payment. */
export const RECEIPT_EMAIL = "receipt-email";
/** Money the quote did not take (late or duplicate): the client is told it goes back. */
export const REFUND_NOTICE_EMAIL = "refund-notice-email";

export function receiptOutboxItem(paymentId: string): OutboxItem {
  return { subjectType: PAYMENT_SUBJECT, subjectId: paymentId, channel: RECEIPT_EMAIL };
}

export function refundNoticeOutboxItem(paymentId: string): OutboxItem {
  return { subjectType: PAYMENT_SUBJECT, subjectId: paymentId, channel: REFUND_NOTICE_EMAIL };
}
