import { cad, EmailLayout, Facts, Paragraph, renderEmail, Title } from "../layout";

export type CreditNoteEmailData = {
  /** The client portal (layout.tsx portalLink): every client email links to it. */
  portalUrl: string;
  firstName: string;
  reference: string;
  number: string;
  receiptNumber: string | null;
  kindLabel: string;
  amountCents: number;
  issuedOn: string;
  reason: string;
  test: boolean;
};

/** The client's credit note for a refund the studio made: what goes back, why, and the PDF attached. */
export function creditNoteEmail(r: CreditNoteEmailData) {
  return renderEmail(
    `${r.test ? "[TEST] " : ""}Refund of ${cad(r.amountCents)} for quote ${r.reference}: credit note ${r.number}`,
    <EmailLayout portalUrl={r.portalUrl} preview={`We refunded ${cad(r.amountCents)} to your card.`}>
      <Title>We refunded {cad(r.amountCents)}</Title>
      <Paragraph>
        Hello {r.firstName}, we refunded {cad(r.amountCents)} of your {r.kindLabel.toLowerCase()} payment for
        quote {r.reference} to the card you paid with.
        {r.test ? " (A test refund: no money moved.)" : ""} Your credit note is attached for your records.
      </Paragraph>
      <Facts
        rows={[
          ["Credit note", r.number],
          ["Quote", r.reference],
          ["Credits receipt", r.receiptNumber ?? "—"],
          ["Amount refunded", cad(r.amountCents)],
          ["Date", r.issuedOn],
          ["Reason", r.reason],
        ]}
      />
      <Paragraph>
        Banks usually show a refund within 5 to 10 business days. Questions? Just reply to this email.
      </Paragraph>
    </EmailLayout>,
  );
}
