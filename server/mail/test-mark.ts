import type { RenderedEmail } from "./layout";

/** What an email made with the sandbox payment provider says first (issue 38), as its documents do. */
export const TEST_MARK_LINE =
  "TEST: made with the sandbox payment provider. No money moves and nothing here is a real agreement or tax document.";

/**
 * The email marked TEST when `test`: "[TEST] " where the inbox shows it first (the subject, as the
 * receipt and credit note emails do), and a first line in the text and the HTML. Unchanged otherwise.
 */
export function markTest<T extends RenderedEmail>(email: T, test: boolean): T {
  if (!test) return email;
  const banner =
    `<p style="margin:0 0 16px;padding:8px 12px;background:#b91c1c;color:#ffffff;font-weight:bold;font-family:sans-serif">` +
    `${TEST_MARK_LINE}</p>`;
  // After the body's opening tag when there is one (React Email's documents), else first.
  const html = /<body[^>]*>/i.test(email.html)
    ? email.html.replace(/<body[^>]*>/i, (tag) => `${tag}${banner}`)
    : `${banner}${email.html}`;
  return {
    ...email,
    subject: email.subject.startsWith("[TEST] ") ? email.subject : `[TEST] ${email.subject}`,
    text: `${TEST_MARK_LINE}\n\n${email.text}`,
    html,
  };
}
