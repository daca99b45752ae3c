import { formatSiteDate } from "~/lib/site-time";

import { CREDIT_NOTE_EMAIL } from "../billing/refunds.server";
import type { OutboxHandlers, OutboxItem } from "../outbox/outbox.server";
import { PAYMENT_SUBJECT } from "../payments/notifications.server";
import { sendCreditNote, sendReceipt, sendRefundNotice } from "./money-emails.server";
import { sendAgreement, sendQuote, sendReply } from "./quote-emails.server";
import { quoteMailContext, type QuoteMailDeps } from "./quote-mail-context.server";

/** Outbox channels of quotes: the quote to the client, the balance request, and the client's receipt. */
export const QUOTE_SUBJECT = "quote";
export const QUOTE_EMAIL = "quote-email";
export const QUOTE_BALANCE_EMAIL = "quote-balance-email";
export const RECEIPT_EMAIL = "receipt-email";
/** Money the quote did not take (late or duplicate): the client is told it goes back. */
export const REFUND_NOTICE_EMAIL = "refund-notice-email";

/** The signed agreement (PDF attached) to the client and to the studio; subject: the quote, so a lead's deletion takes them too. */
export const AGREEMENT_CLIENT_EMAIL = "agreement-client-email";
export const AGREEMENT_COMPANY_EMAIL = "agreement-studio-email";
/** The client's decline or question, to the studio; subject: its timeline row. */
export const QUOTE_REPLY_SUBJECT = "lead-activity";
export const QUOTE_DECLINED_EMAIL = "quote-declined-email";
export const QUOTE_QUESTION_EMAIL = "quote-question-email";

export function agreementOutboxItems(quoteId: string): OutboxItem[] {
  return [AGREEMENT_CLIENT_EMAIL, AGREEMENT_COMPANY_EMAIL].map((channel) => ({
    subjectType: QUOTE_SUBJECT,
    subjectId: quoteId,
    channel,
  }));
}

export function quoteReplyOutboxItem(intent: "decline" | "question", activityId: string): OutboxItem {
  return {
    subjectType: QUOTE_REPLY_SUBJECT,
    subjectId: activityId,
    channel: intent === "decline" ? QUOTE_DECLINED_EMAIL : QUOTE_QUESTION_EMAIL,
  };
}

export function receiptOutboxItem(paymentId: string): OutboxItem {
  return { subjectType: PAYMENT_SUBJECT, subjectId: paymentId, channel: RECEIPT_EMAIL };
}

export function refundNoticeOutboxItem(paymentId: string): OutboxItem {
  return { subjectType: PAYMENT_SUBJECT, subjectId: paymentId, channel: REFUND_NOTICE_EMAIL };
}

/** Dates in the studio's time zone, as a client reads them: "December 23, 2026". */
export const formatDate = formatSiteDate;

/** How the outbox worker delivers the quote emails, each to the lead's address. */
export function quoteDeliveryHandlers(deps: QuoteMailDeps): OutboxHandlers {
  const ctx = quoteMailContext(deps);
  const enabled = deps.mailer.configured;
  return {
    [CREDIT_NOTE_EMAIL]: { enabled, deliver: (row) => sendCreditNote(ctx, row) },
    [AGREEMENT_CLIENT_EMAIL]: { enabled, deliver: (row) => sendAgreement(ctx, row, false) },
    [AGREEMENT_COMPANY_EMAIL]: { enabled, deliver: (row) => sendAgreement(ctx, row, true) },
    [QUOTE_DECLINED_EMAIL]: { enabled, deliver: (row) => sendReply(ctx, row, "declined") },
    [QUOTE_QUESTION_EMAIL]: { enabled, deliver: (row) => sendReply(ctx, row, "question") },
    [QUOTE_EMAIL]: { enabled, deliver: (row) => sendQuote(ctx, row, false) },
    [QUOTE_BALANCE_EMAIL]: { enabled, deliver: (row) => sendQuote(ctx, row, true) },
    [REFUND_NOTICE_EMAIL]: { enabled, deliver: (row) => sendRefundNotice(ctx, row) },
    [RECEIPT_EMAIL]: { enabled, deliver: (row) => sendReceipt(ctx, row) },
  };
}
