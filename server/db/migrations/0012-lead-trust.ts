import { PostgresAdapter, sql, type Kysely } from "kysely";

import { foldForSearch } from "../search-text";
import { PG_SEARCH_VECTOR, SEARCH_TEXT } from "./0008-lead-sources";

/**
 * Three things a lead needs to be trusted:
 *
 * - Quarantine: suspected spam (honeypot filled, sent too fast) is stored with
 *   its reason in `quarantine_reason` instead of being dropped; the inbox shows
 *   only rows where it is null, the Spam view the others.
 * - Acknowledgements: at most one per recipient address and day, shared by every
 *   process; `acknowledgements` holds a digest of the address, never the address.
 * - Search that agrees on both databases: `search_text` is the searchable text
 *   folded in TypeScript (no accents, lower case; ../search-text.ts), written with
 *   each lead. PostgreSQL's full-text index moves onto it (SQLite's FTS5 already
 *   folds accents with `remove_diacritics 2`); existing rows are backfilled here.
 */
export const PG_FOLDED_SEARCH_VECTOR =
  "to_tsvector('simple'::regconfig, regexp_replace(coalesce(search_text, ''), '[^[:alnum:]]+', ' ', 'g'))";

const BACKFILL_BATCH = 500;

export async function up(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable("inquiries").addColumn("quarantine_reason", "text").execute();
  await db.schema.alterTable("inquiries").addColumn("search_text", "text").execute();
  // The Spam view (newest first) and its 30-day purge: partial, so it holds only the few quarantined
  // rows and never tempts a planner for the inbox's "is null" (nearly every row).
  await sql`create index inquiries_quarantined on inquiries (created_at) where quarantine_reason is not null`.execute(
    db,
  );

  await db.schema
    .createTable("acknowledgements")
    .addColumn("recipient_digest", "text", (c) => c.notNull())
    // The UTC day (YYYY-MM-DD) the acknowledgement was queued.
    .addColumn("day", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("acknowledgements_pkey", ["recipient_digest", "day"])
    .execute();

  await backfillSearchText(db);
  if (postgres) {
    await sql`drop index if exists inquiries_search`.execute(db);
    await sql
      .raw(`create index inquiries_search_folded on inquiries using gin (${PG_FOLDED_SEARCH_VECTOR})`)
      .execute(db);
  }
}

/** Folds the searchable text of every lead stored before this migration, a batch at a time. */
async function backfillSearchText(db: Kysely<unknown>) {
  let after = "";
  for (;;) {
    const { rows } = await sql<{ id: string; text: string }>`
      select id, ${sql.raw(SEARCH_TEXT)} as text from inquiries where id > ${after} order by id limit ${BACKFILL_BATCH}
    `.execute(db);
    for (const row of rows)
      await sql`update inquiries set search_text = ${foldForSearch(row.text)} where id = ${row.id}`.execute(
        db,
      );
    if (rows.length < BACKFILL_BATCH) return;
    after = rows.at(-1)!.id;
  }
}

export async function down(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop index inquiries_search_folded`.execute(db);
    await sql.raw(`create index inquiries_search on inquiries using gin (${PG_SEARCH_VECTOR})`).execute(db);
  }
  await db.schema.dropTable("acknowledgements").execute();
  await db.schema.dropIndex("inquiries_quarantined").execute();
  await db.schema.alterTable("inquiries").dropColumn("search_text").execute();
  await db.schema.alterTable("inquiries").dropColumn("quarantine_reason").execute();
}
