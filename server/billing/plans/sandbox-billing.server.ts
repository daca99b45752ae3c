import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type Stripe from "stripe";

import { taxCodes, taxTotals, type Province } from "~/shared/taxes";

import type { AppDatabase } from "../../db/database.server";
import { startLeasedJob } from "../../jobs/lease.server";
import { errorKind, type Logger } from "../../logger.server";
import type { BillingApi } from "./billing-api";
import { sandboxTaxRate } from "./tax-rates.server";

export const SANDBOX_BILLING_PATH = "/billing/sandbox";
/** How long a sandbox portal session's link opens the page, as Stripe's last minutes. */
const PORTAL_SESSION_MS = 60 * 60_000;

type Deliver = (event: Stripe.Event) => Promise<boolean>;

/** The next month's same moment (Stripe bills by calendar month); the 31st becomes the month's last day. */
export function addMonth(iso: string) {
  const d = new Date(iso);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString();
}

const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** The sandbox's Products and Prices name the plan (and amount) they bill, as its tax rates do: no table. */
const sandboxProductId = (planId: string) => `sbx_prod_${planId}`;
const sandboxPriceId = (planId: string, cents: number) => `sbx_price_${planId}_${cents}`;
const SANDBOX_PRODUCT = /^sbx_prod_([a-z0-9-]{2,40})$/;

type Ctx = {
  db: AppDatabase["db"];
  now: () => number;
  registered: boolean;
  logger: Logger;
  siteUrl: string;
  linkKey: Buffer;
  emit: (type: string, object: object) => Promise<void>;
};

/** A subscription the sandbox made, with what it keeps of it (the month billed, the test card). */
function subscriptionRow(db: Ctx["db"], id: string) {
  return db
    .selectFrom("plan_subscriptions as s")
    .innerJoin("sandbox_plans as x", "x.subscription_id", "s.id")
    .select([
      "s.id",
      "s.plan_id",
      "s.province",
      "s.price_cents",
      "s.email",
      "s.name",
      "s.status",
      "s.cancel_at_period_end",
      "s.stripe_subscription_id",
      "s.stripe_customer_id",
      "x.period_start",
      "x.period_end",
      "x.cycle",
      "x.card_declines",
    ])
    .where("s.id", "=", id)
    .executeTakeFirst();
}
type Row = NonNullable<Awaited<ReturnType<typeof subscriptionRow>>>;

/** Stripe's objects as the sandbox makes them: an invoice of one month, and the subscription. */
function stripeObjects(registered: boolean) {
  // The plan's Product and Price as Stripe's would name them (plan-prices.server.ts): metadata plan_id.
  const price = (row: Pick<Row, "plan_id" | "price_cents">) => ({
    id: sandboxPriceId(row.plan_id, Number(row.price_cents)),
    object: "price",
    unit_amount: Number(row.price_cents),
    product: sandboxProductId(row.plan_id),
    metadata: { plan_id: row.plan_id },
  });

  function taxes(row: Pick<Row, "province" | "price_cents">) {
    if (!registered) return [];
    const province = row.province as Province;
    return taxTotals([{ amountCents: Number(row.price_cents), taxes: taxCodes }], province).map((t) => ({
      amount: t.cents,
      tax_rate_details: { tax_rate: sandboxTaxRate(t.code, province, t.basisPoints) },
    }));
  }

  function invoice(row: Row, cycle: number, start: string, end: string, paid: boolean) {
    const subtotal = Number(row.price_cents);
    const total_taxes = taxes(row);
    const total = subtotal + total_taxes.reduce((s, t) => s + t.amount, 0);
    return {
      id: `sbx_in_${row.id}_${cycle}`,
      object: "invoice",
      currency: "cad",
      customer: row.stripe_customer_id,
      customer_email: row.email,
      customer_name: row.name,
      subtotal,
      total,
      amount_paid: paid ? total : 0,
      total_taxes,
      parent: {
        subscription_details: {
          subscription: row.stripe_subscription_id,
          metadata: { plan_subscription_id: row.id },
        },
      },
      lines: {
        data: [
          {
            amount: subtotal,
            period: { start: unix(start), end: unix(end) },
            pricing: { price_details: { price: price(row).id, product: price(row).product } },
          },
        ],
      },
    };
  }

  function subscription(row: Row, status: string, periodEnd: string, cancelAtPeriodEnd: boolean) {
    return {
      id: row.stripe_subscription_id,
      object: "subscription",
      customer: row.stripe_customer_id,
      status,
      cancel_at_period_end: cancelAtPeriodEnd,
      metadata: { plan_subscription_id: row.id },
      items: {
        data: [{ current_period_end: unix(periodEnd), price: price(row) }],
      },
    };
  }

  return { invoice, subscription };
}

