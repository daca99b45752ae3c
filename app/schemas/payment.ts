import { packageTypes, type PackageType } from "~/content/payment";
import { z } from "~/lib/zod";

import { checkAmount } from "./payment-amount";

export {
  MAX_AMOUNT_CENTS,
  MIN_AMOUNT_CENTS,
  type AmountRule,
  amountMessages,
  checkAmount,
} from "./payment-amount";

export const packageTypeMessage = "The package must be 'basic' or 'pro'.";

/**
 * The create-payment request as the server checks it (it trusts nothing it did
 * not check itself); the payment form checks with this same schema before it
 * sends anything.
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
