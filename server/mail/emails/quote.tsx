import { Fragment } from "react";

import { siteConfig } from "~/content/site";

import { ButtonLink, cad, EmailLayout, Facts, Paragraph, renderEmail, Title } from "../layout";

export type QuoteEmailData = {
  /** The client portal (layout.tsx portalLink): every client email links to it. */
  portalUrl: string;
  firstName: string;
  reference: string;
  packageName: string;
  totalCents: number;
  depositCents: number | null;
  balanceCents: number | null;
  expiresOn: string;
  link: string;
  /** The studio's personal note, written when it sent the quote (issue 38); plain text, escaped by React. */
  note?: string | null;
};

/**
 * The client's quote (or, with `balance`, the request for the balance after the deposit):
 * one email in two states, as the quote page is one page whose button changes.
 */
export function quoteEmail(q: QuoteEmailData, balance = false) {
  const due = balance ? q.balanceCents! : (q.depositCents ?? q.totalCents);
  return renderEmail(
    balance
      ? `Balance due on quote ${q.reference}: ${cad(due)}`
      : `Your quote ${q.reference} from ${siteConfig.name}`,
    <EmailLayout
      portalUrl={q.portalUrl}
      preview={
        balance ? `The balance of ${cad(due)} is ready to pay.` : `${q.packageName}: ${cad(q.totalCents)}`
      }
    >
      <Title>{balance ? `Your project is ready: balance due` : `Your quote is ready`}</Title>
      <Paragraph>
        Hello {q.firstName},{" "}
        {balance
          ? "thank you for your deposit. The balance of your project is now due."
          : `here is our quote for your ${q.packageName}.`}
      </Paragraph>
      {!balance && q.note ? <Note text={q.note} /> : null}
      <Facts
        rows={[
          ["Quote", q.reference],
          ["Package", q.packageName],
          ["Total", cad(q.totalCents)],
          ...(q.depositCents !== null
            ? ([
                ["Deposit", cad(q.depositCents)],
                ["Balance", cad(q.balanceCents!)],
              ] as [string, string][])
            : []),
          ...(balance ? [] : ([["Valid until", q.expiresOn]] as [string, string][])),
        ]}
      />
      <ButtonLink href={q.link}>
        {balance ? `Pay the balance (${cad(due)})` : "View and accept the quote"}
      </ButtonLink>
      <Paragraph>Or open this link: {q.link}</Paragraph>
    </EmailLayout>,
  );
}

/** The studio's note: a paragraph per blank-line-separated block, its line breaks kept in HTML and plain text. */
function Note({ text }: { text: string }) {
  return text
    .split(/\n\s*\n/)
    .filter((block) => block.trim() !== "")
    .map((block, i) => (
      <Paragraph key={i}>
        {block
          .trim()
          .split("\n")
          .map((line, j) => (
            <Fragment key={j}>
              {j > 0 && <br />}
              {line}
            </Fragment>
          ))}
      </Paragraph>
    ));
}