/** The visitor pays the test checkout (the pending subscription a sandbox checkout session opened). */
function subscribing(ctx: Ctx) {
  const { db, now, logger, emit } = ctx;
  const { invoice, subscription } = stripeObjects(ctx.registered);
  /** The pending subscription a sandbox checkout session opened, with its plan. */
  async function checkout(sessionId: string) {
    return db
      .selectFrom("plan_subscriptions as s")
      .innerJoin("care_plans as p", "p.id", "s.plan_id")
      .select(["s.id", "s.status", "s.province", "s.price_cents", "p.name as planName"])
      .where("s.checkout_session_id", "=", sessionId)
      .executeTakeFirst();
  }

  /**
   * The visitor pays the test checkout: Stripe's customer and subscription, the first month's
   * invoice paid, and the events Stripe sends for them. A second submit finds it done.
   */
  async function completeCheckout(sessionId: string, who: { email: string; name: string }) {
    const found = await checkout(sessionId);
    if (!found) return "not-found" as const;
    const start = new Date(now()).toISOString();
    const end = addMonth(start);
    const claimed = await db
      .insertInto("sandbox_plans")
      .values({
        subscription_id: found.id,
        period_start: start,
        period_end: end,
        cycle: 1,
        card_declines: 0,
        updated_at: start,
      })
      .onConflict((oc) => oc.column("subscription_id").doNothing())
      .returning("subscription_id")
      .executeTakeFirst();
    // A second submit (or a racing one) finds the month claimed: the first one emits.
    if (!claimed) return "done" as const;
    const ids = {
      stripe_subscription_id: `sbx_sub_${randomBytes(12).toString("hex")}`,
      stripe_customer_id: `sbx_cus_${randomBytes(12).toString("hex")}`,
    };
    await db.updateTable("plan_subscriptions").set(ids).where("id", "=", found.id).execute();
    await emit("checkout.session.completed", {
      id: sessionId,
      object: "checkout.session",
      mode: "subscription",
      status: "complete",
      subscription: ids.stripe_subscription_id,
      customer: ids.stripe_customer_id,
      customer_details: { email: who.email, name: who.name || null },
      metadata: { plan_subscription_id: found.id },
    });
    const row = (await subscriptionRow(db, found.id))!;
    // The first event filled the address in; the invoice carries it as Stripe's would.
    await emit(
      "invoice.paid",
      invoice({ ...row, email: who.email, name: who.name || null }, 1, start, end, true),
    );
    await emit("customer.subscription.updated", subscription(row, "active", end, false));
    logger.info({ planSubscriptionId: found.id }, "sandbox care plan subscribed");
    return "done" as const;
  }

  return { checkout, completeCheckout };
}

