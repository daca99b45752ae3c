import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { migrations } from "./migrations";
import type { Database } from "./schema";
import { type WalCheckpointer, type WalCheckpointerOptions, startWalCheckpointer } from "./wal-checkpointer.server";

export type DatabaseKind = "sqlite" | "postgres";

export type AppDatabase = {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** PostgreSQL schema in use when not the default one. */
  schema?: string;
  /** SQLite with background checkpoints: the worker, whose rounds tests await. */
  walCheckpointer?: Pick<WalCheckpointer, "nextRound">;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | {
      kind: "sqlite";
      path: string;
      /** Checkpoint the WAL on a worker thread (the server); off for tests and scripts. */
      backgroundCheckpoints?: boolean | WalCheckpointerOptions;
    }
  | { kind: "postgres"; url: string; /** Schema to use (tests isolate themselves this way). */ schema?: string; poolSize?: number };

export function databaseOptionsFromConfig(config: { DATABASE_URL?: string; DATABASE_PATH: string }): DatabaseOptions {
  return config.DATABASE_URL ? { kind: "postgres", url: config.DATABASE_URL } : { kind: "sqlite", path: config.DATABASE_PATH };
}

/** Opens SQLite (WAL) or PostgreSQL behind the same Kysely interface. Does not migrate. */
export function openDatabase(options: DatabaseOptions): AppDatabase {
  let db: Kysely<Database>;
  let checkpointer: WalCheckpointer | undefined;
  if (options.kind === "sqlite") {
    if (options.path !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(options.path)), { recursive: true });
    const sqlite = new SQLite(options.path);
    sqlite.pragma("journal_mode = WAL");
    // In WAL mode NORMAL is still safe against corruption and keeps every commit
    // atomic: a commit appends to the WAL without an fsync of its own, the WAL is
    // synced at each checkpoint. An OS crash or power cut (not a process crash)
    // can lose the commits since the last checkpoint; FULL would fsync every
    // inquiry for that.
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("foreign_keys = ON");
    if (options.backgroundCheckpoints && options.path !== ":memory:") {
      checkpointer = startWalCheckpointer(sqlite, options.path, options.backgroundCheckpoints === true ? {} : options.backgroundCheckpoints);
    }
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  } else {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // A dropped connection (e.g. a database restart) must not crash the process;
    // the pool replaces it and the next query reconnects.
    pool.on("error", () => {});
    // The pool only listens to idle clients. A client checked out (between the
    // statements of a transaction) when the server goes away emits "error" too,
    // which unheard would crash the process; its query fails instead, the request
    // answers 503, and the pool drops the dead client when it is released.
    pool.on("connect", (client) => client.on("error", () => {}));
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  return {
    db,
    kind: options.kind,
    schema: options.kind === "postgres" ? options.schema : undefined,
    walCheckpointer: checkpointer,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      // The worker's connection first, so the serving one closes last and SQLite folds the WAL back in.
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/** How many distinct SQL texts keep their prepared statement. */
export const STATEMENT_CACHE_SIZE = 200;

/**
 * Kysely's SQLite driver prepares every query afresh; SQLite's parse and plan
 * cost as much as running a small insert. The app issues a few dozen distinct
 * SQL texts (values are bound parameters), so each is prepared once and
 * reused. Safe on the one connection: better-sqlite3 runs a statement to
 * completion synchronously (only iterate() keeps one busy, and Kysely's
 * streaming is not used here), and SQLite re-prepares a cached statement
 * itself after a schema change. Past `size` texts (e.g. `in (?, ?, ...)` lists
 * of varying length) the least recently used is dropped.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(text: string) {
      let stmt = cache.get(text);
      if (stmt) {
        // Re-inserted below: a Map iterates in insertion order, so its first key is the least recently used.
        cache.delete(text);
      } else {
        stmt = sqlite.prepare(text);
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, stmt);
      return stmt;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}

/**
 * Brings the schema up to date; throws with the failing migration's name.
 * Safe when several processes start together on one database: on PostgreSQL
 * Kysely's migrator holds an advisory lock while it migrates; on SQLite it
 * takes none, so the whole run is one IMMEDIATE transaction, whose write lock
 * makes the others wait (busy_timeout) and then find nothing left to apply.
 */
export async function migrateToLatest({ db, schema, kind }: Pick<AppDatabase, "db" | "schema" | "kind">) {
  if (kind === "postgres") return runMigrator(db, schema);
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const results = await runMigrator(conn, schema);
      await sql`commit`.execute(conn);
      return results;
    } catch (e) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw e;
    }
  });
}

async function runMigrator(db: Kysely<Database>, schema: string | undefined) {
  // With a custom schema, the migration tables must live in it too, or Kysely
  // finds another schema's bookkeeping tables and skips creating its own.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
  return results ?? [];
}
