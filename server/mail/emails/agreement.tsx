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
};

/** The client's copy of the agreement they signed; the PDF is attached. */
export function agreementEmail(a: AgreementEmailData) {
  return renderEmail(
    `Your signed agreement for quote ${a.reference}`,
    <EmailLayout preview={`Signed ${a.signedAt}: a copy is attached.`}>
      <Title>Your signed agreement</Title>
      <Paragraph>
        Hello {a.firstName}, thank you for accepting our quote. A PDF copy of the agreement you signed is
        attached; you can also download it from your quote page.
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
    ["SHA-256", a.sha256],
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
    closing: [`Verify it any time: npm run agreement:verify -- ${a.reference}`, `${siteConfig.name}`],
  };
  return renderNotice(notice);
}
