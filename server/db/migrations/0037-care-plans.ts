import { sql, type Kysely } from "kysely";

import { seedCarePlans } from "~/content/care-plans";

/**
 * Care plans (issue 42, decision 0055): monthly plans the studio keeps in the back office,
 * billed by Stripe Billing.
 * - care_plans: name, monthly price before tax (CAD cents), what is included (JSON), hours
 *   of changes a month; seeded from app/content/care-plans.ts. A retired plan is kept
 *   (subscriptions name it), only no longer sold.
 * - stripe_tax_rates: the Stripe tax rate created for each tax, province and rate of
 *   app/shared/taxes.ts, so the rates Stripe charges are the quotes' own.
 * - plan_subscriptions: one per checkout opened; Stripe's subscription once it exists. The
 *   `stripe_event_at` of the last subscription event applied keeps a late, older event from
 *   undoing a newer one.
 * - plan_renewals: one per Stripe invoice of a subscription (unique), paid or failed; a paid
 *   one has its invoice and receipt in money_documents (migration 0038).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("care_plans")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn("included", "text", (c) => c.notNull())
    .addColumn("change_hours", "integer", (c) => c.notNull().check(sql`change_hours >= 0`))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("retired_at", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  const at = new Date(0).toISOString();
  for (const [i, p] of seedCarePlans.entries())
    await sql`insert into care_plans (id, name, price_cents, included, change_hours, position, updated_at)
      values (${p.id}, ${p.name}, ${p.priceCents}, ${JSON.stringify(p.included)}, ${p.changeHours}, ${i}, ${at})`.execute(
      db,
    );

  await db.schema
    .createTable("stripe_tax_rates")
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("province", "text", (c) => c.notNull())
    .addColumn("basis_points", "integer", (c) => c.notNull())
    .addColumn("stripe_id", "text", (c) => c.notNull().unique())
    .addPrimaryKeyConstraint("stripe_tax_rates_pk", ["code", "province", "basis_points"])
    .execute();

  await db.schema
    .createTable("plan_subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("plan_id", "text", (c) => c.notNull())
    .addColumn("province", "text", (c) => c.notNull())
    // The monthly price before tax Stripe bills it at (the plan's when subscribed; a change of plan moves it): the MRR's figure.
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("lead_id", "text")
    .addColumn("checkout_session_id", "text", (c) => c.unique())
    .addColumn("stripe_subscription_id", "text", (c) => c.unique())
    .addColumn("stripe_customer_id", "text")
    .addColumn("email", "text")
    .addColumn("name", "text")
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('pending', 'active', 'past_due', 'canceled', 'incomplete')`),
    )
    .addColumn("cancel_at_period_end", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("current_period_end", "text")
    .addColumn("stripe_event_at", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("plan_subscriptions_lead").on("plan_subscriptions").column("lead_id").execute();

  await db.schema
    .createTable("plan_renewals")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("subscription_id", "text", (c) => c.notNull())
    .addColumn("stripe_invoice_id", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('paid', 'failed')`))
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("period_start", "text")
    .addColumn("period_end", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("plan_renewals_subscription")
    .on("plan_renewals")
    .column("subscription_id")
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("plan_renewals").execute();
  await db.schema.dropTable("plan_subscriptions").execute();
  await db.schema.dropTable("stripe_tax_rates").execute();
  await db.schema.dropTable("care_plans").execute();
}
