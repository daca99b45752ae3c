import { packageTypes } from "~/content/payment";
import { parseCents } from "~/lib/money";
import { z } from "~/lib/zod";
import { MAX_AMOUNT_CENTS } from "~/schemas/payment";
import {
  computeTotals,
  createQuoteSchema,
  type CreateQuoteInput,
  type QuoteTotals,
} from "~/shared/quote-model";
import { MAX_SCOPE_LENGTH } from "~/shared/scope-limits";
import { provinces, taxCodes, type TaxCode } from "~/shared/taxes";

/*
 * The back office's "New quote" form as posted, parsed without a database:
 * the server reads it (studio.server.ts) and the form's live total runs the
 * same parse and computeTotals in the browser, so both state the same figures.
 */

/** Extra line rows the lead page's form offers (a fixed number, so it works without JavaScript). */
export const QUOTE_FORM_LINES = 3;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());

/** "1234.56" or "1,234.56" (thousands commas only) in CAD → integer cents; never a float. */
const cad = (what: string) =>
  z.string().transform((v, ctx) => {
    const text = v.trim();
    const r = parseCents(/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text) ? text.replace(/,/g, "") : text);
    if (r.ok && r.cents >= 0 && r.cents <= MAX_AMOUNT_CENTS) return r.cents;
    ctx.addIssue({ code: "custom", message: `${what}: enter an amount in CAD such as 1234.56.` });
    return z.NEVER;
  });

const whole = (what: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, `${what} must be a whole number.`)
    .transform(Number)
    .pipe(
      z.number().min(min, `${what} is from ${min} to ${max}.`).max(max, `${what} is from ${min} to ${max}.`),
    );

/** A tax box of a line ("packageTaxGST", "line2TaxPST"): ticked or not. */
const taxBoxes = (prefix: string) =>
  taxCodes.map((code) => [`${prefix}Tax${code}`, optional(z.literal("on"))] as const);

const lineFields = Object.fromEntries([
  ...Array.from({ length: QUOTE_FORM_LINES }, (_, i) => [
    [
      `line${i + 1}Label`,
      optional(z.string().trim().max(120, "A line's description is at most 120 characters.")),
    ],
    [`line${i + 1}Amount`, optional(cad(`Line ${i + 1}`))],
    [`line${i + 1}Optional`, optional(z.literal("on"))],
    ...taxBoxes(`line${i + 1}`),
  ]).flat(),
  ...taxBoxes("package"),
]) as Record<string, z.ZodType<unknown>>;

const ticked = (f: Record<string, unknown>, prefix: string): TaxCode[] =>
  taxCodes.filter((code) => f[`${prefix}Tax${code}`] === "on");

/**
 * The lead page's "New quote" form, as posted (strings): amounts are parsed
 * to integer cents here and everything is checked again by the quote
 * service's own schema (caps, lengths) before anything is stored.
 */
export const studioQuoteFormSchema = z
  .object({
    package: z.enum(packageTypes, { error: "Choose the Basic or Pro package." }),
    amount: cad("Package amount"),
    deposit: optional(whole("The deposit", 1, 99)),
    // The studio is in BC: a form that does not say (an older page still open) means a BC client.
    province: optional(z.enum(provinces, { error: "Choose the client's province or territory." })),
    expiresDays: whole("Valid for", 1, 365),
    terms: z.string().trim().min(1, "Write the terms.").max(4000),
    scope: optional(
      z
        .string()
        .max(
          MAX_SCOPE_LENGTH,
          `The scope of work is at most ${MAX_SCOPE_LENGTH.toLocaleString("en-CA")} characters.`,
        ),
    ),
    ...lineFields,
  })
  .transform((f, ctx): Omit<CreateQuoteInput, "inquiryId"> => {
    const lines: { label: string; amountCents: number; taxes: TaxCode[]; optional?: true }[] = [];
    for (let i = 1; i <= QUOTE_FORM_LINES; i++) {
      const label = (f as Record<string, unknown>)[`line${i}Label`] as string | undefined;
      const amountCents = (f as Record<string, unknown>)[`line${i}Amount`] as number | undefined;
      if (label === undefined && amountCents === undefined) continue;
      if (label === undefined || amountCents === undefined) {
        ctx.addIssue({
          code: "custom",
          message: `Line ${i} needs both a description and an amount.`,
          path: [`line${i}Label`],
        });
        continue;
      }
      const option = (f as Record<string, unknown>)[`line${i}Optional`] === "on";
      lines.push({
        label,
        amountCents,
        taxes: ticked(f, `line${i}`),
        ...(option ? { optional: true as const } : {}),
      });
    }
    const packageTaxes = ticked(f, "package");
    return {
      packageType: f.package,
      amountCents: f.amount,
      lines,
      depositPercent: f.deposit,
      packageTaxes,
      province: f.province ?? "BC",
      expiresInDays: f.expiresDays,
      terms: f.terms,
      scope: f.scope ?? "",
    };
  });

/**
 * What the form's fields come to, as the server will compute them on
 * "Create draft quote": the same parse, schema and computeTotals. Shown
 * while the studio types; the server recomputes on create and alone decides.
 */
export function previewTotals(
  form: Record<string, unknown>,
): { ok: true; totals: QuoteTotals } | { ok: false; error: string } {
  const parsed = studioQuoteFormSchema.safeParse(form);
  if (!parsed.success) return { ok: false, error: parsed.error.issues.map((i) => i.message).join(" ") };
  const quote = createQuoteSchema.safeParse({ ...parsed.data, inquiryId: "preview" });
  if (!quote.success) return { ok: false, error: quote.error.issues.map((i) => i.message).join(" ") };
  return { ok: true, totals: computeTotals(quote.data) };
}
