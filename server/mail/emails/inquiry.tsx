import {
  budgetOptions,
  optionLabel,
  projectTypeOptions,
  timelineOptions,
  type Inquiry,
} from "~/schemas/inquiry";

import { noticeText, renderNotice, type CompanyNotice } from "../layout";
import { headerSafe } from "../mailer.server";

/** Subject line of the studio's notification: 'New project inquiry from First Last', one line. */
export function inquirySubject(inquiry: Pick<Inquiry, "firstName" | "lastName">) {
  return headerSafe(`New project inquiry from ${inquiry.firstName} ${inquiry.lastName}`);
}

/**
 * Everything the visitor typed (docs/product.md#inquiry-form): name, email, phone, company,
 * project type, budget, timeline, and the description after them; in the studio's email, the
 * lead's page in the back office too (as the booking notice has), so the studio can act on it.
 */
function inquiryNotice(inquiry: Inquiry, leadLink?: string): CompanyNotice {
  const or = (v: string | undefined) => v ?? "Not provided";
  return {
    subject: inquirySubject(inquiry),
    intro: [],
    facts: [
      ["Name", `${inquiry.firstName} ${inquiry.lastName}`],
      ["Email", inquiry.email],
      ["Phone", or(inquiry.phone)],
      ["Company", or(inquiry.company)],
      ["Project Type", or(optionLabel(projectTypeOptions, inquiry.projectType))],
      ["Budget", or(optionLabel(budgetOptions, inquiry.budget))],
      ["Timeline", or(optionLabel(timelineOptions, inquiry.timeline))],
      ...(leadLink ? ([["Lead page", leadLink]] as [string, string][]) : []),
    ],
    closing: ["Project Description:", inquiry.message, ""],
  };
}

/**
 * The studio's notification of an inquiry: to the studio inbox, Reply-To the visitor so a
 * reply reaches them. The visitor's words are text in the HTML (React escapes them).
 */
export async function inquiryEmail(inquiry: Inquiry, leadLink?: string) {
  return { ...(await renderNotice(inquiryNotice(inquiry, leadLink))), replyTo: inquiry.email };
}

/** The same text block, without rendering HTML, for the form service's message field. */
export function inquiryText(inquiry: Inquiry) {
  return noticeText(inquiryNotice(inquiry));
}
