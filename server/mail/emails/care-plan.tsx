import { ButtonLink, cad, EmailLayout, Facts, Paragraph, renderEmail, Title } from "../layout";

export type CarePlanDocumentsEmailData = {
  planName: string;
  period: string;
  amountCents: number;
  invoiceNumber: string;
  receiptNumber: string;
  paidOn: string;
  /** The sandbox's: no money moved. */
  test?: boolean;
};

/** A paid month of a care plan: its invoice and receipt, attached as PDFs. */
export function carePlanDocumentsEmail(d: CarePlanDocumentsEmailData) {
  return renderEmail(
    `${d.test ? "[TEST] " : ""}Receipt ${d.receiptNumber}: ${cad(d.amountCents)} for ${d.planName}`,
    <EmailLayout preview={`Your care plan payment of ${cad(d.amountCents)} was received. Thank you.`}>
      <Title>Care plan payment received</Title>
      <Paragraph>
        Thank you: this month of your care plan is paid. Its invoice and receipt are attached.
      </Paragraph>
      <Facts
        rows={[
          ["Plan", d.planName],
          ["Period", d.period],
          ["Amount", cad(d.amountCents)],
          ["Paid on", d.paidOn],
          ["Invoice", d.invoiceNumber],
          ["Receipt", d.receiptNumber],
        ]}
      />
    </EmailLayout>,
  );
}

export type CarePlanFailedEmailData = {
  planName: string;
  amountCents: number;
  updateUrl: string;
  test?: boolean;
};

/** A renewal the card did not pay: the client updates the card in Stripe's portal; Stripe retries. */
export function carePlanFailedEmail(d: CarePlanFailedEmailData) {
  return renderEmail(
    `${d.test ? "[TEST] " : ""}Action needed: your ${d.planName} payment did not go through`,
    <EmailLayout preview="Your card was declined for this month's care plan: update it to keep your plan.">
      <Title>Your care plan payment did not go through</Title>
      <Paragraph>
        We could not charge {cad(d.amountCents)} for this month of {d.planName}. Please update your card: the
        payment is retried automatically over the next days, and the plan ends if it still cannot be paid.
      </Paragraph>
      <ButtonLink href={d.updateUrl}>Update your card</ButtonLink>
      <Paragraph>The link opens our secure billing page (Stripe) for your plan.</Paragraph>
    </EmailLayout>,
  );
}
