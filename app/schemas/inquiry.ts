import { z } from "~/lib/zod";
import { formatStartingPrice, getPackage } from "~/content/packages";

/**
 * The project inquiry (SPEC §3, §5): one schema for the browser form, the JSON
 * API and the no-JavaScript form post, so both sides agree on every rule.
 */

/** "Starting at" package prices shown in the inquiry labels (SPEC §9; the pricing cards list others). */
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
const values = <T extends readonly { value: string }[]>(options: T) =>
  options.map((o) => o.value) as unknown as [Values<T>, ...Values<T>[]];

export type ProjectType = Values<typeof projectTypeOptions>;
export type Budget = Values<typeof budgetOptions>;
export type Timeline = Values<typeof timelineOptions>;

/** Human label of an option value, or the value itself when unknown. */
export function optionLabel(options: readonly { value: string; label: string }[], value: string | undefined | null) {
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
/** Submissions filled faster than this are taken for a bot's. */
export const MIN_FILL_MS = 3000;

const NO_LINE_BREAKS = /^[^\r\n]*$/;
/** NUL is never typed by a person, and PostgreSQL text cannot store it. */
const hasNoNul = (v: string) => !v.includes("\u0000");
const NUL_MESSAGE = (label: string) => `${label} contains a character that is not allowed.`;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-CA")} characters.`)
    .refine(hasNoNul, NUL_MESSAGE(label));

const name = (label: string) =>
  requiredText(label, inquiryLimits.name).regex(NO_LINE_BREAKS, `${label} must be on a single line.`);

/** An optional text field: blank (after trimming) means not given. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString("en-CA")} characters.`)
    .regex(NO_LINE_BREAKS, `${label} must be on a single line.`)
    .refine(hasNoNul, NUL_MESSAGE(label))
    .optional()
    .transform((v) => (v ? v : undefined));

/** An optional choice: "" (the select's placeholder) means not chosen. */
const optionalChoice = <T extends [string, ...string[]]>(label: string, options: T) =>
  z
    .union([z.literal(""), z.enum(options)], { error: `Please choose a valid ${label}.` })
    .optional()
    .transform((v) => (v ? v : undefined));

export const inquiryFieldsSchema = z.strictObject(
  {
    firstName: name("First name"),
    lastName: name("Last name"),
    email: z
      .string({ error: "Email must be text." })
      .trim()
      .min(1, "Email is required.")
      .max(inquiryLimits.email, `Email must be at most ${inquiryLimits.email} characters.`)
      .pipe(z.email("Please enter a valid email address.")),
    phone: optionalText("Phone", inquiryLimits.phone),
    company: optionalText("Company", inquiryLimits.company),
    projectType: z.enum(values(projectTypeOptions), { error: "Please choose a project type." }),
    budget: optionalChoice("budget range", values(budgetOptions)),
    timeline: optionalChoice("timeline", values(timelineOptions)),
    message: requiredText("Project details", inquiryLimits.message),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unexpected field: ${issue.keys.join(", ")}.` : undefined) },
);

/** What a submission may carry: the inquiry plus the anti-spam fields, nothing else. */
export const inquirySubmissionSchema = inquiryFieldsSchema.extend({
  [HONEYPOT_FIELD]: z.string().optional(),
  [ELAPSED_FIELD]: z.coerce.number().finite().nonnegative().optional(),
});

export type Inquiry = z.output<typeof inquiryFieldsSchema>;
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

/** The fields the browser checks before sending (SPEC §5): project type is marked but not checked. */
export const clientRequiredFields = ["firstName", "lastName", "email", "message"] as const satisfies readonly InquiryFieldName[];

export function missingRequiredFields(values: InquiryFormValues) {
  return clientRequiredFields.filter((f) => values[f].trim() === "");
}

export type InquiryFieldErrors = Partial<Record<InquiryFieldName, string>>;

/** Field errors from a failed parse, first message per field; form-level problems under `form`. */
export function inquiryIssues(error: z.ZodError) {
  const fieldErrors: InquiryFieldErrors = {};
  const formErrors: string[] = [];
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === "string" && (inquiryFieldNames as readonly string[]).includes(key)) {
      fieldErrors[key as InquiryFieldName] ??= issue.message;
    } else {
      formErrors.push(issue.message);
    }
  }
  return { fieldErrors, formErrors };
}

/** JSON answer of POST /api/inquiries. */
export type InquiryApiResponse =
  | { success: true; id: string }
  | { success: false; error: string; fieldErrors?: InquiryFieldErrors };

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
