import { Fragment } from "react";

import { EmailLayout, Paragraph, renderEmail } from "../layout";
import { headerSafe } from "../mailer.server";

/**
 * The studio's reply to a lead, written (or picked from the saved replies) on the lead's page.
 * Only the studio's own words: paragraphs as typed, no links made from them by the HTML.
 */
export function leadReplyEmail({ subject, body }: { subject: string; body: string }) {
  const paragraphs = body.split(/\n{2,}/).filter((p) => p.trim() !== "");
  return renderEmail(
    headerSafe(subject),
    <EmailLayout preview={paragraphs[0]?.slice(0, 120) ?? subject}>
      {paragraphs.map((p, i) => (
        // A <br> per line break: the plain-text part keeps the lines too (pre-line alone would join them there).
        <Paragraph key={i}>
          {p.split("\n").map((line, j) => (
            <Fragment key={j}>
              {j > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </Paragraph>
      ))}
    </EmailLayout>,
  );
}
