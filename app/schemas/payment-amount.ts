import { formatCad, parseCents, type CentsParseFailure } from "~/lib/money";

/**
 * The amount rules of a payment, one rule name and message each. The create-payment
 * schema (./payment.ts) applies them, on the server and in the payment form alike.
 */

/** The smallest and largest amount a customer may pay, in cents of CAD (docs/product.md#payment: minimum 1 CAD). */
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
export function checkAmount(
  input: unknown,
): { ok: true; cents: number } | { ok: false; rule: AmountRule; message: string } {
  const parsed = parseCents(input);
  let rule: AmountRule | undefined;
  if (!parsed.ok) rule = parsed.reason;
  else if (parsed.cents < MIN_AMOUNT_CENTS) rule = "too-small";
  else if (parsed.cents > MAX_AMOUNT_CENTS) rule = "too-large";
  if (rule) return { ok: false, rule, message: amountMessages[rule] };
  return { ok: true, cents: (parsed as { cents: number }).cents };
}
