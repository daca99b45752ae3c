import type { AppDatabase } from "../db/database.server";
import type { LeadTimeline } from "../leads/timeline.server";
import type { Logger } from "../logger.server";
import type { OutboxTrigger } from "../outbox/outbox.server";
import type { RefundRequests } from "../payments/service.server";

export type RefundDeps = {
  database: AppDatabase;
  payments: Pick<RefundRequests, "refundPart" | "refundState">;
  timeline?: LeadTimeline;
  outbox?: OutboxTrigger;
  logger: Logger;
  now?: () => number;
};

/** What every refund verb works with (server/billing/refunds.server.ts composes them). */
export function refundContext({ database, payments, timeline, outbox, logger, now = Date.now }: RefundDeps) {
  return {
    db: database.db,
    payments,
    timeline,
    outbox,
    log: logger.child({ module: "refunds" }),
    now,
  };
}

export type RefundContext = ReturnType<typeof refundContext>;

/** The refund's key at the provider: its id, and for a flagged refund asked again after a failure, that failure's time. */
export function providerKey(row: { id: string; cause: string | null; settled_at: string | null }) {
  return row.cause && row.settled_at ? `${row.id}-${Date.parse(row.settled_at)}` : row.id;
}

/**
 * A refusal (Stripe's 4xx: invalid request, already refunded; or our own check before asking), not
 * a failure to hear back: a timeout, a lost connection or Stripe's 5xx may have made the refund.
 */
export function isRefusal(err: unknown) {
  const { type, statusCode } = (err ?? {}) as { type?: unknown; statusCode?: unknown };
  if (typeof type !== "string" || !type.startsWith("Stripe")) return true;
  return (
    typeof statusCode === "number" &&
    statusCode >= 400 &&
    statusCode < 500 &&
    statusCode !== 409 &&
    statusCode !== 429
  );
}
