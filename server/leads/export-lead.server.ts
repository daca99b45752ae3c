import type { Kysely } from "kysely";

import { parseLines, quoteReference } from "~/shared/quote-model";

import type { Database } from "../db/schema";
import { linked, type PrivacyContext } from "./privacy-context.server";

type Db = Kysely<Database>;

/** The lead's timeline, as the studio reads it. */
const activityOf = (db: Db, id: string) =>
  db
    .selectFrom("lead_activity")
    .select(["kind", "from_status", "to_status", "body", "actor_email", "created_at"])
    .where("lead_id", "=", id)
    .orderBy("created_at")
    .execute();

/** The emails about the lead: who got what, and how its delivery went. */
const notificationsOf = (emails: Awaited<ReturnType<typeof linked>>["emails"]) =>
  emails
    .select(["subject_type", "channel", "status", "attempts", "last_error", "created_at", "delivered_at"])
    .orderBy("created_at")
    .orderBy("channel")
    .execute();

const paymentsOf = (db: Db, paymentIds: string[]) =>
  paymentIds.length
    ? db
        .selectFrom("payments")
        .select(["package", "kind", "amount_cents", "currency", "status", "created_at", "paid_at"])
        .where("id", "in", paymentIds)
        .orderBy("created_at")
        .execute()
    : [];

const documentsOf = (db: Db, id: string) =>
  db
    .selectFrom("money_documents")
    .select(["kind", "number", "payment_kind", "amount_cents", "taxes", "buyer_name", "status", "issued_at"])
    .where("lead_id", "=", id)
    .orderBy("issued_at")
    .execute();

/** Everything but the hash of the visitor's manage link. */
const callsOf = (db: Db, id: string) =>
  db
    .selectFrom("bookings")
    .select([
      "starts_at",
      "ends_at",
      "status",
      "time_zone",
      "topic",
      "company",
      "rescheduled_from",
      "cancelled_at",
      "cancelled_by",
      "held_at",
      "created_at",
    ])
    .where("lead_id", "=", id)
    .orderBy("starts_at")
    .execute();

/** The refunds asked for the person, with the studio's reason for each. */
const refundsOf = (db: Db, id: string) =>
  db
    .selectFrom("refunds")
    .select([
      "amount_cents",
      "reason",
      "status",
      "provider_status",
      "failure_reason",
      "created_at",
      "settled_at",
    ])
    .where("lead_id", "=", id)
    .orderBy("created_at")
    .execute();

/** A person's data held about one lead, as one JSON document (PIPEDA / BC PIPA access); undefined when there is no such lead. */
export async function exportLead(ctx: PrivacyContext, id: string) {
  const { db, now } = ctx;
  const row = await db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  // search_text is a folded copy of fields the export already holds.
  const { search_text: _s, ...lead } = row;
  const { paymentIds, emails } = await linked(db, id);
  const [activity, quotes, notifications, payments, documents, agreements, calls, refunds] =
    await Promise.all([
      activityOf(db, id),
      // Everything but the token: the client's bearer link to pay does not belong in a file that gets passed around.
      db.selectFrom("quotes").selectAll().where("lead_id", "=", id).orderBy("created_at").execute(),
      notificationsOf(emails),
      paymentsOf(db, paymentIds),
      documentsOf(db, id),
      // The client's signatures: who signed, when, with what browser, and the content they signed.
      db.selectFrom("agreements").selectAll().where("lead_id", "=", id).orderBy("signed_at").execute(),
      callsOf(db, id),
      refundsOf(db, id),
    ]);
  return {
    exportedAt: new Date(now()).toISOString(),
    inquiry: lead,
    activity,
    quotes: quotes.map(({ token: _token, lines, ...q }) => ({
      ...q,
      reference: quoteReference(q.id),
      lines: parseLines({ lines }),
    })),
    notifications,
    payments,
    // Invoices and receipts issued to the person: kept after a deletion, as tax law requires (docs/product.md#invoices-and-receipts).
    documents,
    agreements: agreements.map(({ content, ...a }) => ({
      ...a,
      content: JSON.parse(content) as unknown,
    })),
    calls,
    refunds,
  };
}
