import { PostgresAdapter, sql, type Kysely } from "kysely";

import { SIGNED_QUOTE_COLUMNS, SIGNED_QUOTE_MESSAGE } from "./0018-agreements";

/**
 * Names say what they hold (decision 0040): the table `inquiries` holds the leads, and every
 * `inquiry_id` column names a lead. The table becomes `leads`, the columns `lead_id`, and the
 * indexes, constraints, triggers and the search index are renamed with them; no row changes.
 *
 * SQLite rewrites foreign keys, indexes and triggers on a rename itself; indexes have no
 * rename there, so each is made again under its new name from its (rewritten) definition.
 * Its FTS5 index names its content table in an option a rename does not touch: it is made
 * again over `leads` and rebuilt from it. PostgreSQL renames constraints and indexes in
 * place, and its trigger function, whose body names the column, is replaced.
 */
const LEAD_COLUMN_TABLES = [
  "payments",
  "quotes",
  "lead_activity",
  "bookings",
  "agreements",
  "refunds",
  "money_documents",
] as const;

type Names = { table: string; column: string; fts: string; rename: (name: string) => string };

const FORWARD: Names = {
  table: "leads",
  column: "lead_id",
  fts: "leads_fts",
  rename: (name) => name.replaceAll("inquiries", "leads").replaceAll("inquiry", "lead"),
};
const BACKWARD: Names = {
  table: "inquiries",
  column: "inquiry_id",
  fts: "inquiries_fts",
  // analytics_events_lead (0023) named a lead before this migration.
  rename: (name) =>
    name.startsWith("analytics_")
      ? name
      : name.replace(/^leads_/, "inquiries_").replace(/_lead(_|$)/, "_inquiry$1"),
};

export async function up(db: Kysely<unknown>) {
  await renameAll(db, { from: BACKWARD, to: FORWARD });
}

export async function down(db: Kysely<unknown>) {
  await renameAll(db, { from: FORWARD, to: BACKWARD });
}

async function renameAll(db: Kysely<unknown>, { from, to }: { from: Names; to: Names }) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (!postgres) await dropSqliteSearch(db, from.fts);
  await sql`alter table ${sql.id(from.table)} rename to ${sql.id(to.table)}`.execute(db);
  for (const table of LEAD_COLUMN_TABLES)
    await sql`alter table ${sql.id(table)} rename column ${sql.id(from.column)} to ${sql.id(to.column)}`.execute(
      db,
    );
  const isOld = (name: string) => to.rename(name) !== name;
  if (postgres) {
    const constraints = await sql<{ table: string; name: string }>`
      select cl.relname as "table", co.conname as name from pg_constraint co
      join pg_class cl on cl.oid = co.conrelid
      where cl.relnamespace = current_schema()::regnamespace`.execute(db);
    for (const c of constraints.rows.filter((c) => isOld(c.name)))
      await sql`alter table ${sql.id(c.table)} rename constraint ${sql.id(c.name)} to ${sql.id(to.rename(c.name))}`.execute(
        db,
      );
    const indexes = await sql<{ name: string }>`
      select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db);
    for (const i of indexes.rows.filter((i) => isOld(i.name)))
      await sql`alter index ${sql.id(i.name)} rename to ${sql.id(to.rename(i.name))}`.execute(db);
    await replaceSignedQuoteFunction(db, to.column);
    return;
  }
  const indexes = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master where type = 'index' and sql is not null`.execute(db);
  for (const i of indexes.rows.filter((i) => isOld(i.name))) {
    await sql`drop index ${sql.id(i.name)}`.execute(db);
    // The definition names the index once, first, quoted or not: the rest already names the new table and columns.
    const definition = i.sql.replace(
      /^(create\s+(?:unique\s+)?index\s+)("[^"]+"|\S+)/i,
      (_, head: string) => {
        return `${head}"${to.rename(i.name)}"`;
      },
    );
    await sql.raw(definition).execute(db);
  }
  await createSqliteSearch(db, to.table, to.fts);
}

/** The FTS5 index of 0008, over `table`'s searchable columns, and the triggers that keep it in step. */
async function createSqliteSearch(db: Kysely<unknown>, table: string, fts: string) {
  const cols = "first_name, last_name, email, company, message";
  const values = (row: "new" | "old") =>
    cols
      .split(", ")
      .map((c) => `${row}.${c}`)
      .join(", ");
  await sql
    .raw(
      `create virtual table ${fts} using fts5(${cols}, content='${table}', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${fts}_insert after insert on ${table} begin insert into ${fts}(rowid, ${cols}) values (new.rowid, ${values("new")}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${fts}_delete after delete on ${table} begin insert into ${fts}(${fts}, rowid, ${cols}) values ('delete', old.rowid, ${values("old")}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${fts}_update after update of ${cols} on ${table} begin insert into ${fts}(${fts}, rowid, ${cols}) values ('delete', old.rowid, ${values("old")}); insert into ${fts}(rowid, ${cols}) values (new.rowid, ${values("new")}); end`,
    )
    .execute(db);
  await sql.raw(`insert into ${fts}(${fts}) values ('rebuild')`).execute(db);
}

async function dropSqliteSearch(db: Kysely<unknown>, fts: string) {
  for (const t of ["insert", "delete", "update"]) await sql.raw(`drop trigger ${fts}_${t}`).execute(db);
  await sql.raw(`drop table ${fts}`).execute(db);
}

/** 0018's refusal to change a signed quote, naming the lead column by its new name. */
async function replaceSignedQuoteFunction(db: Kysely<unknown>, column: string) {
  const changed = SIGNED_QUOTE_COLUMNS.map((c) => (c === "inquiry_id" ? column : c))
    .map((c) => `new.${c} is distinct from old.${c}`)
    .join(" or ");
  await sql
    .raw(
      `create or replace function quotes_signed_content_fixed() returns trigger language plpgsql as $$
        begin
          if (${changed}) and exists (select 1 from agreements where quote_id = old.id) then
            raise exception '${SIGNED_QUOTE_MESSAGE}';
          end if;
          return new;
        end $$`,
    )
    .execute(db);
}
