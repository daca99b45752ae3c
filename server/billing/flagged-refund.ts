import { sql } from "kysely";

import type { RefundReason, RefundStatus } from "../db/schema";

/**
 * A payment's flagged refund, read from its refund row (decision 0045) in any query over
 * `payments`: its state as pages name it (needed, requested, refunded) and its cause.
 * Null for a payment the studio keeps. A refund failed at the provider goes back to needed.
 */
export const flaggedRefundStatus = sql<RefundStatus | null>`(select case refunds.status when 'succeeded' then 'refunded' else refunds.status end from refunds where refunds.payment_id = payments.id and refunds.cause is not null)`;

export const flaggedRefundCause = sql<RefundReason | null>`(select refunds.cause from refunds where refunds.payment_id = payments.id and refunds.cause is not null)`;

/** A payment the studio keeps (not flagged to go back), for a `where` over `payments`. */
export const notFlagged = sql<boolean>`not exists (select 1 from refunds where refunds.payment_id = payments.id and refunds.cause is not null)`;
