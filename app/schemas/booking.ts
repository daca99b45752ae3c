import { z } from "~/lib/zod";

import { ELAPSED_FIELD, fieldIssues, HONEYPOT_FIELD, inquiryFieldsSchema } from "./inquiry";
import { printableName } from "./printable-name";

/**
 * A booking from /book (docs/product.md#booking): who, what about, which slot and in which
 * zone the visitor read it. Email and company follow the inquiry form's rules exactly.
 */
export const bookingLimits = { name: 200, topic: 2000, timeZone: 64 } as const;

const hasNoNul = (v: string) => !v.includes("\u0000");

/** An IANA zone this runtime knows ("Europe/London"); anything else is refused, never echoed. */
export const timeZoneSchema = z
  .string()
  .max(bookingLimits.timeZone)
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  });

export const bookingFieldNames = ["name", "email", "company", "topic", "slot", "tz"] as const;
export type BookingFieldName = (typeof bookingFieldNames)[number];
export type BookingFieldErrors = Partial<Record<BookingFieldName, string>>;

export const bookingSubmissionSchema = z.strictObject(
  {
    name: z
      .string({ error: "Name must be text." })
      .trim()
      .min(1, "Name is required.")
      .max(bookingLimits.name, `Name must be at most ${bookingLimits.name} characters.`)
      .regex(/^[^\r\n]*$/, "Name must be on a single line.")
      .refine(hasNoNul, "Name contains a character that is not allowed.")
      .check(printableName("Name")),
    email: inquiryFieldsSchema.shape.email,
    company: inquiryFieldsSchema.shape.company,
    topic: z
      .string({ error: "Please say what the call is about." })
      .trim()
      .min(1, "Please say what the call is about.")
      .max(
        bookingLimits.topic,
        `What the call is about must be at most ${bookingLimits.topic.toLocaleString("en-CA")} characters.`,
      )
      .refine(hasNoNul, "What the call is about contains a character that is not allowed."),
    slot: z
      .string({ error: "Please choose a time." })
      .min(1, "Please choose a time.")
      .max(40, "Please choose a time from the list."),
    tz: timeZoneSchema.catch("America/Vancouver"),
    [HONEYPOT_FIELD]: z.string().max(1000).optional(),
    // Empty when the page ran no script: not measured, which the service takes as too fast.
    [ELAPSED_FIELD]: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.coerce.number().finite().nonnegative().optional(),
    ),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? "Unexpected field." : undefined) },
);

export type BookingSubmission = z.output<typeof bookingSubmissionSchema>;

/** The booking form's field errors from a failed parse, and its form-level problems. */
export const bookingIssues = fieldIssues(bookingFieldNames);
