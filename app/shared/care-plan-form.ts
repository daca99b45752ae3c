import { parseCents } from "~/lib/money";
import { z } from "~/lib/zod";
import { printableName } from "~/schemas/printable-name";

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/**
 * The back office's care plan form as posted (strings): name, monthly price before tax in
 * CAD, what is included (one a line), hours of changes a month. A new plan has no id: the
 * server makes one from the name.
 */
export const carePlanFormSchema = z.object({
  id: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z
      .string()
      .regex(/^[a-z0-9-]{2,40}$/)
      .optional(),
  ),
  name: z
    .string({ error: "Name the plan." })
    .trim()
    .min(1, "Name the plan.")
    .max(60, "The name is at most 60 characters.")
    .check(printableName("The name")),
  price: z.string({ error: "Enter a monthly price such as 125.00." }).transform((v, ctx) => {
    const r = parseCents(v.trim().replace(/,/g, ""));
    if (r.ok && r.cents >= 100 && r.cents <= 1_000_000) return r.cents;
    ctx.addIssue({ code: "custom", message: "Enter a monthly price in CAD from 1.00 to 10000.00." });
    return z.NEVER;
  }),
  included: z.string({ error: "Say what the plan includes." }).transform((v, ctx) => {
    const lines = v
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    if (lines.length >= 1 && lines.length <= 12 && lines.every((l) => l.length <= 120)) return lines;
    ctx.addIssue({
      code: "custom",
      message: "List what the plan includes: 1 to 12 lines of at most 120 characters.",
    });
    return z.NEVER;
  }),
  hours: z
    .string({ error: "Enter the hours of changes a month." })
    .trim()
    .regex(/^\d{1,3}$/, "Enter whole hours from 0 to 100.")
    .transform(Number)
    .refine((n) => n <= 100, "Enter whole hours from 0 to 100."),
});

/** The studio logs work against a plan: the day, hours (quarter hours), a short note. */
export const planHoursFormSchema = z.object({
  subscriptionId: z.string().uuid("Choose a plan."),
  workedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the day as YYYY-MM-DD."),
  hours: z
    .string({ error: "Enter the hours, such as 1.5." })
    .trim()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, "Enter the hours, such as 1.5.")
    .transform(Number)
    .refine((h) => h >= 0.25 && h <= 24, "Enter from 0.25 to 24 hours.")
    .transform((h) => Math.round(h * 4) * 15),
  note: z.preprocess(
    (v) => (blank(v) ? "" : v),
    z.string().trim().max(200, "The note is at most 200 characters."),
  ),
});

/** Minutes as the studio and the client read them: "1.5 h". */
export const hoursText = (minutes: number) => `${Number((minutes / 60).toFixed(2))} h`;
