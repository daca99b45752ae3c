import { siteConfig } from "~/content/site";

import { ButtonLink, cad, EmailLayout, Facts, Paragraph, renderEmail, Title } from "../layout";

/** What every reminder to a client carries besides its message (CASL: who sends it, how to stop it). */
export type ClientReminderBase = {
  firstName: string;
  reference: string;
  link: string;
  unsubscribeUrl: string;
  /** The client portal (layout.tsx portalLink): every client email links to it. */
  portalUrl: string;
};

export type QuoteExpiringReminder = ClientReminderBase & {
  kind: "quote-expiring";
  packageName: string;
  totalCents: number;
  expiresOn: string;
  /** The owner's closing sentence (/studio/settings), after the facts of the first paragraph. */
  closing?: string;
};
export type BalanceReminder = ClientReminderBase & {
  kind: "balance";
  balanceCents: number;
  requestedOn: string;
  /** Days since the balance was requested (the setting that sent it). */
  days: number;
  /** The owner's closing sentence (/studio/settings). */
  closing?: string;
};
export type ClientReminderData = QuoteExpiringReminder | BalanceReminder;

/** A reminder to a client: a quote about to expire, or a balance still unpaid; one email, its wording per kind. */
export function clientReminderEmail(r: ClientReminderData) {
  const expiring = r.kind === "quote-expiring";
  const subject = expiring
    ? `Reminder: your quote ${r.reference} expires on ${r.expiresOn}`
    : `Reminder: the balance of quote ${r.reference} is due`;
  return renderEmail(
    subject,
    <EmailLayout
      portalUrl={r.portalUrl}
      preview={
        expiring
          ? `Your quote is valid until ${r.expiresOn}.`
          : `The balance of ${cad(r.balanceCents)} is still open.`
      }
    >
      <Title>{expiring ? "Your quote expires soon" : "A friendly reminder: balance due"}</Title>
      <Paragraph>
        Hello {r.firstName},{" "}
        {expiring
          ? `our quote for your ${r.packageName} is valid until ${r.expiresOn}. ${r.closing ?? "If you have a question before deciding, reply to this email."}`
          : `the balance of your project was requested on ${r.requestedOn} and we have not received it yet. ${r.closing ?? "If it is on its way, thank you and please ignore this email."}`}
      </Paragraph>
      <Facts
        rows={
          expiring
            ? [
                ["Quote", r.reference],
                ["Total", cad(r.totalCents)],
                ["Valid until", r.expiresOn],
              ]
            : [
                ["Quote", r.reference],
                ["Balance due", cad(r.balanceCents)],
                ["Requested on", r.requestedOn],
              ]
        }
      />
      <ButtonLink href={r.link}>
        {expiring ? "View and accept the quote" : `Pay the balance (${cad(r.balanceCents)})`}
      </ButtonLink>
      <Paragraph>Or open this link: {r.link}</Paragraph>
      <Paragraph>
        {siteConfig.name} sends you this reminder about your quote. To receive no more reminders (receipts and
        invoices still come), unsubscribe: {r.unsubscribeUrl}
      </Paragraph>
    </EmailLayout>,
  );
}