/** Each month after the first: renew (or fail, when the test card declines), or end. */
function billing(ctx: Ctx) {
  const { db, now, emit } = ctx;
  const { invoice, subscription } = stripeObjects(ctx.registered);
  /**
   * One month passes for this plan: Stripe ends it if it was cancelled at the period's end,
   * else bills the next month (declined when the test card says so). Only the caller that moves
   * the month (its `cycle`) emits, so the clock's job and a click racing bill once. `due`: only
   * a month already over (the clock's job); without it the month ends now (a tester's click).
   */
  async function renew(subscriptionId: string, { due = false } = {}) {
    const row = await subscriptionRow(db, subscriptionId);
    if (!row || row.status === "canceled" || row.status === "pending") return "nothing" as const;
    const at = new Date(now()).toISOString();
    if (due && row.period_end > at) return "nothing" as const;
    const cycle = Number(row.cycle);
    if (Number(row.cancel_at_period_end) === 1) {
      await emit("customer.subscription.deleted", subscription(row, "canceled", row.period_end, true));
      return "ended" as const;
    }
    const start = row.period_end;
    const end = addMonth(start);
    const moved = await db
      .updateTable("sandbox_plans")
      .set({ period_start: start, period_end: end, cycle: cycle + 1, updated_at: at })
      .where("subscription_id", "=", row.id)
      .where("cycle", "=", cycle)
      .$if(due, (q) => q.where("period_end", "<=", at))
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return "nothing" as const;
    const declined = Number(row.card_declines) === 1;
    await emit(
      declined ? "invoice.payment_failed" : "invoice.paid",
      invoice(row, cycle + 1, start, end, !declined),
    );
    await emit(
      "customer.subscription.updated",
      subscription(row, declined ? "past_due" : "active", end, false),
    );
    return declined ? ("failed" as const) : ("paid" as const);
  }

  /** The clock: every plan whose paid month is over is renewed (or ended). */
  async function renewDue() {
    const due = await db
      .selectFrom("sandbox_plans")
      .select("subscription_id")
      .where("period_end", "<=", new Date(now()).toISOString())
      .execute();
    let renewed = 0;
    for (const d of due) if ((await renew(d.subscription_id, { due: true })) !== "nothing") renewed++;
    return renewed;
  }

  return { renew, renewDue };
}

/** What the customer does in the test portal: a new card, a declining card, cancel, change plan. */
function portalActions(ctx: Ctx) {
  const { db, now, emit } = ctx;
  const { invoice, subscription } = stripeObjects(ctx.registered);

  /** A new card in the portal: it pays from now on, and Stripe retries the open invoice at once. */
  async function updateCard(subscriptionId: string) {
    const row = await subscriptionRow(db, subscriptionId);
    if (!row) return;
    await db
      .updateTable("sandbox_plans")
      .set({ card_declines: 0, updated_at: new Date(now()).toISOString() })
      .where("subscription_id", "=", row.id)
      .execute();
    if (row.status !== "past_due") return;
    await emit("invoice.paid", invoice(row, Number(row.cycle), row.period_start, row.period_end, true));
    await emit(
      "customer.subscription.updated",
      subscription(row, "active", row.period_end, Number(row.cancel_at_period_end) === 1),
    );
  }

  /** The test card declines every charge from now on (a tester's switch on the portal page). */
  async function declineCard(subscriptionId: string) {
    await db
      .updateTable("sandbox_plans")
      .set({ card_declines: 1, updated_at: new Date(now()).toISOString() })
      .where("subscription_id", "=", subscriptionId)
      .execute();
  }

  async function setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
    const row = await subscriptionRow(db, subscriptionId);
    if (!row || row.status === "canceled") return false;
    const status = row.status === "past_due" ? "past_due" : "active";
    await emit("customer.subscription.updated", subscription(row, status, row.period_end, cancel));
    return cancel;
  }

  /**
   * A change of plan in the portal, as Stripe's portal makes it with proration "none"
   * (decision 0060): the subscription's Price changes now, nothing is charged now, and the next
   * renewal bills the new plan. Only to a plan still sold.
   */
  async function changePlan(subscriptionId: string, planId: string) {
    const row = await subscriptionRow(db, subscriptionId);
    if (!row || row.status === "canceled") return "nothing" as const;
    const plan = await db
      .selectFrom("care_plans")
      .select(["id", "price_cents"])
      .where("id", "=", planId)
      .where("retired_at", "is", null)
      .executeTakeFirst();
    if (!plan) return "unknown-plan" as const;
    if (plan.id === row.plan_id) return "nothing" as const;
    const changed = { ...row, plan_id: plan.id, price_cents: plan.price_cents };
    const status = row.status === "past_due" ? "past_due" : "active";
    await emit(
      "customer.subscription.updated",
      subscription(changed, status, row.period_end, Number(row.cancel_at_period_end) === 1),
    );
    return "changed" as const;
  }

  return { updateCard, declineCard, setCancelAtPeriodEnd, changePlan };
}

