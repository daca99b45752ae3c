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

/** The form's field a refusal belongs beside, by the posted name ("amount", "line2Amount", "packageTaxes"). */
export type QuoteFieldErrors = Record<string, string>;

const MODEL_FIELDS: Record<string, string> = {
  packageType: "package",
  amountCents: "amount",
  packageTaxes: "packageTaxes",
  depositPercent: "deposit",
  province: "province",
  expiresInDays: "expiresDays",
  terms: "terms",
};

/**
 * The "New quote" form checked as the quote service will check it (the form's parse, then the
 * quote's schema), each refusal named by the form field it sits beside (issue 37, item 15). A
 * line of the quote is the n-th filled line of the form, so its refusal goes to that row.
 */
export function checkQuoteForm(
  form: Record<string, unknown>,
):
  | { ok: true; input: Omit<CreateQuoteInput, "inquiryId">; totals: QuoteTotals }
  | { ok: false; error: string; fieldErrors: QuoteFieldErrors; messages: string[] } {
  const refuse = (
    issues: { path: PropertyKey[]; message: string }[],
    nameOf: (path: PropertyKey[]) => string | undefined,
  ) => {
    const fieldErrors: QuoteFieldErrors = {};
    const loose: string[] = [];
    for (const issue of issues) {
      const name = nameOf(issue.path);
      if (name)
        fieldErrors[name] = fieldErrors[name] ? `${fieldErrors[name]} ${issue.message}` : issue.message;
      else loose.push(issue.message);
    }
    const marked = Object.keys(fieldErrors).length;
    const error = [
      marked
        ? marked === 1
          ? "Check the field marked below."
          : `Check the ${marked} fields marked below.`
        : "",
      ...loose,
    ]
      .filter(Boolean)
      .join(" ");
    return { ok: false as const, error, fieldErrors, messages: issues.map((i) => i.message) };
  };
  const parsed = studioQuoteFormSchema.safeParse(form);
  if (!parsed.success)
    return refuse(parsed.error.issues, ([head]) => (typeof head === "string" ? head : undefined));
  const quote = createQuoteSchema.safeParse({ ...parsed.data, inquiryId: "form" });
  if (!quote.success) {
    const filled = Array.from({ length: QUOTE_FORM_LINES }, (_, i) => i + 1).filter(
      (n) => !blank(form[`line${n}Label`]) || !blank(form[`line${n}Amount`]),
    );
    return refuse(quote.error.issues, ([head, index]) =>
      head === "lines" && typeof index === "number" && filled[index] !== undefined
        ? `line${filled[index]}Amount`
        : typeof head === "string"
          ? MODEL_FIELDS[head]
          : undefined,
    );
  }
  return { ok: true, input: parsed.data, totals: computeTotals(quote.data) };
}

/**
 * What the form's fields come to, as the server will compute them on
 * "Create draft quote": the same parse, schema and computeTotals. Shown
 * while the studio types; the server recomputes on create and alone decides.
 */
export function previewTotals(
  form: Record<string, unknown>,
): { ok: true; totals: QuoteTotals } | { ok: false; error: string } {
  const checked = checkQuoteForm(form);
  return checked.ok ? { ok: true, totals: checked.totals } : { ok: false, error: checked.messages.join(" ") };
}
