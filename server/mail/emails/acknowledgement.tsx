import { siteConfig } from "~/content/site";

import { EmailLayout, Paragraph, renderEmail, Title } from "../layout";

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
      <Paragraph>
        Thank you for writing to us. We will reply within 24 hours with a tailored quote. Anything to add?
        Just reply to this email.
      </Paragraph>
      <Paragraph>
        Did not write to us? Someone may have typed your address by mistake: you can ignore this email.
      </Paragraph>
    </EmailLayout>,
  );
}
