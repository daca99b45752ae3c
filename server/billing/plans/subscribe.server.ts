import { randomUUID } from "node:crypto";

import { z } from "~/lib/zod";
import { provinces, type Province } from "~/shared/taxes";

import type { AppDatabase } from "../../db/database.server";
import { createRateLimiter } from "../../http/rate-limit.server";
import type { Logger } from "../../logger.server";
import type { BillingApi } from "./billing-api";
import { stripePriceFor } from "./plan-prices.server";
import type { CarePlans } from "./plans.server";
import { stripeTaxRatesFor } from "./tax-rates.server";

export const subscribeInputSchema = z.object({
  plan: z.string().trim().max(40),
  province: z.enum(provinces, { message: "Choose your province." }),
});

export type SubscribeResult =
  | { ok: true; url: string }
  | { ok: false; status: 400 | 404 | 429 | 503; error: string; retryAfterSeconds?: number };

export const PLANS_NEED_STRIPE =
  "Care plans are billed through Stripe, which is not configured here: write to us and we will set yours up.";

/**
 * A visitor subscribes to a plan from /pricing: a pending subscription row, then Stripe
 * Checkout in subscription mode at the plan's stored price (never one from the browser),
 * monthly in CAD, with the Stripe tax rates of the client's province. Our row's id goes to
 * Stripe as metadata on the session and the subscription, so every later event (first
 * invoice, renewals, changes) finds it whatever order they arrive in.
 */
export function createPlanSubscribe(deps: {
  database: AppDatabase;
  plans: CarePlans;
  stripe: BillingApi | undefined;
  siteUrl: string;
  registered: boolean;
  logger: Logger;
  now?: () => number;
}) {
  const { database, plans, stripe, siteUrl, registered, logger, now = Date.now } = deps;
  const limiter = createRateLimiter(database, "care-plan-checkout", [
    { windowMs: 60_000, max: 5 },
    { windowMs: 3_600_000, max: 20 },
  ]);

  async function subscribe(input: unknown, client: { clientIp: string }): Promise<SubscribeResult> {
    const parsed = subscribeInputSchema.safeParse(input);
    if (!parsed.success) return { ok: false, status: 400, error: parsed.error.issues[0]!.message };
    const plan = await plans.find(parsed.data.plan);
    if (!plan || plan.retired) return { ok: false, status: 404, error: "This plan is no longer offered." };
    return openCheckout({ ...plan, province: parsed.data.province }, client);
  }

  /**
   * The checkout of a plan at this price and province: from /pricing (the plan as kept now), or
   * from a paid quote (the plan and price the quote states, on its lead, the lead's email given
   * to Checkout).
   */
  async function openCheckout(
    plan: { id: string; name: string; priceCents: number; province: Province },
    client: { clientIp: string },
    from?: { quoteId: string; leadId: string; email: string; returnPath: string },
  ): Promise<SubscribeResult> {
    if (!stripe) return { ok: false, status: 503, error: PLANS_NEED_STRIPE };
    const decision = await limiter.hit(client.clientIp, now());
    if (!decision.allowed)
      return {
        ok: false,
        status: 429,
        error: "Too many checkouts opened: try again shortly.",
        retryAfterSeconds: decision.retryAfterSeconds,
      };
    const { province } = plan;
    const taxRates = await stripeTaxRatesFor(database.db, stripe, province, registered);
    const price = await stripePriceFor(stripe, plan);
    const id = randomUUID();
    const at = new Date(now()).toISOString();
    await database.db
      .insertInto("plan_subscriptions")
      .values({
        id,
        plan_id: plan.id,
        province,
        price_cents: plan.priceCents,
        status: "pending",
        lead_id: from?.leadId ?? null,
        quote_id: from?.quoteId ?? null,
        cancel_at_period_end: 0,
        stripe_event_at: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const metadata = { plan_subscription_id: id, plan_id: plan.id, province };
    const session = await stripe.checkout.sessions.create(
      {
        mode: "subscription",
        // The plan's own Price (plan-prices.server.ts), so a change of plan in Stripe's portal is read
        // back as ours; the taxes on the subscription, so they stay when its Price changes.
        line_items: [{ quantity: 1, price }],
        success_url: `${siteUrl}${from ? from.returnPath : "/pricing?care_plan=subscribed#care-plans"}`,
        cancel_url: `${siteUrl}${from ? from.returnPath : "/pricing#care-plans"}`,
        client_reference_id: id,
        ...(from ? { customer_email: from.email } : {}),
        metadata,
        subscription_data: { metadata, default_tax_rates: taxRates.map((t) => t.stripeId) },
      },
      { idempotencyKey: `care-plan-checkout-${id}` },
    );
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
    await database.db
      .updateTable("plan_subscriptions")
      .set({ checkout_session_id: session.id })
      .where("id", "=", id)
      .execute();
    logger.info({ planSubscriptionId: id, plan: plan.id, province }, "care plan checkout opened");
    return { ok: true, url: session.url };
  }

  return { subscribe, openCheckout };
}
