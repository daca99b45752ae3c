import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";

import type { AppDatabase, DatabaseKind, Executor } from "./database.server";
import { PG_FOLDED_SEARCH_VECTOR } from "./migrations/0012-lead-trust";
import type { Database } from "./schema";

/**
 * Every difference between SQLite and PostgreSQL that code outside server/db/ depends on, each
 * named for what it does (decision 0043). ESLint refuses reading the database's kind anywhere
 * else, so business code asks for a behaviour here instead of forking on the engine. Migrations
 * keep their own forks: they are history, run once.
 */
type Engine = Pick<AppDatabase, "kind">;

// `database.kind` is read here and only here (eslint.config.js).
/** The engine's name, for logs and for adapters that take it (better-auth's Kysely adapter). */
export function engineName(database: Engine): DatabaseKind {
  return database.kind;
}

/**
 * One writer at a time: SQLite's single write lock, so writes queue for shared commits (group
 * commit) and one batch is written at a time; PostgreSQL runs transactions side by side.
 */
export function oneWriter(database: Engine): boolean {
  return database.kind === "sqlite";
}

/**
 * Waits, inside `trx`, for every other transaction serialised on `key` to end. PostgreSQL: a
 * transaction-scoped advisory lock. SQLite: nothing to do, a write transaction begins IMMEDIATE
 * and holds the one write lock until it ends (database.server.ts).
 */
export async function serialiseOn(database: Engine, trx: Executor, key: number) {
  if (database.kind === "postgres") await sql`select pg_advisory_xact_lock(${sql.lit(key)})`.execute(trx);
}

/** Locks the rows `query` selects until the transaction ends (PostgreSQL FOR UPDATE; SQLite's transaction already holds the write lock). */
export async function lockRows<DB, TB extends keyof DB, O>(
  database: Engine,
  query: SelectQueryBuilder<DB, TB, O>,
) {
  if (database.kind === "postgres") await query.forUpdate().execute();
}

/** Rows another worker is claiming right now are skipped, not waited for (PostgreSQL; SQLite has one writer). */
export function skippingClaimed<DB, TB extends keyof DB, O>(
  database: Engine,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return database.kind === "postgres" ? query.forUpdate().skipLocked() : query;
}

/** A boolean column's value as written: PostgreSQL's boolean, SQLite's 0 or 1. */
export function sqlBoolean(database: Engine, value: boolean): boolean | number {
  return database.kind === "postgres" ? value : Number(value);
}

/**
 * Runs `work` inside `trx` so that its failure leaves the transaction usable: PostgreSQL aborts a
 * transaction at a failed statement unless a savepoint is rolled back to; SQLite undoes the failed
 * statement alone. The failure is still thrown.
 */
export async function survivable<T>(database: Engine, trx: Executor, name: string, work: () => Promise<T>) {
  if (database.kind !== "postgres") return work();
  await sql`savepoint ${sql.id(name)}`.execute(trx);
  try {
    const value = await work();
    await sql`release ${sql.id(name)}`.execute(trx);
    return value;
  } catch (error) {
    await sql`rollback to ${sql.id(name)}`.execute(trx);
    throw error;
  }
}

/** A JSON array of the given SQL expressions. */
export function jsonArray(database: Engine, items: readonly RawBuilder<unknown>[]) {
  return sql<
    (string | number)[]
  >`${sql.raw(database.kind === "postgres" ? "json_build_array" : "json_array")}(${sql.join(items)})`;
}

/** SQLite FTS5 query: every word, each as a quoted prefix (no operator of the visitor's gets through). */
const ftsQuery = (terms: string[]) => terms.map((t) => `"${t}"*`).join(" ");

/**
 * Leads whose text matches every term by word prefix (terms already folded, foldForSearch):
 * SQLite's FTS5 table, PostgreSQL's GIN index (migrations 0008, 0012). `dense` (SQLite): many
 * matches, so `+rowid` keeps SQLite off the rowid plan; it walks the order's index and checks
 * each lead against the matches, stopping at a page's worth.
 */
export function leadsMatching(database: Engine, terms: string[], dense: boolean) {
  if (database.kind === "postgres")
    return sql<SqlBool>`${sql.raw(PG_FOLDED_SEARCH_VECTOR)} @@ to_tsquery('simple', ${terms.map((t) => `${t}:*`).join(" & ")})`;
  return sql<SqlBool>`${sql.raw(dense ? "+leads.rowid" : "leads.rowid")} in (select rowid from leads_fts where leads_fts match ${ftsQuery(terms)})`;
}

/**
 * How many leads match, counted up to `limit`, where the count chooses a plan (SQLite's FTS5);
 * undefined on PostgreSQL, whose planner chooses for itself.
 */
export async function leadMatchesUpTo(
  database: Engine & Pick<AppDatabase, "db">,
  terms: string[],
  limit: number,
) {
  if (database.kind === "postgres") return undefined;
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from (select rowid from leads_fts where leads_fts match ${ftsQuery(terms)} limit ${limit})`.execute(
    database.db,
  );
  return Number(rows[0]?.n);
}

/** Each visitor's latest analytics event since `since`: one row per visitor, off the (visitor, created_at) index. */
export function latestEventPerVisitor(
  database: Engine,
  trx: Kysely<Database>,
  visitors: string[],
  since: string,
) {
  type Row = { visitor: string; visit: string; created_at: string };
  const query =
    database.kind === "postgres"
      ? sql<Row>`select distinct on (visitor) visitor, visit, created_at from analytics_events
        where visitor in (${sql.join(visitors)}) and created_at >= ${since} order by visitor, created_at desc`
      : // SQLite takes the bare columns from the row that holds the max().
        sql<Row>`select visitor, visit, max(created_at) as created_at from analytics_events
      where visitor in (${sql.join(visitors)}) and created_at >= ${since} group by visitor`;
  return query.execute(trx).then((r) => r.rows);
}
