import { renderNotice, type CompanyNotice } from "../layout";
import { headerSafe } from "../mailer.server";

export type QuoteReplyData = {
  kind: "declined" | "question";
  reference: string;
  clientName: string;
  clientEmail: string;
  text: string | null;
  leadLink: string;
};

/**
 * The studio's notice of a client's answer on the quote page: declined (with
 * their reason, if any) or a question. Reply-To is the client, so answering
 * the email answers them; their words are text (React escapes them in the HTML).
 */
export async function quoteReplyEmail(r: QuoteReplyData) {
  const notice: CompanyNotice = {
    subject: headerSafe(
      r.kind === "declined"
        ? `Quote ${r.reference} declined by ${r.clientName}`
        : `Question about quote ${r.reference} from ${r.clientName}`,
    ),
    intro: [
      r.kind === "declined"
        ? "The client declined the quote; it is withdrawn and takes no payment."
        : "The client asked a question from the quote page; reply to this email to answer.",
    ],
    facts: [
      ["Quote", r.reference],
      ["Client", r.clientName],
      ["Email", r.clientEmail],
      ["Lead", r.leadLink],
    ],
    closing: [r.kind === "declined" ? "Reason:" : "Question:", r.text ?? "(no reason given)", ""],
  };
  return { ...(await renderNotice(notice)), replyTo: r.clientEmail };
}
