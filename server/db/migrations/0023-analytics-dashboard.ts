import { sql, type Kysely } from "kysely";

/**
 * Indexes the back office's analytics dashboard reads by (server/analytics/dashboard.server.ts);
 * its queries at 10 million events are timed in reports/analytics.md.
 */
export async function up(db: Kysely<unknown>) {
  // Raw page views (today, days not rolled up yet) are read from this index alone, in time order.
  await db.schema
    .createIndex("analytics_events_pageviews")
    .on("analytics_events")
    .columns([
      "name",
      "created_at",
      "visit",
      "visitor",
      "entry",
      "path",
      "referrer_host",
      "utm_source",
      "utm_campaign",
      "demo_ref",
    ])
    .execute();
  // The funnel finds a lead's inquiry goal (its referrer) by lead; most events have no lead.
  await db.schema
    .createIndex("analytics_events_lead")
    .on("analytics_events")
    .columns(["lead_id", "name"])
    .where(sql.ref("lead_id"), "is not", null)
    .execute();
  // A range's rows of one dimension; the primary key starts with the bucket instead.
  await db.schema
    .createIndex("analytics_rollups_dimension")
    .on("analytics_rollups")
    .columns(["period", "dimension", "bucket"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const name of ["analytics_rollups_dimension", "analytics_events_lead", "analytics_events_pageviews"])
    await db.schema.dropIndex(name).execute();
}
