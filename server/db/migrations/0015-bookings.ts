import { sql, type Kysely } from "kysely";

/**
 * Discovery calls booked from /book (docs/product.md "Booking"): the studio's
 * availability, each booking tied to its lead, and the private calendar feeds.
 * Instants are ISO 8601 UTC text; weekly hours are Vancouver wall-clock times.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("booking_settings")
    // One row, id 'default': the studio's availability.
    .addColumn("id", "text", (c) => c.primaryKey())
    // JSON: { "mon": [["09:00","17:00"]], ..., "sun": [] } in America/Vancouver wall-clock time.
    .addColumn("weekly_hours", "text", (c) => c.notNull())
    // JSON array of Vancouver dates (YYYY-MM-DD) with no calls.
    .addColumn("days_off", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("min_notice_minutes", "integer", (c) => c.notNull().check(sql`min_notice_minutes >= 0`))
    .addColumn("buffer_minutes", "integer", (c) => c.notNull().check(sql`buffer_minutes >= 0`))
    .addColumn("daily_max", "integer", (c) => c.notNull().check(sql`daily_max >= 1`))
    .addColumn("updated_by", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("bookings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("inquiry_id", "text", (c) => c.notNull().references("inquiries.id").onDelete("cascade"))
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('booked', 'held', 'cancelled')`))
    // The IANA zone the visitor chose on the page, for their emails and invitation.
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("topic", "text", (c) => c.notNull())
    .addColumn("company", "text")
    // SHA-256 (hex) of the visitor's reschedule/cancel link token; the token itself is only in their email.
    .addColumn("manage_token_hash", "text", (c) => c.notNull().unique())
    // The booking this one replaced when the visitor rescheduled.
    .addColumn("rescheduled_from", "text")
    .addColumn("cancelled_at", "text")
    // 'visitor', 'studio:<email>' or 'system'.
    .addColumn("cancelled_by", "text")
    .addColumn("held_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // One live booking per start instant, whatever the number of processes: the race is settled by the index.
  await sql`create unique index bookings_one_per_slot on bookings (starts_at) where status = 'booked'`.execute(
    db,
  );
  await db.schema
    .createIndex("bookings_inquiry")
    .on("bookings")
    .columns(["inquiry_id", "starts_at"])
    .execute();

  await db.schema
    .createTable("calendar_feeds")
    .addColumn("id", "text", (c) => c.primaryKey())
    // SHA-256 (hex) of the secret in the feed URL.
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text")
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("calendar_feeds").execute();
  await db.schema.dropTable("bookings").execute();
  await db.schema.dropTable("booking_settings").execute();
}
