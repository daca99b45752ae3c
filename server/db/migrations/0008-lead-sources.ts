import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Where a lead came from and the privacy notice it was sent under, plus what the
 * inbox needs to search and sort 100,000 leads quickly.
 *
 * `source` (0002) already means the transport (api/form), so the origin takes new
 * columns: the page the form was sent from, a `ref` slug and the UTM parameters.
 *
 * Search: SQLite keeps an FTS5 index over the searchable columns, with the inquiries
 * table as its external content (no second copy of the text), kept in step by
 * triggers and joined on the table's rowid (preserved by VACUUM's table copy; after
 * a restore that renumbered rows, `insert into inquiries_fts(inquiries_fts) values('rebuild')`).
 * PostgreSQL has a GIN index on the same words as a tsvector ('simple': no stemming),
 * built from text whose punctuation is turned into spaces, so both split
 * "ada@example.com" into the same words. server/leads/service.server.ts repeats the
 * expression exactly, so the planner uses the index.
 *
 * Sorting: keyset pages need an index per order; name, status and budget order by
 * expressions (lower case; pipeline and budget rank), indexed as such on both.
 */
export const SEARCH_TEXT =
  "coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(company, '') || ' ' || coalesce(message, '')";
export const STATUS_RANK =
  "(case status when 'new' then 0 when 'contacted' then 1 when 'quoted' then 2 when 'won' then 3 else 4 end)";
export const BUDGET_RANK =
  "(case budget when '220-340' then 1 when '340-500' then 2 when '500-1000' then 3 when '1000-2500' then 4 when '2500+' then 5 else 0 end)";
export const PG_SEARCH_VECTOR = `to_tsvector('simple'::regconfig, regexp_replace(${SEARCH_TEXT}, '[^[:alnum:]]+', ' ', 'g'))`;

export async function up(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const column of [
    "page",
    "ref",
    "utm_source",
    "utm_medium",
    "utm_campaign",
    "utm_term",
    "utm_content",
    "privacy_notice_version",
    "privacy_notice_at",
  ]) {
    await db.schema.alterTable("inquiries").addColumn(column, "text").execute();
  }
  // The inbox's source filter: one ref, newest first.
  await db.schema
    .createIndex("inquiries_ref_created_at")
    .on("inquiries")
    .columns(["ref", "created_at", "id"])
    .execute();
  // A lead's payments (lead page, privacy export and deletion).
  await db.schema.createIndex("payments_inquiry_id").on("payments").column("inquiry_id").execute();
  await sql`create index inquiries_name_order on inquiries (lower(last_name), lower(first_name), id)`.execute(
    db,
  );
  await sql
    .raw(`create index inquiries_status_order on inquiries (${STATUS_RANK}, created_at, id)`)
    .execute(db);
  await sql
    .raw(`create index inquiries_budget_order on inquiries (${BUDGET_RANK}, created_at, id)`)
    .execute(db);

  if (postgres) {
    await sql.raw(`create index inquiries_search on inquiries using gin (${PG_SEARCH_VECTOR})`).execute(db);
    return;
  }
  await sql`create virtual table inquiries_fts using fts5(first_name, last_name, email, company, message, content='inquiries', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`.execute(
    db,
  );
  const cols = "first_name, last_name, email, company, message";
  const values = (row: "new" | "old") =>
    cols
      .split(", ")
      .map((c) => `${row}.${c}`)
      .join(", ");
  await sql
    .raw(
      `create trigger inquiries_fts_insert after insert on inquiries begin insert into inquiries_fts(rowid, ${cols}) values (new.rowid, ${values("new")}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger inquiries_fts_delete after delete on inquiries begin insert into inquiries_fts(inquiries_fts, rowid, ${cols}) values ('delete', old.rowid, ${values("old")}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger inquiries_fts_update after update of ${cols} on inquiries begin insert into inquiries_fts(inquiries_fts, rowid, ${cols}) values ('delete', old.rowid, ${values("old")}); insert into inquiries_fts(rowid, ${cols}) values (new.rowid, ${values("new")}); end`,
    )
    .execute(db);
  // Leads stored before this migration.
  await sql`insert into inquiries_fts(inquiries_fts) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) await sql`drop index inquiries_search`.execute(db);
  else {
    for (const t of ["inquiries_fts_insert", "inquiries_fts_delete", "inquiries_fts_update"])
      await sql.raw(`drop trigger ${t}`).execute(db);
    await sql`drop table inquiries_fts`.execute(db);
  }
  for (const i of [
    "inquiries_budget_order",
    "inquiries_status_order",
    "inquiries_name_order",
    "payments_inquiry_id",
    "inquiries_ref_created_at",
  ])
    await db.schema.dropIndex(i).execute();
  for (const column of [
    "privacy_notice_at",
    "privacy_notice_version",
    "utm_content",
    "utm_term",
    "utm_campaign",
    "utm_medium",
    "utm_source",
    "ref",
    "page",
  ]) {
    await db.schema.alterTable("inquiries").dropColumn(column).execute();
  }
}
