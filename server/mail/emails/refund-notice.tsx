import { cad, EmailLayout, Facts, Paragraph, renderEmail, Title } from "../layout";
import { paymentFacts, type ReceiptEmailData } from "./receipt";

export type RefundNoticeData = Omit<ReceiptEmailData, "remainingCents"> & {
  /** Why it goes back: the quote was withdrawn or had expired, or that part was already paid. */
  reason: "withdrawn" | "expired" | "duplicate";
};

const refundReasonText: Record<RefundNoticeData["reason"], string> = {
  withdrawn: "It arrived after the quote was withdrawn, so we cannot take it.",
  expired: "It arrived after the quote had expired, so we cannot take it.",
  duplicate: "That part of the quote had already been paid, so this payment was a duplicate.",
};

/**
 * The client's notice for money the quote did not take (late or duplicate):
 * honest about why, and that it goes back; never the receipt's "we start".
 */
export function refundNoticeEmail(r: RefundNoticeData) {
  return renderEmail(
    `${r.test ? "[TEST] " : ""}Your payment of ${cad(r.amountCents)} for quote ${r.reference} will be refunded`,
    <EmailLayout portalUrl={r.portalUrl} preview={`We will refund your payment of ${cad(r.amountCents)}.`}>
      <Title>We will refund your payment</Title>
      <Paragraph>
        Hello {r.firstName}, we received a payment of {cad(r.amountCents)} for quote {r.reference}.{" "}
        {refundReasonText[r.reason]}
        {r.test ? " (A test payment: no money moved.)" : ""}
      </Paragraph>
      <Facts rows={paymentFacts(r)} />
      <Paragraph>
        We will refund the full amount to the card you paid with; you do not need to do anything. Banks
        usually show a refund within 5 to 10 business days. Questions? Just reply to this email.
      </Paragraph>
    </EmailLayout>,
  );
}
