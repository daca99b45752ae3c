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

/** Leads listed one by one in a digest; more are counted and found on the studio's home. */
export const DIGEST_LISTED = 50;

/**
 * Every lead waiting for a reply at one moment, in one email (issue 37: a backlog of 195 leads
 * sent 195 emails): oldest first, each with its project, reply-by time and page. One lead reads
 * as the single reminder always did.
 */
export function replyDueDigestEmail(leads: NewLeadReminderFacts[]) {
  if (leads.length === 1) return newLeadReminderEmail(leads[0]!);
  const listed = leads.slice(0, DIGEST_LISTED);
  const more = leads.length - listed.length;
  return renderNotice({
    subject: `Reply due: ${leads.length} leads are waiting (24-hour promise)`,
    intro: [
      `These ${leads.length} leads are still New. The site promises a reply within 24 hours: the first is due by ${leads[0]!.replyBy}.`,
    ],
    facts: listed.map((f) => [
      `${f.firstName} ${f.lastName}`,
      `${f.projectType}, reply by ${f.replyBy}: ${f.leadUrl}`,
    ]),
    closing: [
      ...(more > 0 ? [`And ${more} more: the studio's home lists every lead waiting for a reply.`] : []),
      "Next step: reply to each client, then move the lead to Contacted on its page.",
    ],
  });
}
