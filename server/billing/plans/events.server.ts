import type Stripe from "stripe";

import { formatCad } from "~/lib/money";

import type { GoalRecorder } from "../../analytics/service.server";
import type { AppDatabase, Executor } from "../../db/database.server";
import { lockRows } from "../../db/dialect";
import type { PlanSubscriptionTable } from "../../db/schema";
import { insertLeadActivity } from "../../leads/timeline.server";
import type { Logger } from "../../logger.server";
import { enqueue, type OutboxTrigger } from "../../outbox/outbox.server";
import { ensurePlanLead } from "./plan-lead.server";
import type { PlanOfProduct } from "./plan-prices.server";
import { recordPaidRenewal, RENEWAL_FAILED_EMAIL, RENEWAL_SUBJECT } from "./renewals.server";
import {
  billingCheckoutSchema,
  billingInvoiceSchema,
  billingSubscriptionSchema,
  ourSubscriptionStatus,
  type BillingInvoice,
} from "./stripe-objects";

export type PlanEventDeps = {
  /** Analytics: each paid renewal is a "payment" goal, on the plan's lead and its source. */
  goals?: GoalRecorder;
  database: AppDatabase;
  logger: Logger;
  registration: string | null;
  outbox?: OutboxTrigger;
  /** Our plan behind a Stripe Price or Product (plan-prices.server.ts): how a change of plan is read. */
  planOf?: PlanOfProduct;
  now?: () => number;
};

const INVOICE_EVENTS = new Set(["invoice.paid", "invoice.payment_failed"]);
const SUBSCRIPTION_EVENTS = new Set(["customer.subscription.updated", "customer.subscription.deleted"]);

/**
 * Stripe Billing's events for care plans, from the payments webhook (which checked the
 * signature and skips an event id it handled before). True when the event was a plan's.
 * Each change is idempotent and ordered by the event's own time, so events arriving late,
 * twice or out of order end in the same state and the same documents.
 */
export function createPlanEvents(deps: PlanEventDeps) {
  const { database, logger } = deps;

  return async function handlePlanEvent(event: Stripe.Event): Promise<boolean> {
    // Signed but of any shape (a test event, an API version we do not know): never a 500 that Stripe retries forever.
    const object = (event.data as { object?: unknown } | undefined)?.object;
    if (event.type === "checkout.session.completed") {
      const session = billingCheckoutSchema.safeParse(object);
      if (!session.success) return false; // a one-off payment's checkout: the payments module's
      await applyToSubscription(deps, session.data.metadata.plan_subscription_id, event.created, {
        stripe_subscription_id: session.data.subscription ?? null,
        stripe_customer_id: session.data.customer ?? null,
        email: session.data.customer_details?.email ?? null,
        name: session.data.customer_details?.name ?? null,
      });
      return true;
    }
    if (INVOICE_EVENTS.has(event.type)) {
      const parsed = billingInvoiceSchema.safeParse(object);
      if (!parsed.success) return malformed(logger, event);
      const invoice = parsed.data;
      const sub = await findSubscription(database.db, invoice.parent?.subscription_details);
      if (!sub) return unknown(logger, event);
      if (event.type === "invoice.paid") await invoicePaid(deps, sub, invoice, event.created);
      else await invoiceFailed(deps, sub, invoice, event.created);
      deps.outbox?.wake();
      return true;
    }
    if (SUBSCRIPTION_EVENTS.has(event.type)) {
      const parsed = billingSubscriptionSchema.safeParse(object);
      if (!parsed.success) return malformed(logger, event);
      const s = parsed.data;
      const sub = await findSubscription(database.db, { subscription: s.id, metadata: s.metadata });
      if (!sub) return unknown(logger, event);
      const item = s.items.data[0];
      const end = item?.current_period_end;
      // The plan Stripe bills now: changed in Stripe's customer portal, it is ours to show from here.
      const planId = await billedPlan(deps, item?.price, event);
      await applyToSubscription(deps, sub.id, event.created, {
        ...(planId ? { plan_id: planId } : {}),
        stripe_subscription_id: s.id,
        status: event.type === "customer.subscription.deleted" ? "canceled" : ourSubscriptionStatus(s.status),
        cancel_at_period_end: s.cancel_at_period_end ? 1 : 0,
        ...(item?.price?.unit_amount ? { price_cents: item.price.unit_amount } : {}),
        current_period_end: end ? new Date(end * 1000).toISOString() : null,
      });
      return true;
    }
    return false;
  };
}

