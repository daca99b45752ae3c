import { sql, type Kysely } from "kysely";

/**
 * Inquiries (the leads) and a generic outbox of notifications to deliver.
 * An outbox row names what it is about (subject_type + subject_id, e.g.
 * inquiry/<id>, later payment/<id>) and the channel that delivers it, so a
 * stored lead and its pending notifications commit in one transaction.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("inquiries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("company", "text")
    .addColumn("project_type", "text", (c) => c.notNull())
    .addColumn("budget", "text")
    .addColumn("timeline", "text")
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("inquiries_created_at").on("inquiries").column("created_at").execute();

  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("subject_type", "text", (c) => c.notNull())
    .addColumn("subject_id", "text", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('pending', 'sending', 'delivered', 'failed')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("locked_by", "text")
    .addColumn("locked_until", "text")
    .addColumn("delivered_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    // One notification per subject and channel: enqueueing twice cannot send twice.
    .addUniqueConstraint("outbox_subject_channel", ["subject_type", "subject_id", "channel"])
    .execute();
  // The worker's claim query: due rows by status and time.
  await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("outbox").execute();
  await db.schema.dropTable("inquiries").execute();
}