/** The test portal's links: signed, lasting an hour, naming the customer and where to return. */
function portalLinks(ctx: Ctx) {
  const { db, now, linkKey } = ctx;
  // The portal session's link: customer, expiry and return path, signed.
  const mac = (payload: string) =>
    createHmac("sha256", linkKey).update(`sandbox-portal:${payload}`).digest("base64url");
  function portalToken(customer: string, returnUrl: string) {
    const payload = Buffer.from(JSON.stringify([customer, now() + PORTAL_SESSION_MS, returnUrl])).toString(
      "base64url",
    );
    return `${payload}.${mac(payload)}`;
  }
  /** The subscription and return address a portal link names, or null (not ours, expired, too long). */
  async function openPortal(token: string) {
    if (token.length > 1000) return null;
    const [payload, given] = token.split(".");
    if (!payload || !given) return null;
    const expected = Buffer.from(mac(payload));
    if (expected.length !== Buffer.from(given).length || !timingSafeEqual(expected, Buffer.from(given)))
      return null;
    const [customer, expires, returnUrl] = JSON.parse(Buffer.from(payload, "base64url").toString()) as [
      string,
      number,
      string,
    ];
    if (expires < now()) return null;
    const sub = await db
      .selectFrom("plan_subscriptions")
      .select("id")
      .where("stripe_customer_id", "=", customer)
      .executeTakeFirst();
    const row = sub && (await subscriptionRow(db, sub.id));
    return row ? { row, returnUrl } : null;
  }

  return { portalToken, openPortal };
}

/** The calls the care plans make of Stripe's client, answered by the sandbox. */
function billingApi(
  ctx: Ctx,
  portalToken: (customer: string, returnUrl: string) => string,
  setCancelAtPeriodEnd: (id: string, cancel: boolean) => Promise<boolean>,
): BillingApi {
  const { db, siteUrl } = ctx;
  return {
    owns: (stripeId) => stripeId.startsWith("sbx_"),
    checkout: {
      sessions: {
        async create() {
          const id = `sbx_cs_${randomBytes(18).toString("base64url")}`;
          return { id, url: `${siteUrl}${SANDBOX_BILLING_PATH}/checkout/${id}` };
        },
      },
    },
    billingPortal: {
      sessions: {
        async create(params) {
          const returnUrl = params.return_url ?? `${siteUrl}/`;
          return {
            url: `${siteUrl}${SANDBOX_BILLING_PATH}/portal/${portalToken(String(params.customer), returnUrl)}`,
          };
        },
      },
    },
    subscriptions: {
      async update(id, params) {
        const sub = await db
          .selectFrom("plan_subscriptions")
          .select("id")
          .where("stripe_subscription_id", "=", id)
          .executeTakeFirstOrThrow();
        return {
          cancel_at_period_end: await setCancelAtPeriodEnd(sub.id, params.cancel_at_period_end === true),
        };
      },
    },
    // The plans' Products and Prices: their ids name the plan (and amount), nothing to keep.
    products: {
      async retrieve(id) {
        const planId = SANDBOX_PRODUCT.exec(id)?.[1];
        const plan =
          planId &&
          (await db.selectFrom("care_plans").select("name").where("id", "=", planId).executeTakeFirst());
        if (!planId || !plan)
          throw Object.assign(new Error(`No such product: '${id}'`), {
            code: "resource_missing",
            statusCode: 404,
          });
        return { id, name: plan.name, metadata: { plan_id: planId } };
      },
      create: async (params) => ({ id: sandboxProductId(String(params.metadata?.plan_id)) }),
      update: async (id) => ({ id }),
    },
    prices: {
      async list(params) {
        const [, planId, cents] = (params.lookup_keys?.[0] ?? "").split(":");
        return { data: planId && cents ? [{ id: sandboxPriceId(planId, Number(cents)) }] : [] };
      },
      create: async (params) => ({
        id: sandboxPriceId(String(params.metadata?.plan_id), Number(params.unit_amount)),
      }),
    },
    taxRates: {
      async create(params) {
        return {
          id: sandboxTaxRate(
            String(params.metadata?.code),
            String(params.state),
            Math.round(params.percentage * 100),
          ),
        };
      },
    },
  };
}

