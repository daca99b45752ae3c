import { href } from "~/lib/href";
import type { InquiryFieldName } from "~/schemas/inquiry-fields";

import { siteConfig } from "./site";

/** Words of the contact page's inquiry form; the messages are those of docs/product.md#messages, word for word. */
export const inquiryFormContent = {
  title: "Request a Free Quote",
  intro: "Tell us about your project. Fields marked with an asterisk are required.",
  submit: "Send Message",
  sending: "Sending...",
  labels: {
    firstName: "First Name",
    lastName: "Last Name",
    email: "Email",
    phone: "Phone",
    company: "Company",
    projectType: "Project Type",
    budget: "Budget Range",
    timeline: "Timeline",
    message: "Project Details",
  } satisfies Record<InquiryFieldName, string>,
  placeholders: {
    projectType: "Select a project type",
    budget: "Select a budget range",
    timeline: "Select a timeline",
    message: "Tell us about your business, the pages you need and any sites you like.",
  },
  messages: {
    missingRequired: "Please fill in all required fields.",
    error: `There was an error sending your message. Please try again or email us directly at ${siteConfig.email}`,
    success: {
      before:
        "Thank you! Your message has been sent. We'll get back to you with a quote within 24 hours. Once you have your quote, please visit our ",
      linkText: "Payment page",
      linkHref: href("/payment"),
      after: " to complete your payment.",
      /** Linked after the success message: a visitor who would rather talk books a call now. */
      bookCall: {
        before: " Rather talk it through? ",
        linkText: "Book a free call",
        linkHref: href("/book"),
      },
    },
  },
} as const;
