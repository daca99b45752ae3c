import type Stripe from "stripe";

import type { AppDatabase } from "../db/database.server";
import type { Logger } from "../logger.server";
import { describeError } from "./errors";
import type { PaymentService } from "./service.server";
import type { RefundState } from "./types";
import { handleEvent, type BillingEventHandler } from "./webhook-events.server";

export type WebhookAnswer = { status: 200 | 400 | 503; body: Record<string, unknown> };

/**
 * Stripe's webhook: the signature is checked on the raw bytes before anything
 * else; each event id is handled once (payment_events), and the event is
 * recorded only after it was handled, so a failure is retried by Stripe.
 * Concurrent deliveries of one event are safe because fulfil() is.
 */
export function createStripeWebhookHandler(deps: {
  stripe: Stripe;
  webhookSecret: string | undefined;
  database: AppDatabase;
  service: PaymentService;
  logger: Logger;
  /** A refund moved on at Stripe (refund.updated, refund.failed): true when it was one of ours (server/billing/refunds.server.ts). */
  onRefundUpdate?: RefundUpdateHandler;
  /** A charge refunded whole at Stripe (its dashboard): settles a flagged payment's refund (server/billing/refunds.server.ts). */
  onChargeRefunded?: ChargeRefundedHandler;
  onBillingEvent?: BillingEventHandler;
}) {
  const { stripe, webhookSecret, database, logger } = deps;
  const { db } = database;

  return async function handleWebhook(
    rawBody: Uint8Array,
    signature: string | undefined,
  ): Promise<WebhookAnswer> {
    if (!webhookSecret) {
      logger.error("Stripe webhook received but STRIPE_WEBHOOK_SECRET is not set: refused");
      return { status: 503, body: { error: "Webhook is not configured." } };
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(Buffer.from(rawBody), signature ?? "", webhookSecret);
    } catch (err) {
      logger.warn({ error: describeError(err) }, "Stripe webhook with a bad signature: refused");
      return { status: 400, body: { error: "Invalid signature." } };
    }

    if (!isWellFormed(event)) {
      // Signed, so from Stripe (or someone holding our secret): refuse, do not crash, so a retry can be looked at.
      logger.warn("Stripe webhook with a malformed event: refused");
      return { status: 400, body: { error: "Malformed event." } };
    }
    const seen = await db
      .selectFrom("payment_events")
      .select("id")
      .where("id", "=", event.id)
      .executeTakeFirst();
    if (seen) {
      logger.info({ eventId: event.id, type: event.type }, "Stripe event already handled");
      return { status: 200, body: { received: true, duplicate: true } };
    }

    await handleEvent(deps, event);

    await db
      .insertInto("payment_events")
      .values({ id: event.id, type: event.type, received_at: new Date().toISOString() })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    return { status: 200, body: { received: true } };
  };
}

export type StripeWebhookHandler = ReturnType<typeof createStripeWebhookHandler>;

/** `ourId`: the refund's id we sent as metadata (absent on refunds made in Stripe's dashboard). */
export type ChargeRefundedHandler = (match: { paymentId?: string; paymentRef?: string }) => Promise<boolean>;
export type RefundUpdateHandler = (update: RefundState & { ourId: string | null }) => Promise<boolean>;

const STRIPE_ID = /^[A-Za-z0-9_-]{1,255}$/;
const EVENT_TYPE = /^[a-z0-9_.]{1,100}$/;
const SESSION_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);
const REFUND_EVENTS = new Set(["refund.updated", "refund.failed"]);
const REFUND_STATUSES = new Set(["pending", "requires_action", "succeeded", "failed", "canceled"]);

/**
 * The shape this handler relies on. Stripe's SDK only parses the JSON, so a
 * signed body with an odd shape must not reach the database as is.
 */
function isWellFormed(event: unknown): boolean {
  if (!event || typeof event !== "object" || Array.isArray(event)) return false;
  const e = event as { id?: unknown; type?: unknown; data?: unknown };
  // Stripe's ids and event types are plain ASCII words; anything else (NUL, which PostgreSQL cannot store) is refused.
  if (typeof e.id !== "string" || !STRIPE_ID.test(e.id)) return false;
  if (typeof e.type !== "string" || !EVENT_TYPE.test(e.type)) return false;
  if (!SESSION_EVENTS.has(e.type) && !REFUND_EVENTS.has(e.type) && e.type !== "charge.refunded") return true;
  const object = (e.data as { object?: unknown } | null | undefined)?.object;
  if (!object || typeof object !== "object" || Array.isArray(object)) return false;
  if (REFUND_EVENTS.has(e.type)) {
    const r = object as { id?: unknown; status?: unknown; failure_reason?: unknown; metadata?: unknown };
    if (typeof r.id !== "string" || !STRIPE_ID.test(r.id)) return false;
    if (typeof r.status !== "string" || !REFUND_STATUSES.has(r.status)) return false;
    // Stripe's reasons are short codes (lost_or_stolen_card, expired_or_canceled_card...): shown to the studio, so bounded.
    if (
      r.failure_reason != null &&
      !(typeof r.failure_reason === "string" && EVENT_TYPE.test(r.failure_reason))
    )
      return false;
    if (r.metadata != null && (typeof r.metadata !== "object" || Array.isArray(r.metadata))) return false;
    const ours = (r.metadata as { refund_id?: unknown } | null | undefined)?.refund_id;
    return ours == null || (typeof ours === "string" && STRIPE_ID.test(ours) && ours.length <= 80);
  }
  if (e.type === "charge.refunded") {
    const c = object as { refunded?: unknown; payment_intent?: unknown; metadata?: unknown };
    if (typeof c.refunded !== "boolean") return false;
    if (
      c.payment_intent != null &&
      !(typeof c.payment_intent === "string" && STRIPE_ID.test(c.payment_intent))
    )
      return false;
    if (c.metadata != null && (typeof c.metadata !== "object" || Array.isArray(c.metadata))) return false;
    const pid = (c.metadata as { payment_id?: unknown } | null | undefined)?.payment_id;
    return pid == null || (typeof pid === "string" && pid.length <= 64);
  }
  const s = object as {
    id?: unknown;
    amount_total?: unknown;
    currency?: unknown;
    payment_status?: unknown;
    metadata?: unknown;
    payment_intent?: unknown;
  };
  if (typeof s.id !== "string" || !STRIPE_ID.test(s.id)) return false;
  if (s.amount_total != null && typeof s.amount_total !== "number") return false;
  if (s.currency != null && typeof s.currency !== "string") return false;
  if (s.payment_status != null && typeof s.payment_status !== "string") return false;
  if (s.metadata != null && (typeof s.metadata !== "object" || Array.isArray(s.metadata))) return false;
  if (s.payment_intent != null && !(typeof s.payment_intent === "string" && STRIPE_ID.test(s.payment_intent)))
    return false;
  return true;
}
