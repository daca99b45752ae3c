import type { Kysely } from "kysely";

/**
 * The built-in sandbox's play of Stripe Billing (issue 42): what Stripe would hold about a
 * care plan's subscription that our own tables do not, so the sandbox can renew it, fail it and
 * take a retry after a card update, across restarts and processes. One row per subscription the
 * sandbox's checkout completed; never written with a real Stripe account.
 * - period_start, period_end: the month being billed (ISO).
 * - cycle: how many invoices it has made (the next invoice's number).
 * - card_declines: the test card declines the next charge (set from the sandbox's portal page).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("sandbox_plans")
    .addColumn("subscription_id", "text", (c) => c.primaryKey())
    .addColumn("period_start", "text", (c) => c.notNull())
    .addColumn("period_end", "text", (c) => c.notNull())
    .addColumn("cycle", "integer", (c) => c.notNull())
    .addColumn("card_declines", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("sandbox_plans").execute();
}