/**
 * The built-in sandbox's play of Stripe Billing for care plans (issue 42): without a Stripe
 * account, the subscription checkout, each month's invoice (paid, or declined by the test
 * card), the retry after a card update, cancelling at the period's end and the plan ending.
 * It answers the calls the care plans make of Stripe's client (BillingApi) and delivers the
 * very events Stripe would, shaped as Stripe's, to the same handler (events.server.ts): the
 * documents, emails, states and figures come from the one path. No money moves; the
 * documents say TEST (their invoice ids start with `sbx_`). What Stripe would keep that our
 * tables do not (the billed month, the test card) is in `sandbox_plans` (migration 0040).
 */
export function createSandboxBilling(deps: {
  database: AppDatabase;
  logger: Logger;
  siteUrl: string;
  registered: boolean;
  /** Signs the portal pages' links, as Stripe's portal session URLs are bearer links. */
  linkKey: Buffer;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  let deliver: Deliver = async () => false;
  async function emit(type: string, object: object) {
    const event = {
      id: `evt_sbx_${randomBytes(12).toString("hex")}`,
      object: "event",
      type,
      created: Math.floor(now() / 1000),
      data: { object },
      livemode: false,
    } as unknown as Stripe.Event;
    await deliver(event);
  }
  const ctx: Ctx = { ...deps, db: deps.database.db, now, emit };
  const { checkout, completeCheckout } = subscribing(ctx);
  const { renew, renewDue } = billing(ctx);
  const { updateCard, declineCard, setCancelAtPeriodEnd, changePlan } = portalActions(ctx);
  const { portalToken, openPortal } = portalLinks(ctx);
  return {
    api: billingApi(ctx, portalToken, setCancelAtPeriodEnd),
    /** The handler the events go to (set once the care plans are built: they hold it). */
    connect(handler: Deliver) {
      deliver = handler;
    },
    checkout,
    completeCheckout,
    renew,
    renewDue,
    updateCard,
    declineCard,
    setCancelAtPeriodEnd,
    changePlan,
    /** The plans kept (retired ones named, never offered), for the test portal's change of plan. */
    plans: () =>
      ctx.db
        .selectFrom("care_plans")
        .select(["id", "name", "price_cents", "retired_at"])
        .orderBy("position")
        .execute(),
    openPortal,
  };
}

export type SandboxBilling = ReturnType<typeof createSandboxBilling>;

export const SANDBOX_RENEWAL_JOB = "sandbox-plan-renewals";

/** The sandbox's clock: every few minutes, the plans whose month is over renew (Stripe's own schedule, played here). */
export function startSandboxRenewalJob(
  { database, sandbox, logger }: { database: AppDatabase; sandbox: SandboxBilling; logger: Logger },
  options?: { timers?: boolean },
) {
  return startLeasedJob(
    {
      database,
      name: SANDBOX_RENEWAL_JOB,
      everyMs: 5 * 60_000,
      run: async () => void (await sandbox.renewDue()),
      onError: (err) =>
        logger.error({ job: SANDBOX_RENEWAL_JOB, error: errorKind(err) }, "sandbox plan renewals failed"),
    },
    options,
  );
}
