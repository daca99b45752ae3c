import type { BillingApi } from "./billing-api";

/** Our plan behind a Stripe Product or Price: its metadata names it (the Products this module makes). */
const PLAN_KEY = "plan_id";

/** The Stripe Product of one of our plans: a fixed id, so every process and every retry finds the same one. */
export const planProductId = (planId: string) => `care_plan_${planId}`;

const isMissing = (err: unknown) =>
  (err as { statusCode?: number; code?: string } | null)?.code === "resource_missing" ||
  (err as { statusCode?: number } | null)?.statusCode === 404;

/**
 * The plan's Product at Stripe, made on first use with metadata plan_id (what a plan change in
 * Stripe's customer portal is read back by), renamed to the plan's name when a new Price is made,
 * so the portal and Stripe's invoices name the plan as we do.
 */
async function planProduct(stripe: BillingApi, plan: { id: string; name: string }) {
  const id = planProductId(plan.id);
  try {
    const found = await stripe.products.retrieve(id);
    if (found.name !== plan.name) await stripe.products.update(id, { name: plan.name });
    return id;
  } catch (err) {
    if (!isMissing(err)) throw err;
  }
  // Two processes creating it at once send the same idempotency key and get the one Product.
  await stripe.products.create(
    { id, name: plan.name, metadata: { [PLAN_KEY]: plan.id } },
    { idempotencyKey: `care-plan-product-${plan.id}` },
  );
  return id;
}

/**
 * The Stripe Price that bills this plan at this amount, monthly in CAD: found by its lookup key
 * (plan and amount), else made on the plan's Product. A price changed in the back office (or a
 * quote's own price) is a new Price; the old one keeps billing the subscriptions on it. The
 * Price carries plan_id too, so a subscription's event names our plan without another call.
 */
export async function stripePriceFor(
  stripe: BillingApi,
  plan: { id: string; name: string; priceCents: number },
) {
  const lookupKey = `care_plan:${plan.id}:${plan.priceCents}`;
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  if (found.data[0]) return found.data[0].id;
  const product = await planProduct(stripe, plan);
  const price = await stripe.prices.create(
    {
      product,
      currency: "cad",
      unit_amount: plan.priceCents,
      recurring: { interval: "month" },
      lookup_key: lookupKey,
      // An archived Price holding the key (archived in the dashboard) gives it up to this one.
      transfer_lookup_key: true,
      metadata: { [PLAN_KEY]: plan.id },
    },
    { idempotencyKey: `care-plan-price-${plan.id}-${plan.priceCents}` },
  );
  return price.id;
}

/**
 * Which of our plans a Stripe Price bills: the Price's own metadata (ours carry it), else its
 * Product's (a Price the studio added in Stripe's dashboard to one of our Products). Products
 * do not change plan, so each is asked once per process. Undefined: not one of our plans.
 */
export function createPlanOfProduct(stripe: BillingApi | undefined) {
  const known = new Map<string, string | null>();
  return async function planOf(price: {
    product?: string | null;
    metadata?: Record<string, string> | null;
  }): Promise<string | undefined> {
    if (price.metadata?.[PLAN_KEY]) return price.metadata[PLAN_KEY];
    const product = price.product;
    if (!product || !stripe) return undefined;
    if (!known.has(product)) {
      try {
        known.set(product, (await stripe.products.retrieve(product)).metadata[PLAN_KEY] ?? null);
      } catch (err) {
        // A Product deleted at Stripe names no plan; any other failure, Stripe retries the event.
        if (!isMissing(err)) throw err;
        known.set(product, null);
      }
    }
    return known.get(product) ?? undefined;
  };
}
export type PlanOfProduct = ReturnType<typeof createPlanOfProduct>;
