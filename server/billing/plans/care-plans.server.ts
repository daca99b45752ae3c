import type { GoalRecorder } from "../../analytics/service.server";
import type { AppDatabase } from "../../db/database.server";
import type { Logger } from "../../logger.server";
import type { OutboxTrigger } from "../../outbox/outbox.server";
import type { BillingApi } from "./billing-api";
import { createPlanEvents } from "./events.server";
import { minutesThisMonth } from "./plan-admin.server";
import { createPlanOfProduct } from "./plan-prices.server";
import { createCarePlans } from "./plans.server";
import { verifyPortalToken } from "./portal-links.server";
import { createQuotePlans } from "./quote-plans.server";
import type { SandboxBilling } from "./sandbox-billing.server";
import { createStudioPlans } from "./studio.server";
import { createPlanSubscribe } from "./subscribe.server";

export type CarePlanBillingDeps = {
  database: AppDatabase;
  logger: Logger;
  /** Stripe's client when PAYMENTS_PROVIDER is stripe; without it (and without the sandbox) plans are shown but not sold. */
  stripe: BillingApi | undefined;
  /** The built-in sandbox's play of Stripe Billing, when PAYMENTS_PROVIDER is sandbox. */
  sandbox?: SandboxBilling;
  siteUrl: string;
  /** GST/HST registration number: without one the studio is a small supplier and charges no tax. */
  registration: string | null;
  /** Signs the emails' links into Stripe's customer portal. */
  linkKey: Buffer;
  outbox?: OutboxTrigger;
  goals?: GoalRecorder;
  now?: () => number;
};

/**
 * Care plans (issue 42, decision 0055): the plans the studio keeps, the subscription checkout,
 * Stripe Billing's events (documents for each paid renewal), and the way into Stripe's
 * customer portal for the client and the studio.
 */
export function createCarePlanBilling(deps: CarePlanBillingDeps) {
  const { database, siteUrl } = deps;
  const stripe = deps.stripe ?? deps.sandbox?.api;
  const logger = deps.logger.child({ module: "care-plans" });
  const plans = createCarePlans({ database, now: deps.now });
  const checkouts = createPlanSubscribe({
    database,
    plans,
    stripe,
    siteUrl,
    registered: deps.registration !== null,
    logger,
    now: deps.now,
  });
  const subscribe = checkouts.subscribe;
  const quotePlans = createQuotePlans({ database, plans, checkout: checkouts.openCheckout, now: deps.now });
  const handleEvent = createPlanEvents({
    database,
    logger,
    registration: deps.registration,
    outbox: deps.outbox,
    goals: deps.goals,
    planOf: createPlanOfProduct(stripe),
    now: deps.now,
  });
  // The sandbox's events go where Stripe's webhook sends Stripe's.
  deps.sandbox?.connect(handleEvent);

  /** A Stripe customer portal session for one subscription (card, plan, cancellation), returning to `returnPath`. */
  async function billingPortal(subscriptionId: string, returnPath = "/pricing"): Promise<string | null> {
    if (!stripe) return null;
    const sub = await database.db
      .selectFrom("plan_subscriptions")
      .select(["stripe_customer_id"])
      .where("id", "=", subscriptionId)
      .executeTakeFirst();
    if (!sub?.stripe_customer_id || stripe.owns?.(sub.stripe_customer_id) === false) return null;
    const session = await stripe.billingPortal.sessions.create({
      customer: sub.stripe_customer_id,
      return_url: `${siteUrl}${returnPath}`,
    });
    return session.url;
  }

  /** An email's link followed: a fresh portal session, or null for a link we did not sign. */
  async function openPortalLink(token: string) {
    const id = verifyPortalToken(deps.linkKey, token);
    return id ? billingPortal(id) : null;
  }

  /**
   * For the client portal (app/portal): the plans billed to this proven address, each with its
   * state, and a way into Stripe's portal for one of them. The caller proves the address.
   */
  const plansOfClient = (email: string) => clientPlans(database, email, (deps.now ?? Date.now)());

  async function clientBillingPortal(email: string, subscriptionId: string, returnPath?: string) {
    const mine = (await plansOfClient(email)).some((p) => p.id === subscriptionId);
    return mine ? billingPortal(subscriptionId, returnPath) : null;
  }

  const studio = {
    ...createStudioPlans({ database, stripe, logger, billingPortal, plans, now: deps.now }),
    /** The lead's page: a plan on each quote not yet accepted. */
    quotePlans,
  };

  return {
    plans,
    subscribe,
    handleEvent,
    billingPortal,
    openPortalLink,
    plansOfClient,
    clientBillingPortal,
    /** The lead's page: its plans, cancel at the period's end, Stripe's portal. */
    studio,
    sandbox: deps.sandbox,
    /** A plan on a quote: "then $X/month", started from the paid quote's page. */
    quotePlans,
  };
}

export type CarePlanBilling = ReturnType<typeof createCarePlanBilling>;

/** The plans billed to this address (any letter case), newest first, with this month's hours. */
async function clientPlans(database: AppDatabase, email: string, now: number) {
  const rows = await database.db
    .selectFrom("plan_subscriptions as s")
    .innerJoin("care_plans as p", "p.id", "s.plan_id")
    .select([
      "s.id",
      "p.name as planName",
      // What Stripe bills each month before tax (kept current by its subscription events).
      "s.price_cents as priceCents",
      "p.change_hours as changeHours",
      "s.status",
      "s.cancel_at_period_end as cancelAtPeriodEnd",
      "s.current_period_end as currentPeriodEnd",
    ])
    .where((eb) => eb(eb.fn("lower", ["s.email"]), "=", email.trim().toLowerCase()))
    .where("s.status", "!=", "pending")
    .orderBy("s.created_at", "desc")
    .execute();
  // The hours of changes used this month: the same rows the studio logs and sees (plan-admin.server.ts).
  const used = await minutesThisMonth(
    database,
    rows.map((r) => r.id),
    now,
  );
  return rows.map((r) => ({
    ...r,
    priceCents: Number(r.priceCents),
    changeHours: Number(r.changeHours),
    usedMinutes: used.get(r.id) ?? 0,
    cancelAtPeriodEnd: Number(r.cancelAtPeriodEnd) === 1,
  }));
}
