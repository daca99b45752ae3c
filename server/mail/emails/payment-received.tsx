import { paymentPackage } from "~/content/payment";
import { formatCad } from "~/lib/money";
import { quoteReference } from "~/shared/quote-model";

import type { PaymentTable } from "../../db/schema";
import { renderNotice, type CompanyNotice } from "../layout";

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
  | "refund_status"
  | "refund_reason"
>;

/**
 * The studio's email about a paid payment (`confirmedAt`: when it was queued); a sandbox one
 * is marked [TEST] where the inbox shows it first, and money to refund says so.
 */
export function paymentReceivedEmail(payment: PaymentReceivedData, confirmedAt: string, siteUrl: string) {
  const pkg = paymentPackage(payment.package);
  const amount = formatCad(Number(payment.amount_cents), { withCode: true });
  const test = payment.provider === "sandbox";
  const refund = payment.refund_status
    ? ` (${payment.refund_reason === "duplicate" ? "a duplicate" : `quote ${payment.refund_reason}`}): to refund`
    : "";
  const notice: CompanyNotice = {
    subject: `${test ? "[TEST] " : ""}Payment received${refund ? " to refund" : ""}: ${pkg.name}, ${amount}${payment.quote_id ? `, quote ${quoteReference(payment.quote_id)}` : ""}`,
    intro: [
      test ? `TEST PAYMENT made through the sandbox: no money moved.` : `A website payment was completed.`,
    ],
    valueColumn: 11,
    facts: [
      ["Package", pkg.name],
      ["Amount", amount],
      ["Provider", `${payment.provider}${test ? " (TEST: no money moved)" : ""}`],
      ["Session", `${payment.provider_session_id}`],
      ["Payment", payment.id],
      ["Paid at", `${payment.paid_at}`],
      ...(payment.quote_id
        ? ([
            ["Quote", `${quoteReference(payment.quote_id)} (${payment.kind}, id ${payment.quote_id})`],
            ["Lead", `${payment.lead_id}`],
            ["Lead page", `${siteUrl}/studio/leads/${payment.lead_id}`],
          ] as [string, string][])
        : []),
      ["Queued", confirmedAt],
    ],
    closing: [
      refund
        ? `Needs a refund${refund.replace(": to refund", "")}: the client was told it goes back. Refund it from the lead's page.`
        : `Next step: contact the customer about getting started.`,
    ],
  };
  return renderNotice(notice);
}
