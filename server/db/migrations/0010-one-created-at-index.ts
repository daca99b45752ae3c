import type { Kysely } from "kysely";

/**
 * Each stored inquiry updates every index on its table. `inquiries_created_at`
 * (0002) is a prefix of `inquiries_created_at_id` (0005), which serves the same
 * orders and ranges; dropping it saves a B-tree write per inquiry (decision 0021).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.dropIndex("inquiries_created_at").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.createIndex("inquiries_created_at").on("inquiries").column("created_at").execute();
}
