import { cad, EmailLayout, Facts, Paragraph, renderEmail, Title } from "../layout";

export type ReceiptEmailData = {
  /** The client portal (layout.tsx portalLink): every client email links to it. */
  portalUrl: string;
  firstName: string;
  reference: string;
  /** The payment's receipt number (R2026-0001), the reference the studio looks it up by; null: none issued (money to refund). */
  receiptNumber: string | null;
  packageName: string;
  kindLabel: string;
  amountCents: number;
  paidOn: string;
  remainingCents: number;
  test: boolean;
};

/** What the client reads about one payment of a quote (this receipt, and the refund notice). */
export function paymentFacts(r: Omit<ReceiptEmailData, "remainingCents">): [string, string][] {
  return [
    ["Package", r.packageName],
    ["Quote", r.reference],
    ["Payment", r.kindLabel],
    ["Amount", cad(r.amountCents)],
    ["Date", r.paidOn],
    ...(r.receiptNumber ? ([["Receipt", r.receiptNumber]] as [string, string][]) : []),
  ];
}

/** The client's receipt for a settled quote payment. */
export function receiptEmail(r: ReceiptEmailData) {
  return renderEmail(
    `${r.test ? "[TEST] " : ""}Receipt: ${cad(r.amountCents)} for quote ${r.reference}`,
    <EmailLayout portalUrl={r.portalUrl} preview={`We received ${cad(r.amountCents)}. Thank you.`}>
      <Title>Payment received: thank you</Title>
      <Paragraph>
        Hello {r.firstName}, we received your payment.{r.test ? " (A test payment: no money moved.)" : ""}
      </Paragraph>
      <Facts
        rows={[
          ...paymentFacts(r),
          ["Remaining balance", r.remainingCents > 0 ? cad(r.remainingCents) : "Nothing: paid in full"],
        ]}
      />
      <Paragraph>
        {r.remainingCents > 0
          ? "What happens next: we start on your project and book a kickoff call within one business day. We will send the balance with the finished site, before launch."
          : "What happens next: we prepare the launch with you and hand over everything you need to run your site."}
      </Paragraph>
    </EmailLayout>,
  );
}
