import { sql, type Kysely } from "kysely";

/**
 * The studio's own calendars that block booking slots (issue 40, decision 0048): a CalDAV
 * calendar or a read-only ICS address. What grants access (the address, user and app password;
 * an ICS address is itself the secret) is stored only sealed (AES-256-GCM under a key derived
 * from the root secret). Each row keeps its last good copy of busy times and how the last
 * reads went, so every process of a cluster serves the same copy and the back office and
 * /metrics can say when a source fails.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("calendar_sources")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('caldav', 'ics')`))
    // The owner's name for it ("Fastmail", "Family"), shown in the back office and on /metrics.
    .addColumn("label", "text", (c) => c.notNull())
    // The address's host only, to tell sources apart without unsealing them.
    .addColumn("host", "text", (c) => c.notNull())
    // "v1.<iv>.<tag>.<ciphertext>" (base64url) of the JSON { url, username?, password? }.
    .addColumn("sealed", "text", (c) => c.notNull())
    // JSON array of [start, end] (ms since the epoch): the last good copy of busy times.
    .addColumn("busy", "text", (c) => c.notNull().defaultTo("[]"))
    // When that copy was read (null: never read).
    .addColumn("fetched_at", "text")
    .addColumn("last_attempt_at", "text")
    // Since when reads fail (null while they succeed), and the last failure's reason (no secret in it).
    .addColumn("failing_since", "text")
    .addColumn("last_error", "text")
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("calendar_sources").execute();
}
