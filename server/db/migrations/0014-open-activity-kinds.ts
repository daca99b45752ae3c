import { PostgresAdapter, sql, type Kysely } from "kysely";

// The kinds the timeline may hold are listed once, in TypeScript (LeadActivityKind in ../schema.ts).
// A database-level list made every new feature (bookings, agreements, invoices, reminders) rebuild
// the SQLite table; the check now only bounds the value's shape.
const shapeCheck = sql`kind <> '' and length(kind) <= 40`;

export async function up(db: Kysely<unknown>) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table lead_activity drop constraint if exists lead_activity_kind_check`.execute(db);
    await sql`alter table lead_activity add constraint lead_activity_kind_check check (${shapeCheck})`.execute(
      db,
    );
    return;
  }
  // SQLite cannot alter a check: rebuild under the same name, rows kept (nothing references the table).
  await db.schema
    .createTable("lead_activity_next")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("inquiry_id", "text", (c) => c.notNull().references("inquiries.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(shapeCheck))
    .addColumn("from_status", "text")
    .addColumn("to_status", "text")
    .addColumn("body", "text")
    .addColumn("actor_email", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await sql`
    insert into lead_activity_next (id, inquiry_id, kind, from_status, to_status, body, actor_email, created_at)
    select id, inquiry_id, kind, from_status, to_status, body, actor_email, created_at from lead_activity
  `.execute(db);
  await db.schema.dropTable("lead_activity").execute();
  await db.schema.alterTable("lead_activity_next").renameTo("lead_activity").execute();
  await db.schema
    .createIndex("lead_activity_inquiry")
    .on("lead_activity")
    .columns(["inquiry_id", "created_at"])
    .execute();
}

// Going back keeps the shape check: rows of newer kinds would not satisfy the old list.
export async function down() {}
