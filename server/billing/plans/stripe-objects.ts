import { z } from "~/lib/zod";

/**
 * The parts of Stripe Billing's objects the care plans act on, checked at the webhook's
 * boundary: a signed event of another shape is refused here rather than half-applied.
 */
const stripeId = z.string().regex(/^[A-Za-z0-9_-]{1,255}$/);
const metadata = z.record(z.string(), z.string()).nullish();
const cents = z.number().int().min(0).max(100_000_000);
const unix = z.number().int().min(0);

export const billingInvoiceSchema = z.object({
  id: stripeId,
  currency: z.string().max(10),
  customer: stripeId.nullish(),
  customer_email: z.string().max(320).nullish(),
  customer_name: z.string().max(200).nullish(),
  subtotal: cents,
  total: cents,
  amount_paid: cents,
  total_taxes: z
    .array(z.object({ amount: cents, tax_rate_details: z.object({ tax_rate: stripeId }).nullish() }))
    .nullish(),
  parent: z
    .object({
      subscription_details: z.object({ subscription: stripeId, metadata }).nullish(),
    })
    .nullish(),
  lines: z.object({
    data: z
      .array(
        z.object({
          period: z.object({ start: unix, end: unix }),
          // The Product billed (Stripe's API since 2025-03): names the plan of this month's documents.
          pricing: z.object({ price_details: z.object({ product: stripeId.nullish() }).nullish() }).nullish(),
        }),
      )
      .max(100),
  }),
});
export type BillingInvoice = z.infer<typeof billingInvoiceSchema>;

export const billingSubscriptionSchema = z.object({
  id: stripeId,
  customer: stripeId.nullish(),
  status: z.string().max(40),
  cancel_at_period_end: z.boolean(),
  metadata,
  items: z.object({
    data: z
      .array(
        z.object({
          current_period_end: unix.nullish(),
          price: z
            .object({ unit_amount: cents.nullish(), product: z.string().max(255).nullish(), metadata })
            .nullish(),
        }),
      )
      .max(20),
  }),
});
export type BillingSubscription = z.infer<typeof billingSubscriptionSchema>;

export const billingCheckoutSchema = z.object({
  id: stripeId,
  mode: z.literal("subscription"),
  status: z.string().max(40).nullish(),
  subscription: stripeId.nullish(),
  customer: stripeId.nullish(),
  customer_details: z
    .object({ email: z.string().max(320).nullish(), name: z.string().max(200).nullish() })
    .nullish(),
  metadata: z.object({ plan_subscription_id: z.string().uuid() }).passthrough(),
});
export type BillingCheckout = z.infer<typeof billingCheckoutSchema>;

/** Stripe's subscription statuses, in ours: unpaid after the retries is past due until Stripe cancels it. */
export function ourSubscriptionStatus(status: string) {
  if (status === "active" || status === "trialing") return "active" as const;
  if (status === "past_due" || status === "unpaid") return "past_due" as const;
  if (status === "canceled" || status === "incomplete_expired") return "canceled" as const;
  return "incomplete" as const;
}
