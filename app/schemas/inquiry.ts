import { z } from "~/lib/zod";

import {
  budgetOptions,
  ELAPSED_FIELD,
  HONEYPOT_FIELD,
  inquiryFieldNames,
  inquiryLimits,
  optionValues,
  PRIVACY_NOTICE_FIELD,
  projectTypeOptions,
  timelineOptions,
} from "./inquiry-fields";
import { REF_PATTERN } from "./inquiry-source";
import { printableName } from "./printable-name";

export * from "./inquiry-fields";

/**
 * The project inquiry (docs/product.md#inquiry-form): one schema for the JSON API and the
 * no-JavaScript form post, built on the same fields, options and limits the
 * browser form uses (./inquiry-fields.ts), so both sides agree on every rule.
 */

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
  requiredText(label, inquiryLimits.name)
    .regex(NO_LINE_BREAKS, `${label} must be on a single line.`)
    .check(printableName(label));

/** An optional text field: blank (after trimming) means not given. */
const optionalText = (label: string, max: number, { printed = false } = {}) => {
  const text = z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString("en-CA")} characters.`)
    .regex(NO_LINE_BREAKS, `${label} must be on a single line.`)
    .refine(hasNoNul, NUL_MESSAGE(label));
  // A name that is printed (the company, beside the buyer on invoices and receipts) refuses invisible characters.
  return (printed ? text.check(printableName(label)) : text).optional().transform((v) => (v ? v : undefined));
};

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
    company: optionalText("Company", inquiryLimits.company, { printed: true }),
    projectType: z.enum(optionValues(projectTypeOptions), { error: "Please choose a project type." }),
    budget: optionalChoice("budget range", optionValues(budgetOptions)),
    timeline: optionalChoice("timeline", optionValues(timelineOptions)),
    message: requiredText("Project details", inquiryLimits.message),
  },
  // The keys are the visitor's; they are not echoed back.
  { error: (issue) => (issue.code === "unrecognized_keys" ? "Unexpected field." : undefined) },
);

/** What a submission may carry: the inquiry plus the anti-spam fields, nothing else. */
export const inquirySubmissionSchema = inquiryFieldsSchema.extend({
  [HONEYPOT_FIELD]: z.string().optional(),
  [ELAPSED_FIELD]: z.coerce.number().finite().nonnegative().optional(),
  [PRIVACY_NOTICE_FIELD]: z.string().max(40).optional(),
});

export const sourceLimits = { page: 200, utm: 100 } as const;

/** Each value is the visitor's (or a link's): one that does not fit is dropped, never the inquiry. */
const dropInvalid = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const utm = dropInvalid(
  z
    .string()
    .trim()
    .min(1)
    .max(sourceLimits.utm)
    // No control characters (line breaks, NUL): the value ends up in CSV cells and logs.
    .regex(/^[^\p{Cc}]*$/u),
);

/**
 * Where an inquiry came from (./inquiry-source.ts): the query of the form's post. `page` is
 * a path on this site (never a URL: no scheme, no host, no `//`), `ref` a short slug.
 */
export const inquirySourceSchema = z.object({
  page: dropInvalid(
    z
      .string()
      .max(sourceLimits.page)
      .regex(/^(?!.*\/\/)\/[A-Za-z0-9\-._~/]*$/),
  ),
  ref: dropInvalid(z.string().regex(REF_PATTERN)),
  utm_source: utm,
  utm_medium: utm,
  utm_campaign: utm,
  utm_term: utm,
  utm_content: utm,
});

export type InquirySource = z.output<typeof inquirySourceSchema>;

/** The source fields of a query string; repeated names count once (the last). */
export const parseInquirySource = (params: URLSearchParams): InquirySource =>
  inquirySourceSchema.parse(Object.fromEntries(params));

export type Inquiry = z.output<typeof inquiryFieldsSchema>;

/**
 * A form's reading of a failed parse: the first message per field of `fields`, shown under it;
 * any other problem (an unexpected field, a rule across fields) is the form's.
 */
export function fieldIssues<F extends string>(fields: readonly F[]) {
  return (error: z.ZodError) => {
    const fieldErrors: Partial<Record<F, string>> = {};
    const formErrors: string[] = [];
    for (const issue of error.issues) {
      const key = issue.path[0];
      if (typeof key === "string" && (fields as readonly string[]).includes(key))
        fieldErrors[key as F] ??= issue.message;
      else formErrors.push(issue.message);
    }
    return { fieldErrors, formErrors };
  };
}

/** The inquiry form's field errors from a failed parse, and its form-level problems. */
export const inquiryIssues = fieldIssues(inquiryFieldNames);
