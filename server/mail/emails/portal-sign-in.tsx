import { ButtonLink, EmailLayout, Paragraph, renderEmail, Title } from "../layout";

/** The client portal's sign-in link (server/portal/sign-in.server.ts). */
export function portalSignInEmail(r: { firstName: string; url: string; minutes: number }) {
  return renderEmail(
    "Your sign-in link",
    <EmailLayout preview={`Sign in to see your projects. The link works once, for ${r.minutes} minutes.`}>
      <Title>Sign in to your projects</Title>
      <Paragraph>
        Hello {r.firstName}, here is the link you asked for. It signs you in once, within {r.minutes} minutes.
      </Paragraph>
      <ButtonLink href={r.url}>Sign in</ButtonLink>
      <Paragraph>If you did not ask for it, ignore this email: nothing happens without the link.</Paragraph>
    </EmailLayout>,
  );
}
