import { sql, type Kysely } from "kysely";

/**
 * Hours of changes a care plan's client has used (issue 42): the studio logs each piece of
 * work against the subscription (the day it was done, in the studio's zone, and minutes); the
 * back office and the client's portal both sum the same rows for the month against the plan's
 * allowance. A row is the studio's record of its own work: it holds no personal data beyond
 * the short note the studio writes.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("plan_hours")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("subscription_id", "text", (c) => c.notNull())
    // YYYY-MM-DD in the studio's time zone: the month it counts against.
    .addColumn("worked_on", "text", (c) => c.notNull())
    .addColumn("minutes", "integer", (c) => c.notNull().check(sql`minutes > 0 and minutes <= 1440`))
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("plan_hours_subscription_day")
    .on("plan_hours")
    .columns(["subscription_id", "worked_on"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("plan_hours").execute();
}
