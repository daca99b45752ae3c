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
 * project type, budget, timeline, and the description after them.
 */
function inquiryNotice(inquiry: Inquiry): CompanyNotice {
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
    ],
    closing: ["Project Description:", inquiry.message, ""],
  };
}

/**
 * The studio's notification of an inquiry: to the studio inbox, Reply-To the visitor so a
 * reply reaches them. The visitor's words are text in the HTML (React escapes them).
 */
export async function inquiryEmail(inquiry: Inquiry) {
  return { ...(await renderNotice(inquiryNotice(inquiry))), replyTo: inquiry.email };
}

/** The same text block, without rendering HTML, for the form service's message field. */
export function inquiryText(inquiry: Inquiry) {
  return noticeText(inquiryNotice(inquiry));
}
