import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Issue 40 and issue 37 item 1, for bookings and the studio's booking settings:
 *
 * - `visitor_name`, `email`: what the visitor typed with this booking. Emails, the manage page
 *   and its data use these, never the lead's stored name, so typing a client's address reveals
 *   nothing stored about it. Null on bookings made before (their pages and emails greet no one).
 * - `identity`: how the booker is known. 'typed' (an address typed into /book, proven by
 *   nothing) or 'client' (a client signed in by an emailed link: the client portal's seam).
 * - status 'no-show' (the visitor did not come), with `no_show_at`.
 * - booking_settings: `cutoff_minutes` (no moving or cancelling online inside it; default 12 h)
 *   and `video_link` (the call's address, in the emails, the page and the invitation).
 *
 * SQLite cannot alter a check: the bookings table is rebuilt under its name, rows kept
 * (nothing references it), its indexes made again with the same definitions.
 */
const STATUS_CHECK = sql`status in ('booked', 'held', 'no-show', 'cancelled')`;
const IDENTITY_CHECK = sql`identity in ('typed', 'client')`;

export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("booking_settings")
    .addColumn("cutoff_minutes", "integer", (c) =>
      c
        .notNull()
        .defaultTo(720)
        .check(sql`cutoff_minutes >= 0`),
    )
    .execute();
  await db.schema.alterTable("booking_settings").addColumn("video_link", "text").execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table bookings drop constraint if exists bookings_status_check`.execute(db);
    await sql`alter table bookings add constraint bookings_status_check check (${STATUS_CHECK})`.execute(db);
    await sql`alter table bookings add column visitor_name text, add column email text,
      add column identity text not null default 'typed' constraint bookings_identity_check check (${IDENTITY_CHECK}),
      add column no_show_at text`.execute(db);
    return;
  }
  await db.schema
    .createTable("bookings_next")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(STATUS_CHECK))
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("topic", "text", (c) => c.notNull())
    .addColumn("company", "text")
    .addColumn("manage_token_hash", "text", (c) => c.notNull().unique())
    .addColumn("rescheduled_from", "text")
    .addColumn("cancelled_at", "text")
    .addColumn("cancelled_by", "text")
    .addColumn("held_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("visitor_name", "text")
    .addColumn("email", "text")
    .addColumn("identity", "text", (c) => c.notNull().defaultTo("typed").check(IDENTITY_CHECK))
    .addColumn("no_show_at", "text")
    .execute();
  const columns = sql.raw(
    "id, lead_id, starts_at, ends_at, status, time_zone, topic, company, manage_token_hash, rescheduled_from, cancelled_at, cancelled_by, held_at, created_at, updated_at",
  );
  await sql`insert into bookings_next (${columns}) select ${columns} from bookings`.execute(db);
  await db.schema.dropTable("bookings").execute();
  await db.schema.alterTable("bookings_next").renameTo("bookings").execute();
  // 0015's indexes under their 0027 names; the partial index's predicate written as bookings match it.
  await sql`create unique index bookings_one_per_slot on bookings (starts_at) where status = 'booked'`.execute(
    db,
  );
  await db.schema.createIndex("bookings_lead").on("bookings").columns(["lead_id", "starts_at"]).execute();
}

// Going back keeps the new columns and statuses: rows marked no-show would not satisfy the old
// check, and SQLite drops no column a check names.
export async function down() {}
