import type { Kysely } from "kysely";

/**
 * When the success page last asked the provider about a pending payment, so
 * every process looks a session up at most once per interval however often
 * the page is loaded.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("payments").addColumn("last_checked_at", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("payments").dropColumn("last_checked_at").execute();
}
