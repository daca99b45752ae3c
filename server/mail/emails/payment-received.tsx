import { paymentPackage } from "~/content/payment";
import { paymentKindLabels } from "~/content/quotes";
import { formatCad } from "~/lib/money";
import { formatSiteDateTimeWithZone } from "~/lib/site-time";
import { quoteReference } from "~/shared/quote-model";

import type { PaymentTable, RefundReason, RefundStatus } from "../../db/schema";
import { renderNotice, type CompanyNotice } from "../layout";
import { headerSafe } from "../mailer.server";

export type PaymentReceivedData = Pick<
  PaymentTable,
  | "id"
  | "package"
  | "amount_cents"
  | "provider"
  | "provider_session_id"
  | "paid_at"
  | "quote_id"
  | "lead_id"
  | "kind"
> & { refund_status: RefundStatus | null; refund_reason: RefundReason | null };

/** Who paid, as the lead records them (absent: a payment without a lead). */
export type PaymentClient = { firstName: string; lastName: string; company: string | null };

/**
 * The studio's email about a paid payment (`confirmedAt`: when it was queued, kept for the
 * callers' signature); a sandbox one is marked [TEST] where the inbox shows it first, and
 * money to refund says so. It names the client and states the facts in words and Vancouver
 * time, not ids (issue 37): the lead page link leads to everything else.
 */
export function paymentReceivedEmail(
  payment: PaymentReceivedData,
  _confirmedAt: string,
  siteUrl: string,
  client?: PaymentClient,
) {
  const pkg = paymentPackage(payment.package);
  const amount = formatCad(Number(payment.amount_cents), { withCode: true });
  const test = payment.provider === "sandbox";
  const refund = payment.refund_status
    ? ` (${payment.refund_reason === "duplicate" ? "a duplicate" : `quote ${payment.refund_reason}`}): to refund`
    : "";
  const who = client ? `${client.firstName} ${client.lastName}`.trim() : null;
  const part = payment.kind ? paymentKindLabels[payment.kind] : null;
  const notice: CompanyNotice = {
    subject: headerSafe(
      `${test ? "[TEST] " : ""}Payment received${refund ? " to refund" : ""}${who ? ` from ${who}` : ""}: ${pkg.name}, ${amount}${payment.quote_id ? `, quote ${quoteReference(payment.quote_id)}` : ""}`,
    ),
    intro: [
      test
        ? `TEST PAYMENT made in test mode: no money moved.`
        : `${who ?? "A client"} completed a website payment.`,
    ],
    valueColumn: 11,
    facts: [
      ...(who
        ? ([["Client", client?.company ? `${who}, ${client.company}` : who]] as [string, string][])
        : []),
      ["Package", pkg.name],
      ["Amount", amount],
      ...(part ? ([["Part", part]] as [string, string][]) : []),
      ...(payment.quote_id ? ([["Quote", quoteReference(payment.quote_id)]] as [string, string][]) : []),
      ["Paid", payment.paid_at ? formatSiteDateTimeWithZone(payment.paid_at) : "Not yet"],
      ["Taken by", test ? "Test mode (no money moved)" : "Stripe"],
      ...(payment.lead_id
        ? ([["Lead page", `${siteUrl}/studio/leads/${payment.lead_id}`]] as [string, string][])
        : []),
    ],
    closing: [
      refund
        ? `Needs a refund${refund.replace(": to refund", "")}: the client was told it goes back. Refund it from the lead's page.`
        : `Next step: contact ${client?.firstName ?? "the client"} about getting started.`,
    ],
  };
  return renderNotice(notice);
}