/** A plan's event type whose object we cannot read: acknowledged (a retry would read no better), logged to be looked at. */
function malformed(logger: Logger, event: Stripe.Event) {
  logger.error(
    { eventId: event.id, type: event.type },
    "care plan event of an unexpected shape: acknowledged, nothing changed",
  );
  return true;
}

/**
 * Which of our plans a Stripe Price bills, if it is one we keep; a Price of no plan of ours (a
 * product made in Stripe's dashboard) leaves the plan as it was, logged to be looked at.
 */
async function billedPlan(
  deps: PlanEventDeps,
  price: { product?: string | null; metadata?: Record<string, string> | null } | null | undefined,
  event?: Stripe.Event,
) {
  if (!price || !deps.planOf) return undefined;
  const planId = await deps.planOf(price);
  const kept =
    planId &&
    (await deps.database.db
      .selectFrom("care_plans")
      .select("id")
      .where("id", "=", planId)
      .executeTakeFirst());
  if (!kept && event)
    deps.logger.warn(
      { eventId: event.id, type: event.type, product: price.product },
      "care plan billed at a Stripe price of no plan of ours: plan left as it was",
    );
  return kept ? kept.id : undefined;
}

function unknown(logger: Logger, event: Stripe.Event) {
  logger.warn(
    { eventId: event.id, type: event.type },
    "Stripe billing event for no plan of ours: acknowledged",
  );
  return true;
}

async function findSubscription(
  db: Executor,
  ref: { subscription: string; metadata?: Record<string, string> | null } | null | undefined,
) {
  if (!ref) return undefined;
  const ours = ref.metadata?.plan_subscription_id;
  let q = db.selectFrom("plan_subscriptions").selectAll();
  q = ours
    ? q.where((eb) => eb.or([eb("id", "=", ours), eb("stripe_subscription_id", "=", ref.subscription)]))
    : q.where("stripe_subscription_id", "=", ref.subscription);
  return q.executeTakeFirst();
}

type SubscriptionChange = Partial<
  Pick<
    PlanSubscriptionTable,
    | "stripe_subscription_id"
    | "stripe_customer_id"
    | "email"
    | "name"
    | "status"
    | "cancel_at_period_end"
    | "current_period_end"
    | "price_cents"
    | "plan_id"
  >
>;

/**
 * Identity (Stripe's ids, the client's email and name) fills in whenever it is missing; the
 * state (status, cancellation, period) only from an event newer than the last one applied, and
 * never out of canceled: a plan Stripe ended stays ended.
 */
async function applyToSubscription(
  deps: PlanEventDeps,
  id: string,
  created: number,
  change: SubscriptionChange,
) {
  const { db } = deps.database;
  const at = new Date((deps.now ?? Date.now)()).toISOString();
  const { stripe_subscription_id, stripe_customer_id, email, name, ...state } = change;
  await db.transaction().execute(async (trx) => {
    const identity = { stripe_subscription_id, stripe_customer_id, email, name };
    for (const [column, value] of Object.entries(identity))
      if (value)
        await trx
          .updateTable("plan_subscriptions")
          .set({ [column]: value, updated_at: at })
          .where("id", "=", id)
          .where(column as keyof typeof identity, "is", null)
          .execute();
    await ensurePlanLead(trx, id, { email, name }, (deps.now ?? Date.now)());
    // The checkout completing makes a pending subscription active (its first invoice is paid with it).
    const next = Object.keys(state).length > 0 ? state : { status: "active" as const };
    // The plan as it was, read under the row's lock: a racing event records a change once.
    await lockRows(deps.database, trx.selectFrom("plan_subscriptions").select("id").where("id", "=", id));
    const before = await trx
      .selectFrom("plan_subscriptions")
      .select(["plan_id", "lead_id"])
      .where("id", "=", id)
      .executeTakeFirst();
    let q = trx
      .updateTable("plan_subscriptions")
      .set({ ...next, stripe_event_at: created, updated_at: at })
      .where("id", "=", id)
      .where("stripe_event_at", "<=", created)
      .where("status", "!=", "canceled");
    if (Object.keys(state).length === 0) q = q.where("status", "=", "pending");
    const applied = Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
    if (applied && before && state.plan_id && state.plan_id !== before.plan_id)
      await recordPlanChange(trx, { ...before, to: state.plan_id, priceCents: state.price_cents }, created);
  });
}

