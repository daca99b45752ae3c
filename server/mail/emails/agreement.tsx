import { siteConfig } from "~/content/site";

import {
  cad,
  EmailLayout,
  Facts,
  Paragraph,
  renderEmail,
  renderNotice,
  Title,
  type CompanyNotice,
} from "../layout";
import { headerSafe } from "../mailer.server";

export type AgreementEmailData = {
  /** The client portal (layout.tsx portalLink): every client email links to it. */
  portalUrl: string;
  firstName: string;
  reference: string;
  version: number;
  signerName: string;
  signerCompany: string | null;
  signerEmail: string;
  signedAt: string;
  totalCents: number;
  firstPaymentCents: number;
  sha256: string;
  link: string;
  /** The invoice of the amount due to start is attached (issued by the signature). */
  invoiced?: boolean;
};

/** The client's copy of the agreement they signed; the PDF is attached. */
export function agreementEmail(a: AgreementEmailData) {
  return renderEmail(
    `Your signed agreement for quote ${a.reference}`,
    <EmailLayout portalUrl={a.portalUrl} preview={`Signed ${a.signedAt}: a copy is attached.`}>
      <Title>Your signed agreement</Title>
      <Paragraph>
        Hello {a.firstName}, thank you for accepting our quote. A PDF copy of the agreement you signed is
        attached
        {a.invoiced ? ", with the invoice for the amount due to start" : ""}; you can also download{" "}
        {a.invoiced ? "both" : "it"} from your quote page.
      </Paragraph>
      <Facts rows={agreementFacts(a)} />
      <Paragraph>Your quote page: {a.link}</Paragraph>
    </EmailLayout>,
  );
}

function agreementFacts(a: AgreementEmailData): [string, string][] {
  return [
    ["Quote", `${a.reference} (version ${a.version})`],
    ["Signed by", a.signerCompany ? `${a.signerName}, ${a.signerCompany}` : a.signerName],
    ["Signed", a.signedAt],
    ["Total", cad(a.totalCents)],
    ["Due to start", cad(a.firstPaymentCents)],
  ];
}

/** The studio's notice that a client signed; the same PDF is attached. */
export function agreementNoticeEmail(a: AgreementEmailData) {
  const notice: CompanyNotice = {
    subject: headerSafe(`Quote ${a.reference} signed by ${a.signerName}`),
    intro: [
      `The client signed quote ${a.reference}; the agreement is attached. The deposit follows through checkout.`,
    ],
    facts: [...agreementFacts(a), ["Email", a.signerEmail]],
    // Words, not the command or the digest (issue 37); the PDF keeps the fingerprint for a dispute.
    closing: [
      "A fingerprint of what was signed is kept with the quote: a later change to it would show.",
      `${siteConfig.name}`,
    ],
  };
  return renderNotice(notice);
}
