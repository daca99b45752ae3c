import { parseCents } from "~/lib/money";
import { z } from "~/lib/zod";

export const REFUND_REASON_MAX = 500;

/**
 * The lead page's refund form: the amount is typed by the studio in CAD and
 * parsed here to integer cents (never a float), the reason is required and
 * capped, and the confirmation box must be ticked: money leaves.
 */
export const refundFormSchema = z.object({
  paymentId: z
    .string()
    .trim()
    .min(1, "Choose the payment to refund.")
    .max(64, "Choose the payment to refund."),
  amount: z.unknown().transform((v, ctx) => {
    const parsed = parseCents(typeof v === "string" ? v.replace(/^\$/, "") : v);
    if (!parsed.ok) {
      ctx.addIssue({
        code: "custom",
        message:
          parsed.reason === "empty"
            ? "Enter the amount to refund."
            : "Enter the amount to refund in dollars, e.g. 250.00.",
      });
      return z.NEVER;
    }
    if (parsed.cents <= 0) {
      ctx.addIssue({ code: "custom", message: "The amount to refund must be more than zero." });
      return z.NEVER;
    }
    return parsed.cents;
  }),
  reason: z
    .string()
    .trim()
    .min(1, "Give the reason for the refund (it is printed on the credit note).")
    .max(REFUND_REASON_MAX, `The reason is at most ${REFUND_REASON_MAX} characters.`),
  confirm: z.literal("yes", { error: "Tick the box to confirm: the money goes back to the client's card." }),
});

/** What the lead page shows of a payment that can be refunded: how much of it is left. */
export type RefundablePayment = {
  id: string;
  kind: string;
  amountCents: number;
  refundedCents: number;
  leftCents: number;
  paidAt: string | null;
};

/** A refund the lead page lists apart from its credit notes: waiting at the provider, or failed there. */
export type RefundNotice = {
  id: string;
  amountCents: number;
  state: "pending" | "failed";
  failureReason: string | null;
  at: string;
};
