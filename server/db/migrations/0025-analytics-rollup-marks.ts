import { sql, type Kysely } from "kysely";

/**
 * How far each roll-up bucket has been counted (server/analytics/rollup.server.ts): the
 * dashboard adds only the raw events after `through`, so today's figures come from the
 * roll-up the job rewrites every minute plus a minute of raw events, not from a day of them.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("analytics_rollup_marks")
    .addColumn("period", "text", (c) => c.notNull().check(sql`period in ('hour', 'day')`))
    .addColumn("bucket", "text", (c) => c.notNull())
    // ISO instant: the bucket's rows count every event created before it (the bucket's end once it is closed).
    .addColumn("through", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("analytics_rollup_marks_pk", ["period", "bucket"])
    .execute();
  // Buckets rolled up before marks existed were counted up to their last run, at most a minute ago;
  // the job's next pass rewrites the open ones with their true mark.
  const at = new Date().toISOString();
  await sql`insert into analytics_rollup_marks (period, bucket, through)
    select distinct period, bucket, ${at} from analytics_rollups where dimension = 'total'`.execute(db);
  // The dashboard no longer reads a day of raw page views, so their covering index (0023) only
  // slowed the busiest write path: every beacon wrote ten columns into it.
  await db.schema.dropIndex("analytics_events_pageviews").execute();
}

export async function down(db: Kysely<unknown>) {
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
  await db.schema.dropTable("analytics_rollup_marks").execute();
}
