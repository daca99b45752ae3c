import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Cookieless analytics (docs/product.md "Analytics"): raw events for 90 days,
 * hourly and daily roll-ups for ever, and the day's salt for visitor hashes.
 * No address or user agent is stored: only a keyed hash that changes daily.
 */
export async function up(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable("analytics_salts")
    // UTC day, YYYY-MM-DD; a day's salt is deleted once the day is over, so hashes cannot be linked across days.
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("salt", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  // The busiest write path: an integer key keeps 10 million rows and their index small.
  await db.schema
    .createTable("analytics_events")
    .addColumn("id", postgres ? "bigserial" : "integer", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    // Hex of the first 16 bytes of SHA-256(salt of the day + address + user agent + site).
    .addColumn("visitor", "text", (c) => c.notNull())
    // A visit: the visitor's events with gaps under 30 minutes; the id of its first event's visitor+time.
    .addColumn("visit", "text", (c) => c.notNull())
    // 'pageview' or a goal: 'demo-cta', 'inquiry', 'booking', 'quote-viewed', 'quote-accepted', 'payment'.
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    // 1 for the first page view of a visit (its entry page).
    .addColumn("entry", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("referrer_host", "text")
    .addColumn("utm_source", "text")
    .addColumn("utm_medium", "text")
    .addColumn("utm_campaign", "text")
    // The demo banner's ?ref= value (which demo sent the visitor).
    .addColumn("demo_ref", "text")
    .addColumn("device", "text", (c) => c.notNull().check(sql`device in ('mobile', 'tablet', 'desktop')`))
    // Goals joined to money: the lead, and for 'payment' the amount settled in CAD cents.
    .addColumn("lead_id", "text")
    .addColumn("amount_cents", "integer")
    .execute();
  await db.schema
    .createIndex("analytics_events_created")
    .on("analytics_events")
    .columns(["created_at"])
    .execute();
  await db.schema
    .createIndex("analytics_events_visitor")
    .on("analytics_events")
    .columns(["visitor", "created_at"])
    .execute();

  await db.schema
    .createTable("analytics_rollups")
    // 'hour' or 'day'; bucket is the ISO start of the UTC hour or the Vancouver day (YYYY-MM-DD).
    .addColumn("period", "text", (c) => c.notNull().check(sql`period in ('hour', 'day')`))
    .addColumn("bucket", "text", (c) => c.notNull())
    // 'total', 'page', 'entry', 'referrer', 'campaign', 'demo', 'source', 'device', 'goal'; value '' for total.
    .addColumn("dimension", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("visitors", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("visits", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("pageviews", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("bounces", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("events", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("amount_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("analytics_rollups_pk", ["period", "bucket", "dimension", "value"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("analytics_rollups").execute();
  await db.schema.dropTable("analytics_events").execute();
  await db.schema.dropTable("analytics_salts").execute();
}
