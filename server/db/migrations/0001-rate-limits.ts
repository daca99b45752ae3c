import type { Kysely } from "kysely";

// Per-client request counters live in the database so limits hold across processes.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_limits_expires_at").on("rate_limits").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("rate_limits").execute();
}
