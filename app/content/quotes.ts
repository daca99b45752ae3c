import type { PaymentKind, QuoteStatus } from "../../server/db/schema";

/** A quote's states and payment kinds as the studio reads them (back office, CLI, receipts). */
export const quoteStatusLabels: Record<QuoteStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  accepted: "Accepted",
  deposit_paid: "Deposit paid",
  paid: "Paid in full",
  expired: "Expired",
  withdrawn: "Withdrawn",
};

export const paymentKindLabels: Record<PaymentKind, string> = {
  deposit: "Deposit",
  balance: "Balance",
  full: "Payment in full",
};
