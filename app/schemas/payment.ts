import { z } from "~/lib/zod";
import { type PackageType, packageTypes } from "~/content/payment";
import { type CentsParseFailure, formatCad, parseCents } from "~/lib/money";

/** The smallest and largest amount a customer may pay, in cents of CAD (SPEC §9: minimum 1 CAD). */
export const MIN_AMOUNT_CENTS = 100;
export const MAX_AMOUNT_CENTS = 99_999_999;

/** One message per rule; the server answers 400 with these, the page shows them. */
export const amountMessages = {
  empty: "Please enter the amount you were quoted.",
  "not-a-number": "The amount must be a number, for example 450 or 450.50.",
  "not-finite": "The amount must be a finite number.",
  "too-many-decimals": "The amount can have at most two decimal places (cents).",
  "too-small": `The amount must be at least ${formatCad(MIN_AMOUNT_CENTS)} CAD.`,
  "too-large": `The amount must be at most ${formatCad(MAX_AMOUNT_CENTS)} CAD.`,
} as const satisfies Record<CentsParseFailure | "too-small" | "too-large", string>;

export type AmountRule = keyof typeof amountMessages;

/** Which amount rule an input breaks, or the exact cents when it breaks none. */
export function checkAmount(input: unknown): { ok: true; cents: number } | { ok: false; rule: AmountRule; message: string } {
  const parsed = parseCents(input);
  let rule: AmountRule | undefined;
  if (!parsed.ok) rule = parsed.reason;
  else if (parsed.cents < MIN_AMOUNT_CENTS) rule = "too-small";
  else if (parsed.cents > MAX_AMOUNT_CENTS) rule = "too-large";
  if (rule) return { ok: false, rule, message: amountMessages[rule] };
  return { ok: true, cents: (parsed as { cents: number }).cents };
}

export const packageTypeMessage = "The package must be 'basic' or 'pro'.";

/**
 * The create-payment request, shared by the payment page (before it sends
 * anything) and the server (which trusts nothing it did not check itself).
 * Input: { amount: number | numeric string, packageType?: 'basic' | 'pro' }.
 * Output: { amountCents: integer, packageType }.
 */
export const createPaymentSchema = z
  .object({
    amount: z.unknown().transform((value, ctx): number => {
      const result = checkAmount(value);
      if (result.ok) return result.cents;
      ctx.addIssue({ code: "custom", message: result.message, params: { rule: result.rule } });
      return z.NEVER;
    }),
    packageType: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? undefined : v),
      z.enum(packageTypes, { error: packageTypeMessage }).default("basic"),
    ),
  })
  .transform(({ amount, packageType }) => ({ amountCents: amount, packageType: packageType as PackageType }));

export type CreatePaymentInput = z.input<typeof createPaymentSchema>;
export type CreatePaymentRequest = z.output<typeof createPaymentSchema>;

/** The first message per field, for 400 answers and inline form errors. */
export function paymentFieldErrors(error: z.ZodError): { amount?: string; packageType?: string } {
  const out: { amount?: string; packageType?: string } = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if ((field === "amount" || field === "packageType") && !out[field]) out[field] = issue.message;
  }
  if (!out.amount && !out.packageType && error.issues[0]) out.amount = error.issues[0].message;
  return out;
}
