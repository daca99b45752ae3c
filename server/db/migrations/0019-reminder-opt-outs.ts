import type { Kysely } from "kysely";

// People who asked for no more reminders (server/reminders): a keyed digest of the address, never the address.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("reminder_opt_outs")
    .addColumn("recipient_digest", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("reminder_opt_outs").execute();
}
