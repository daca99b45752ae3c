import { formatStartingPrice, getPackage } from "~/content/packages";

/**
 * The project inquiry's fields, options and limits, without zod: the contact
 * form needs only these, so the page does not ship zod. The schema that
 * checks a submission on the server is in ./inquiry.ts (which re-exports all of this).
 */

/** "Starting at" package prices shown in the inquiry labels (docs/product.md#prices; the pricing cards list others). */
export const inquiryStartingPrices = {
  basic: formatStartingPrice(getPackage("basic")),
  pro: formatStartingPrice(getPackage("pro")),
};

export const projectTypeOptions = [
  { value: "basic", label: `Basic Website (${inquiryStartingPrices.basic})` },
  { value: "pro", label: `Pro Website (${inquiryStartingPrices.pro})` },
  { value: "ecommerce", label: "E-commerce Website" },
  { value: "maintenance", label: "Website Maintenance" },
  { value: "seo", label: "SEO Services" },
  { value: "mobile", label: "Mobile App" },
  { value: "custom", label: "Custom Project" },
] as const;

export const budgetOptions = [
  { value: "220-340", label: "$220 - $340" },
  { value: "340-500", label: "$340 - $500" },
  { value: "500-1000", label: "$500 - $1,000" },
  { value: "1000-2500", label: "$1,000 - $2,500" },
  { value: "2500+", label: "$2,500+" },
] as const;

export const timelineOptions = [
  { value: "asap", label: "As soon as possible" },
  { value: "1-2weeks", label: "1-2 weeks" },
  { value: "3-4weeks", label: "3-4 weeks" },
  { value: "1-2months", label: "1-2 months" },
  { value: "flexible", label: "Flexible" },
] as const;

type Values<T extends readonly { value: string }[]> = T[number]["value"];
/** The options' values as a non-empty tuple (what z.enum takes). */
export const optionValues = <T extends readonly { value: string }[]>(options: T) =>
  options.map((o) => o.value) as unknown as [Values<T>, ...Values<T>[]];

export type ProjectType = Values<typeof projectTypeOptions>;
export type Budget = Values<typeof budgetOptions>;
export type Timeline = Values<typeof timelineOptions>;

/** Human label of an option value, or the value itself when unknown. */
export function optionLabel(
  options: readonly { value: string; label: string }[],
  value: string | undefined | null,
) {
  if (!value) return undefined;
  return options.find((o) => o.value === value)?.label ?? value;
}

export const inquiryLimits = { name: 100, email: 254, phone: 40, company: 200, message: 5000 } as const;

/** Form field names, in display order. */
export const inquiryFieldNames = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "company",
  "projectType",
  "budget",
  "timeline",
  "message",
] as const;
export type InquiryFieldName = (typeof inquiryFieldNames)[number];

/**
 * Anti-spam fields the form adds: a honeypot people never see (bots fill it) and
 * the milliseconds between the form appearing and its submission (bots are fast).
 */
export const HONEYPOT_FIELD = "botcheck";
export const ELAPSED_FIELD = "elapsedMs";
/** The hidden field carrying the version of the privacy notice the form showed (content/privacy-notice.ts). */
export const PRIVACY_NOTICE_FIELD = "privacyNotice";
/** Submissions filled faster than this are taken for a bot's. */
export const MIN_FILL_MS = 3000;

/** The form's raw values: every field as typed text. */
export type InquiryFormValues = Record<InquiryFieldName, string>;

export const emptyInquiryValues: InquiryFormValues = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  company: "",
  projectType: "",
  budget: "",
  timeline: "",
  message: "",
};

/** The fields the browser checks before sending (docs/product.md#inquiry-form): project type is marked but not checked. */
export const clientRequiredFields = [
  "firstName",
  "lastName",
  "email",
  "message",
] as const satisfies readonly InquiryFieldName[];

export function missingRequiredFields(values: InquiryFormValues) {
  return clientRequiredFields.filter((f) => values[f].trim() === "");
}

export type InquiryFieldErrors = Partial<Record<InquiryFieldName, string>>;

/** JSON answer of POST /api/inquiries. */
export type InquiryApiResponse =
  { success: true; id: string } | { success: false; error: string; fieldErrors?: InquiryFieldErrors };

/** What the contact page's form action (no-JavaScript post) hands the form. */
export type InquiryActionData =
  | { status: "success" }
  | {
      status: "error";
      values: InquiryFormValues;
      fieldErrors: InquiryFieldErrors;
      /** The browser's required-fields check failed (shown as its message instead of the send error). */
      missingRequired?: boolean;
      /** The server's reason, shown under the spec's error message. */
      detail?: string;
    };
