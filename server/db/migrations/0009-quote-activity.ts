import { PostgresAdapter, sql, type Kysely } from "kysely";

/** Every kind the lead timeline holds: the studio's own, then each step of a quote. */
export const LEAD_ACTIVITY_KINDS = [
  "status",
  "note",
  "retry",
  "quote-created",
  "quote-sent",
  "quote-viewed",
  "quote-accepted",
  "quote-deposit_paid",
  "quote-paid",
  "quote-expired",
  "quote-withdrawn",
  "quote-balance-requested",
] as const;

const OLD_KINDS = ["status", "note", "retry"] as const;

const kindCheck = (kinds: readonly string[]) => sql`kind in (${sql.join(kinds.map((k) => sql.lit(k)))})`;

/**
 * Quote changes join the studio's lead timeline (lead_activity), replacing
 * the stand-in quote_events table of 0006: its rows are copied over, then it
 * is dropped. PostgreSQL swaps the kind check in place; SQLite cannot alter a
 * check, so the table is rebuilt under the same name with its rows kept.
 */
export async function up(db: Kysely<unknown>) {
  await setKinds(db, LEAD_ACTIVITY_KINDS);
  // quote_events.kind already uses these names (quote-sent, …); "lead-status" rows are the stand-in's
  // record of a pipeline move the lead's status never made, so they are not carried over.
  await sql`
    insert into lead_activity (id, inquiry_id, kind, from_status, to_status, body, actor_email, created_at)
    select id, inquiry_id, kind, null, null, detail, actor, created_at from quote_events
    where kind in (${sql.join(LEAD_ACTIVITY_KINDS.filter((k) => k.startsWith("quote-")).map((k) => sql.lit(k)))})
  `.execute(db);
  await db.schema.dropTable("quote_events").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema
    .createTable("quote_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("inquiry_id", "text", (c) => c.notNull().references("inquiries.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("quote_events_inquiry")
    .on("quote_events")
    .columns(["inquiry_id", "created_at"])
    .execute();
  await sql`
    insert into quote_events (id, inquiry_id, kind, detail, actor, created_at)
    select id, inquiry_id, kind, coalesce(body, ''), actor_email, created_at from lead_activity where kind like 'quote-%'
  `.execute(db);
  await sql`delete from lead_activity where kind like 'quote-%'`.execute(db);
  await setKinds(db, OLD_KINDS);
}

async function setKinds(db: Kysely<unknown>, kinds: readonly string[]) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // The check 0005 declared inline got PostgreSQL's default name.
    await sql`alter table lead_activity drop constraint if exists lead_activity_kind_check`.execute(db);
    await sql`alter table lead_activity add constraint lead_activity_kind_check check (${kindCheck(kinds)})`.execute(
      db,
    );
    return;
  }
  // Nothing references lead_activity, so it can be rebuilt with foreign keys on.
  await db.schema
    .createTable("lead_activity_next")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("inquiry_id", "text", (c) => c.notNull().references("inquiries.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(kindCheck(kinds)))
    .addColumn("from_status", "text")
    .addColumn("to_status", "text")
    .addColumn("body", "text")
    // Who: kept as text so the timeline still reads after the account is removed ('system' and 'client' too).
    .addColumn("actor_email", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await sql`
    insert into lead_activity_next (id, inquiry_id, kind, from_status, to_status, body, actor_email, created_at)
    select id, inquiry_id, kind, from_status, to_status, body, actor_email, created_at from lead_activity
    where kind in (${sql.join(kinds.map((k) => sql.lit(k)))})
  `.execute(db);
  await db.schema.dropTable("lead_activity").execute();
  await db.schema.alterTable("lead_activity_next").renameTo("lead_activity").execute();
  await db.schema
    .createIndex("lead_activity_inquiry")
    .on("lead_activity")
    .columns(["inquiry_id", "created_at"])
    .execute();
}
