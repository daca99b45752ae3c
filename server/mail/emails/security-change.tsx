import { EmailLayout, Paragraph, renderEmail, Title } from "../layout";

/** A change to how a studio account signs in, as its owner is told of it. */
export type SecurityChange =
  "passkey-added" | "passkey-removed" | "totp-on" | "totp-off" | "password-changed";

const WHAT: Record<SecurityChange, { subject: string; title: string; body: string }> = {
  "passkey-added": {
    subject: "A passkey was added to your studio account",
    title: "A passkey was added",
    body: "A new passkey can now sign in to your studio account without your password or a code.",
  },
  "passkey-removed": {
    subject: "A passkey was removed from your studio account",
    title: "A passkey was removed",
    body: "One of your passkeys can no longer sign in to your studio account.",
  },
  "totp-on": {
    subject: "Two-factor sign-in was turned on for your studio account",
    title: "Two-factor sign-in is on",
    body: "Signing in with your password now also asks for a code from your authenticator app (or a backup code).",
  },
  "password-changed": {
    subject: "The password of your studio account was changed",
    title: "Your password was changed",
    body: "Your studio account has a new password, and every other session of it was signed out.",
  },
  "totp-off": {
    subject: "Two-factor sign-in was turned off for your studio account",
    title: "Two-factor sign-in is off",
    body: "Signing in with your password no longer asks for a code.",
  },
};

/**
 * The note to a studio account's owner after a passkey or two-factor change,
 * so a change made from a stolen session does not go unnoticed. It names the
 * change and its time only: no device, address or link to follow.
 */
export function securityChangeEmail(change: SecurityChange, at: string) {
  const what = WHAT[change];
  return renderEmail(
    what.subject,
    <EmailLayout preview={what.body}>
      <Title>{what.title}</Title>
      <Paragraph>
        {what.body} This happened on {at}.
      </Paragraph>
      <Paragraph>
        If this was you, there is nothing to do. If it was not, ask the studio's owner to reset your account
        (a new password, every session ended, passkeys and two-factor removed).
      </Paragraph>
    </EmailLayout>,
  );
}
