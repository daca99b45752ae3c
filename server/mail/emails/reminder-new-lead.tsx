import { renderNotice } from "../layout";
import { headerSafe } from "../mailer.server";

export type NewLeadReminderFacts = {
  firstName: string;
  lastName: string;
  projectType: string;
  receivedAt: string;
  replyBy: string;
  leadUrl: string;
};

/** The studio's nudge when a lead is still New 20 hours after it arrived: the site promises a reply within 24. */
export function newLeadReminderEmail(f: NewLeadReminderFacts) {
  return renderNotice({
    subject: headerSafe(`Reply due: ${f.firstName} ${f.lastName} is waiting (24-hour promise)`),
    intro: [`This lead is still New. The site promises a reply within 24 hours: reply by ${f.replyBy}.`],
    valueColumn: 10,
    facts: [
      ["Lead", `${f.firstName} ${f.lastName}`],
      ["Project", f.projectType],
      ["Received", f.receivedAt],
      ["Reply by", f.replyBy],
      ["Lead page", f.leadUrl],
    ],
    closing: ["Next step: reply to the client, then move the lead to Contacted on its page."],
  });
}
