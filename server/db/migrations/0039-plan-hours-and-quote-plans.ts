import { sql, type Kysely } from "kysely";

/**
 * Hours of changes a care plan's client has used (issue 42): the studio logs each piece of
 * work against the subscription (the day it was done, in the studio's zone, and minutes); the
 * back office and the client's portal both sum the same rows for the month against the plan's
 * allowance. A row is the studio's record of its own work: it holds no personal data beyond
 * the short note the studio writes.
 *
 * A care plan on a quote (issue 42): the studio adds a plan to a quote as a recurring line
 * that starts when the balance is paid. `quote_care_plans` keeps the plan and its monthly
 * price as the quote states them (a later price change does not reach a quote, as for the
 * catalogue); `plan_subscriptions.quote_id` names the quote a subscription was started from.
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
  await db.schema
    .createTable("quote_care_plans")
    .addColumn("quote_id", "text", (c) => c.primaryKey())
    .addColumn("plan_id", "text", (c) => c.notNull())
    .addColumn("plan_name", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn("added_by", "text", (c) => c.notNull())
    .addColumn("added_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("plan_subscriptions").addColumn("quote_id", "text").execute();
  await db.schema
    .createIndex("plan_subscriptions_quote")
    .on("plan_subscriptions")
    .column("quote_id")
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("plan_subscriptions_quote").execute();
  await db.schema.alterTable("plan_subscriptions").dropColumn("quote_id").execute();
  await db.schema.dropTable("quote_care_plans").execute();
  await db.schema.dropTable("plan_hours").execute();
}
