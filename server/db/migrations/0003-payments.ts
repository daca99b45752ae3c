import { sql, type Kysely } from "kysely";

/**
 * Payments and the Stripe events already handled. A payment is stored pending
 * before any provider call; provider_session_id is unique so a webhook or the
 * success page can find exactly one row; payment_events makes each event id
 * count once.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("package", "text", (c) => c.notNull().check(sqlIn("package", ["basic", "pro"])))
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sqlIn("status", ["pending", "paid", "failed"])))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_session_id", "text", (c) => c.unique())
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("failure_reason", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("paid_at", "text")
    .addColumn("failed_at", "text")
    .execute();
  await db.schema
    .createIndex("payments_status_created_at")
    .on("payments")
    .columns(["status", "created_at"])
    .execute();

  await db.schema
    .createTable("payment_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("payment_events").execute();
  await db.schema.dropTable("payments").execute();
}

function sqlIn(column: string, values: string[]) {
  // Literal constants only (never user input), so building the list here is safe.
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);
}
