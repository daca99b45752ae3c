import { sql, type Kysely } from "kysely";

/**
 * A quote's money tied to its state (docs/product.md#quotes):
 * - at most one open (pending) checkout per quote and stage, enforced by a
 *   partial unique index so racing requests on SQLite and PostgreSQL cannot
 *   both insert one; the checkout's own expiry and URL are kept for reuse;
 * - money that arrives for a quote no longer payable, or twice for a stage,
 *   is kept as paid with a refund state (needed, requested, refunded);
 * - a quote created from the back office carries the form's one-time key,
 *   so a double-clicked Create stores one draft.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("payments").addColumn("expires_at", "text").execute();
  await db.schema.alterTable("payments").addColumn("checkout_url", "text").execute();
  await db.schema
    .alterTable("payments")
    .addColumn("refund_status", "text", (c) =>
      c.check(sql`refund_status in ('needed', 'requested', 'refunded')`),
    )
    .execute();
  await db.schema.alterTable("payments").addColumn("refund_reason", "text").execute();
  /** The provider's payment (Stripe's payment_intent), which a refund names and charge.refunded reports. */
  await db.schema.alterTable("payments").addColumn("provider_payment_ref", "text").execute();
  await db.schema.alterTable("payments").addColumn("refund_id", "text").execute();
  await db.schema.alterTable("payments").addColumn("refunded_at", "text").execute();
  await db.schema
    .createIndex("payments_provider_payment_ref")
    .on("payments")
    .column("provider_payment_ref")
    .execute();

  // Earlier builds opened a checkout per click: keep the newest open one of each stage, close the rest
  // (a late payment on a closed one is still recorded, and flagged for a refund).
  const at = new Date().toISOString();
  await sql`
    update payments set status = 'failed', failure_reason = 'superseded by a newer checkout', failed_at = ${at}, updated_at = ${at}
    where status = 'pending' and quote_id is not null and exists (
      select 1 from payments newer where newer.status = 'pending' and newer.quote_id = payments.quote_id and newer.kind = payments.kind
        and (newer.created_at > payments.created_at or (newer.created_at = payments.created_at and newer.id > payments.id))
    )
  `.execute(db);
  await sql`create unique index payments_one_open_checkout on payments (quote_id, kind) where status = 'pending' and quote_id is not null`.execute(
    db,
  );

  await db.schema.alterTable("quotes").addColumn("request_key", "text").execute();
  await db.schema.createIndex("quotes_request_key").unique().on("quotes").column("request_key").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("quotes_request_key").execute();
  await db.schema.alterTable("quotes").dropColumn("request_key").execute();
  await db.schema.dropIndex("payments_one_open_checkout").execute();
  await db.schema.dropIndex("payments_provider_payment_ref").execute();
  for (const column of [
    "refunded_at",
    "refund_id",
    "provider_payment_ref",
    "refund_reason",
    "refund_status",
    "checkout_url",
    "expires_at",
  ]) {
    await db.schema.alterTable("payments").dropColumn(column).execute();
  }
}
