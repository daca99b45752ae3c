import { type Inquiry, budgetOptions, optionLabel, projectTypeOptions, timelineOptions } from "~/schemas/inquiry";
import { headerSafe } from "./mailer.server";

/** Subject line of the studio's notification: 'New project inquiry from First Last', one line. */
export function inquirySubject(inquiry: Pick<Inquiry, "firstName" | "lastName">) {
  return headerSafe(`New project inquiry from ${inquiry.firstName} ${inquiry.lastName}`);
}

/**
 * The text block (docs/product.md#inquiry-form): name, email, phone, company, project type,
 * budget, timeline and description. Used by the email and the form service.
 */
export function inquiryText(inquiry: Inquiry) {
  const or = (v: string | undefined) => v ?? "Not provided";
  return [
    `Name: ${inquiry.firstName} ${inquiry.lastName}`,
    `Email: ${inquiry.email}`,
    `Phone: ${or(inquiry.phone)}`,
    `Company: ${or(inquiry.company)}`,
    `Project Type: ${or(optionLabel(projectTypeOptions, inquiry.projectType))}`,
    `Budget: ${or(optionLabel(budgetOptions, inquiry.budget))}`,
    `Timeline: ${or(optionLabel(timelineOptions, inquiry.timeline))}`,
    "",
    "Project Description:",
    inquiry.message,
    "",
  ].join("\n");
}

/** The notification email: to the studio inbox, Reply-To the visitor so a reply reaches them. */
export function inquiryEmail(inquiry: Inquiry) {
  return { subject: inquirySubject(inquiry), text: inquiryText(inquiry), replyTo: inquiry.email };
}
