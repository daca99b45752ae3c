import { INQUIRY_SUBJECT } from "../inquiries/notifications.server";
import { NEXT_STATUSES, type LeadContext } from "./lead-context.server";

/** Payments whose quote belongs to this lead (payments.lead_id, set with the quote's). */
export function leadPayments(ctx: LeadContext, id: string) {
  const { db } = ctx;
  return db
    .selectFrom("payments")
    .select([
      "id",
      "package",
      "kind",
      "quote_id",
      "amount_cents",
      "currency",
      "provider",
      "status",
      "refund_status",
      "refund_reason",
      "refunded_cents",
      "provider_session_id",
      "created_at",
      "paid_at",
    ])
    .where("lead_id", "=", id)
    .orderBy("created_at")
    .execute();
}

export async function get(ctx: LeadContext, id: string) {
  const { db } = ctx;
  const row = await db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  // The folded copy of the text is the index's, not something to show.
  const { search_text: _s, ...lead } = row;
  const [deliveries, activity, payments] = await Promise.all([
    db
      .selectFrom("outbox")
      .select([
        "id",
        "channel",
        "status",
        "attempts",
        "last_error",
        "next_attempt_at",
        "delivered_at",
        "created_at",
      ])
      .where("subject_type", "=", INQUIRY_SUBJECT)
      .where("subject_id", "=", id)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("lead_activity")
      .selectAll()
      .where("lead_id", "=", id)
      .orderBy("created_at", "desc")
      .orderBy("id")
      .execute(),
    leadPayments(ctx, id),
  ]);
  return { lead, deliveries, activity, payments, next: NEXT_STATUSES[lead.status] };
}