/** A change of plan on the lead's timeline: from which plan to which, at what monthly price. */
async function recordPlanChange(
  trx: Executor,
  change: { lead_id: string | null; plan_id: string; to: string; priceCents?: number },
  created: number,
) {
  if (!change.lead_id) return;
  const names = new Map(
    (
      await trx
        .selectFrom("care_plans")
        .select(["id", "name"])
        .where("id", "in", [change.plan_id, change.to])
        .execute()
    ).map((p) => [p.id, p.name]),
  );
  const price = change.priceCents ? ` at ${formatCad(change.priceCents)} a month before tax` : "";
  await insertLeadActivity(
    trx,
    {
      lead_id: change.lead_id,
      kind: "plan-changed",
      body: `Care plan changed at Stripe from ${names.get(change.plan_id) ?? change.plan_id} to ${names.get(change.to) ?? change.to}${price}.`,
      actor_email: "system",
    },
    created * 1000,
  );
}

async function invoicePaid(
  deps: PlanEventDeps,
  sub: PlanSubscriptionTable,
  invoice: BillingInvoice,
  created: number,
) {
  const { db } = deps.database;
  const at = (deps.now ?? Date.now)();
  let counted: { leadId: string | null; amountCents: number } | undefined;
  // The plan this invoice billed (after a change of plan, the new one, whichever event came first).
  const product = invoice.lines.data[0]?.pricing?.price_details?.product;
  const billed = product ? await billedPlan(deps, { product }) : undefined;
  await db.transaction().execute(async (trx) => {
    const plan = await trx
      .selectFrom("care_plans")
      .select("name")
      .where("id", "=", billed ?? sub.plan_id)
      .executeTakeFirstOrThrow();
    await ensurePlanLead(trx, sub.id, { email: invoice.customer_email, name: invoice.customer_name }, at);
    // Read again in the transaction: the lead just created (or by a racing event) is the documents' lead.
    const current = await trx
      .selectFrom("plan_subscriptions")
      .selectAll()
      .where("id", "=", sub.id)
      .executeTakeFirstOrThrow();
    const issued =
      invoice.amount_paid > 0
        ? await recordPaidRenewal(trx, current, plan, invoice, { registration: deps.registration, at })
        : [];
    // Once: only the delivery that issued the documents counts the money in the funnel (after commit).
    if (issued.length > 0) counted = { leadId: current.lead_id, amountCents: invoice.amount_paid };
    // A paid invoice ends a past-due spell, unless a newer event said otherwise.
    await trx
      .updateTable("plan_subscriptions")
      .set({ status: "active", stripe_event_at: created, updated_at: new Date(at).toISOString() })
      .where("id", "=", sub.id)
      .where("status", "in", ["pending", "past_due", "incomplete"])
      .where("stripe_event_at", "<=", created)
      .execute();
  });
  if (counted) void deps.goals?.recordGoal({ name: "payment", ...counted });
}

async function invoiceFailed(
  deps: PlanEventDeps,
  sub: PlanSubscriptionTable,
  invoice: BillingInvoice,
  created: number,
) {
  const { db } = deps.database;
  const at = (deps.now ?? Date.now)();
  const iso = new Date(at).toISOString();
  await db.transaction().execute(async (trx) => {
    await ensurePlanLead(trx, sub.id, { email: invoice.customer_email, name: invoice.customer_name }, at);
    const row = await trx
      .insertInto("plan_renewals")
      .values({
        id: crypto.randomUUID(),
        subscription_id: sub.id,
        stripe_invoice_id: invoice.id,
        status: "failed",
        amount_cents: invoice.total,
        period_start: null,
        period_end: null,
        created_at: iso,
        updated_at: iso,
      })
      .onConflict((oc) => oc.column("stripe_invoice_id").doNothing())
      .returning("id")
      .executeTakeFirst();
    // Stripe's retries fail again with more events: the client is written to once per renewal.
    if (row)
      await enqueue(
        trx,
        [{ subjectType: RENEWAL_SUBJECT, subjectId: row.id, channel: RENEWAL_FAILED_EMAIL }],
        at,
        {
          once: true,
        },
      );
    await trx
      .updateTable("plan_subscriptions")
      .set({ status: "past_due", stripe_event_at: created, updated_at: iso })
      .where("id", "=", sub.id)
      .where("status", "in", ["active", "pending", "incomplete"])
      .where("stripe_event_at", "<", created)
      .execute();
  });
}
