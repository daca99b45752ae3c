import type { Kysely } from "kysely";

/**
 * What the provider last said of each refund (decision 0038): Stripe answers a refund
 * `pending` and settles it later (`refund.updated`), or fails or cancels it with a reason.
 * The credit note waits for `succeeded`; `status` stays `requested` until then, holding the claim.
 * - provider_status: null until the provider answered; then succeeded, pending, failed or canceled.
 * - failure_reason: the provider's code when it failed or cancelled the refund (shown on the lead page).
 * The index serves the recovery job's scan of refunds still `requested`.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("refunds").addColumn("provider_status", "text").execute();
  await db.schema.alterTable("refunds").addColumn("failure_reason", "text").execute();
  await db.schema.createIndex("refunds_open").on("refunds").columns(["status", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("refunds_open").execute();
  await db.schema.alterTable("refunds").dropColumn("failure_reason").execute();
  await db.schema.alterTable("refunds").dropColumn("provider_status").execute();
}
