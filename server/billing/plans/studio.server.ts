import { z } from "~/lib/zod";

import type { AppDatabase } from "../../db/database.server";
import type { Logger } from "../../logger.server";
import type { BillingApi } from "./billing-api";
import { createPlanAdmin, minutesThisMonth } from "./plan-admin.server";
import type { CarePlans } from "./plans.server";

export type StudioPlanResult =
  { ok: true; url?: string } | { ok: false; status: 400 | 404 | 503; error: string };

const planFormSchema = z.object({ subscriptionId: z.string().uuid("Choose a plan.") });

/**
 * The studio's side of a lead's care plans (the lead's page): each plan with its state and
 * documents; cancel at the period's end or take the cancellation back (Stripe's subscription
 * is changed, its event confirms it here); change the plan or the card in Stripe's customer
 * portal, opened for that client.
 */
export function createStudioPlans(deps: {
  database: AppDatabase;
  stripe: BillingApi | undefined;
  logger: Logger;
  billingPortal: (subscriptionId: string, returnPath?: string) => Promise<string | null>;
  plans: CarePlans;
  now?: () => number;
}) {
  const { database, stripe, logger } = deps;
  const { db } = database;

  async function ofLead(leadId: string) {
    const rows = await db
      .selectFrom("plan_subscriptions as s")
      .innerJoin("care_plans as p", "p.id", "s.plan_id")
      .select([
        "s.id",
        "p.name as planName",
        // What Stripe bills each month before tax (a quote's price, or the plan changed to).
        "s.price_cents as priceCents",
        "p.change_hours as changeHours",
        "s.province",
        "s.status",
        "s.cancel_at_period_end as cancelAtPeriodEnd",
        "s.current_period_end as currentPeriodEnd",
      ])
      .where("s.lead_id", "=", leadId)
      .orderBy("s.created_at", "desc")
      .execute();
    const used = await minutesThisMonth(
      database,
      rows.map((r) => r.id),
      (deps.now ?? Date.now)(),
    );
    return rows.map((r) => ({
      ...r,
      usedMinutes: used.get(r.id) ?? 0,
      priceCents: Number(r.priceCents),
      changeHours: Number(r.changeHours),
      cancelAtPeriodEnd: Number(r.cancelAtPeriodEnd) === 1,
    }));
  }

  async function findOfLead(leadId: string, form: unknown) {
    const parsed = planFormSchema.safeParse(form);
    if (!parsed.success) return undefined;
    return db
      .selectFrom("plan_subscriptions")
      .selectAll()
      .where("id", "=", parsed.data.subscriptionId)
      .where("lead_id", "=", leadId)
      .executeTakeFirst();
  }

  /** Cancel at the end of the paid period (`cancel`), or keep the plan going after all. */
  async function setCancelAtPeriodEnd(
    leadId: string,
    form: unknown,
    cancel: boolean,
  ): Promise<StudioPlanResult> {
    const sub = await findOfLead(leadId, form);
    if (!sub?.stripe_subscription_id) return { ok: false, status: 404, error: "No such plan on this lead." };
    if (sub.status === "canceled") return { ok: false, status: 400, error: "This plan has already ended." };
    if (!stripe || stripe.owns?.(sub.stripe_subscription_id) === false)
      return { ok: false, status: 503, error: "Stripe is not configured here." };
    const updated = await stripe.subscriptions.update(sub.stripe_subscription_id, {
      cancel_at_period_end: cancel,
    });
    await db
      .updateTable("plan_subscriptions")
      .set({ cancel_at_period_end: updated.cancel_at_period_end ? 1 : 0 })
      .where("id", "=", sub.id)
      .execute();
    logger.info({ planSubscriptionId: sub.id, cancel }, "care plan cancellation changed by the studio");
    return { ok: true };
  }

  /** Stripe's customer portal for this client's plan: change of plan or card, back to the lead's page. */
  async function portal(leadId: string, form: unknown): Promise<StudioPlanResult> {
    const sub = await findOfLead(leadId, form);
    if (!sub) return { ok: false, status: 404, error: "No such plan on this lead." };
    const url = await deps.billingPortal(sub.id, `/studio/leads/${encodeURIComponent(leadId)}`);
    return url
      ? { ok: true, url }
      : { ok: false, status: 503, error: "Stripe's portal is not available for this plan." };
  }

  const admin = createPlanAdmin({ database, plans: deps.plans, now: deps.now });
  return {
    ofLead,
    setCancelAtPeriodEnd,
    portal,
    summary: (now: number) => planSummary(database, now),
    /** The plans kept, the hours logged, the Plans view (plan-admin.server.ts). */
    admin,
  };
}

export type StudioPlans = ReturnType<typeof createStudioPlans>;

/**
 * The figures for the studio's home: monthly recurring revenue (before tax) of the plans
 * Stripe bills now (active or past due, a cancelled-at-period-end one until it ends), the
 * renewals paid in the last seven days, and the plans whose renewal failed.
 */
export async function planSummary({ db }: AppDatabase, now: number) {
  const live = await db
    .selectFrom("plan_subscriptions")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.sum<number>("price_cents").as("mrr")])
    .where("status", "in", ["active", "past_due"])
    .executeTakeFirstOrThrow();
  const week = await db
    .selectFrom("plan_renewals")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.sum<number>("amount_cents").as("cents")])
    .where("status", "=", "paid")
    .where("updated_at", ">=", new Date(now - 7 * 86_400_000).toISOString())
    .executeTakeFirstOrThrow();
  const failed = await db
    .selectFrom("plan_subscriptions")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("status", "=", "past_due")
    .executeTakeFirstOrThrow();
  return {
    plans: Number(live.count),
    mrrCents: Number(live.mrr ?? 0),
    renewalsThisWeek: Number(week.count),
    renewedCentsThisWeek: Number(week.cents ?? 0),
    failed: Number(failed.count),
  };
}
