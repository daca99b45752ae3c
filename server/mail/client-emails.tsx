import { siteConfig } from "~/content/site";
import { ButtonLink, EmailLayout, Facts, Paragraph, Title, cad, renderEmail } from "./emails";

/**
 * A first name fit to greet someone with: letters (accented ones too), spaces,
 * apostrophes and hyphens, at most three words and 40 characters. Anything
 * else (a sentence, a link, digits) is not repeated to the address typed.
 */
const GREETABLE_NAME = /^\p{L}[\p{L}\p{M}'’-]*(?: [\p{L}\p{M}'’-]+){0,2}$/u;
export function greetableName(firstName: string): string | undefined {
  const name = firstName.normalize("NFC").trim();
  return name.length <= 40 && GREETABLE_NAME.test(name) ? name : undefined;
}

/**
 * The visitor's acknowledgement. Anyone can type anyone's address into the form, so it
 * carries nothing else the visitor typed (no message, no fields) and no link but the
 * studio's own: it cannot relay a stranger's words under the studio's name.
 */
export function acknowledgementEmail({ firstName }: { firstName: string }) {
  const name = greetableName(firstName);
  return renderEmail(
    `We received your inquiry: ${siteConfig.name}`,
    <EmailLayout preview="Thanks: we will reply with a tailored quote within 24 hours.">
      <Title>We have your inquiry</Title>
      <Paragraph>{name ? `Hello ${name},` : "Hello,"}</Paragraph>
      <Paragraph>Thank you for writing to us. We will reply within 24 hours with a tailored quote. Anything to add? Just reply to this email.</Paragraph>
      <Paragraph>Did not write to us? Someone may have typed your address by mistake: you can ignore this email.</Paragraph>
    </EmailLayout>,
  );
}

export type QuoteEmailData = {
  firstName: string;
  reference: string;
  packageName: string;
  totalCents: number;
  depositCents: number | null;
  balanceCents: number | null;
  expiresOn: string;
  link: string;
};

/** The client's quote (or, with `balance`, the request for the balance after the deposit). */
export function quoteEmail(q: QuoteEmailData, balance = false) {
  const due = balance ? q.balanceCents! : (q.depositCents ?? q.totalCents);
  return renderEmail(
    balance ? `Balance due on quote ${q.reference}: ${cad(due)}` : `Your quote ${q.reference} from ${siteConfig.name}`,
    <EmailLayout preview={balance ? `The balance of ${cad(due)} is ready to pay.` : `${q.packageName}: ${cad(q.totalCents)}`}>
      <Title>{balance ? `Your project is ready: balance due` : `Your quote is ready`}</Title>
      <Paragraph>
        Hello {q.firstName},{" "}
        {balance ? "thank you for your deposit. The balance of your project is now due." : `here is our quote for your ${q.packageName}.`}
      </Paragraph>
      <Facts
        rows={[
          ["Quote", q.reference],
          ["Package", q.packageName],
          ["Total", cad(q.totalCents)],
          ...(q.depositCents !== null ? ([["Deposit", cad(q.depositCents)], ["Balance", cad(q.balanceCents!)]] as [string, string][]) : []),
          ...(balance ? [] : ([["Valid until", q.expiresOn]] as [string, string][])),
        ]}
      />
      <ButtonLink href={q.link}>{balance ? `Pay the balance (${cad(due)})` : "View and accept the quote"}</ButtonLink>
      <Paragraph>Or open this link: {q.link}</Paragraph>
    </EmailLayout>,
  );
}

export type ReceiptEmailData = {
  firstName: string;
  reference: string;
  paymentReference: string;
  packageName: string;
  kindLabel: string;
  amountCents: number;
  paidOn: string;
  remainingCents: number;
  test: boolean;
};

/** What the client reads about one payment of a quote (receipt, refund notice). */
function paymentFacts(r: Omit<ReceiptEmailData, "remainingCents">): [string, string][] {
  return [
    ["Package", r.packageName],
    ["Quote", r.reference],
    ["Payment", r.kindLabel],
    ["Amount", cad(r.amountCents)],
    ["Date", r.paidOn],
    ["Payment reference", r.paymentReference],
  ];
}

/** The client's receipt for a settled quote payment. */
export function receiptEmail(r: ReceiptEmailData) {
  return renderEmail(
    `${r.test ? "[TEST] " : ""}Receipt: ${cad(r.amountCents)} for quote ${r.reference}`,
    <EmailLayout preview={`We received ${cad(r.amountCents)}. Thank you.`}>
      <Title>Payment received: thank you</Title>
      <Paragraph>Hello {r.firstName}, we received your payment.{r.test ? " (A test payment: no money moved.)" : ""}</Paragraph>
      <Facts rows={[...paymentFacts(r), ["Remaining balance", r.remainingCents > 0 ? cad(r.remainingCents) : "Nothing: paid in full"]]} />
      <Paragraph>
        {r.remainingCents > 0
          ? "What happens next: we start on your project and book a kickoff call within one business day. We will send the balance with the finished site, before launch."
          : "What happens next: we prepare the launch with you and hand over everything you need to run your site."}
      </Paragraph>
    </EmailLayout>,
  );
}

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
    <EmailLayout preview={`We will refund your payment of ${cad(r.amountCents)}.`}>
      <Title>We will refund your payment</Title>
      <Paragraph>
        Hello {r.firstName}, we received a payment of {cad(r.amountCents)} for quote {r.reference}. {refundReasonText[r.reason]}
        {r.test ? " (A test payment: no money moved.)" : ""}
      </Paragraph>
      <Facts rows={paymentFacts(r)} />
      <Paragraph>
        We will refund the full amount to the card you paid with; you do not need to do anything. Banks usually show a refund within 5 to 10 business days.
        Questions? Just reply to this email.
      </Paragraph>
    </EmailLayout>,
  );
}
