import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  Migrator,
  sql,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type LogEvent,
  type SqliteDialectConfig,
  type Transaction,
  type TransactionSettings,
} from "kysely";
import pg from "pg";

import { migrations } from "./migrations";
import { OwnSchemaPostgresDialect } from "./own-schema-introspector.server";
import type { Database } from "./schema";
import {
  startWalCheckpointer,
  type WalCheckpointer,
  type WalCheckpointerOptions,
} from "./wal-checkpointer.server";

export type DatabaseKind = "sqlite" | "postgres";

/** Where a query runs: the database itself, or a transaction a caller has open (writes that must commit together). */
export type Executor = Kysely<Database> | Transaction<Database>;

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

/** Told the duration of every query (and whether it failed): the metrics' database time. */
export type QueryObserver = (seconds: number, failed: boolean) => void;

export type DatabaseOptions = (
  | {
      kind: "sqlite";
      path: string;
      /** Checkpoint the WAL on a worker thread (the server); off for tests and scripts. */
      backgroundCheckpoints?: boolean | WalCheckpointerOptions;
    }
  | {
      kind: "postgres";
      url: string;
      /** Schema to use (tests isolate themselves this way). */ schema?: string;
      poolSize?: number;
    }
) & { onQuery?: QueryObserver };

export function databaseOptionsFromConfig(config: {
  DATABASE_URL?: string;
  DATABASE_PATH: string;
}): DatabaseOptions {
  return config.DATABASE_URL
    ? { kind: "postgres", url: config.DATABASE_URL }
    : { kind: "sqlite", path: config.DATABASE_PATH };
}

/** Opens SQLite (WAL) or PostgreSQL behind the same Kysely interface. Does not migrate. */
export function openDatabase(options: DatabaseOptions): AppDatabase {
  let db: Kysely<Database>;
  // Kysely times each query itself and reports it to `log`: one call per query, no wrapper.
  const onQuery = options.onQuery;
  const log =
    onQuery && ((event: LogEvent) => onQuery(event.queryDurationMillis / 1000, event.level === "error"));
  let checkpointer: WalCheckpointer | undefined;
  if (options.kind === "sqlite") {
    if (options.path !== ":memory:")
      fs.mkdirSync(path.dirname(path.resolve(options.path)), { recursive: true });
    const sqlite = new SQLite(options.path);
    sqlite.pragma("journal_mode = WAL");
    // In WAL mode NORMAL is still safe against corruption and keeps every commit
    // atomic: a commit appends to the WAL without an fsync of its own, the WAL is
    // synced at each checkpoint. An OS crash or power cut (not a process crash)
    // can lose the commits since the last checkpoint; FULL would fsync every
    // inquiry for that.
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("foreign_keys = ON");
    // SQLite's own busy handler sleeps on the event loop (1, 2, 5, 10, 15, 20, 25 ms...):
    // a process waiting for the write lock stopped answering anything. It waits
    // asynchronously instead (WriteLockDriver), so SQLite returns BUSY at once.
    sqlite.pragma("busy_timeout = 0");
    if (options.backgroundCheckpoints && options.path !== ":memory:") {
      checkpointer = startWalCheckpointer(
        sqlite,
        options.path,
        options.backgroundCheckpoints === true ? {} : options.backgroundCheckpoints,
      );
    }
    db = new Kysely<Database>({
      dialect: new WriteLockSqliteDialect({ database: withStatementCache(sqlite) }, sqlite),
      log,
    });
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
    db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }), log });
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

/** How long a statement waits for SQLite's write lock before it fails (SQLITE_BUSY, answered 503). */
export const SQLITE_LOCK_WAIT_MS = 5_000;

function isBusy(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

/**
 * The wait before the next try for the write lock: the first few on the next turn of
 * the event loop (a transaction holds the lock for a fraction of a millisecond, and the
 * turn answers this process's other requests meanwhile), then a jittered, growing
 * sleep, so a long holder (a migration, a backup) is not polled in a tight loop.
 */
export function lockRetryDelay(attempt: number, waitedMs: number, random = Math.random) {
  if (attempt < 8 && waitedMs < 2) return 0;
  return 1 + Math.floor(random() * Math.min(2 ** Math.max(attempt - 6, 0), 10));
}

const nextTurn = (ms: number) =>
  new Promise<void>((resolve) => (ms === 0 ? setImmediate(resolve) : setTimeout(resolve, ms)));

/**
 * SQLite behind Kysely, waiting for the write lock off the event loop. The server is the
 * one process (decision 0043), but a script (npm run studio-user, a restore check) or the
 * WAL checkpointer may hold the lock a moment. Every transaction begins IMMEDIATE, taking
 * the lock before its first statement, so inside a transaction no statement meets BUSY
 * and nothing has to be redone; a BEGIN IMMEDIATE or a single statement outside a
 * transaction that finds the lock taken did nothing, and is simply tried again
 * (lockRetryDelay) until SQLITE_LOCK_WAIT_MS have passed. A BUSY inside a transaction
 * (only a deferred "begin" written by hand could get one) is thrown as before, and
 * Kysely rolls back.
 */
class WriteLockSqliteDialect extends SqliteDialect {
  readonly #sqlite: SQLite.Database;
  constructor(config: SqliteDialectConfig, sqlite: SQLite.Database) {
    super(config);
    this.#sqlite = sqlite;
  }
  override createDriver(): Driver {
    return writeLockDriver(super.createDriver(), this.#sqlite);
  }
}

function writeLockDriver(inner: Driver, sqlite: SQLite.Database): Driver {
  const wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const wrap = (connection: DatabaseConnection): DatabaseConnection => ({
    async executeQuery<R>(query: CompiledQuery) {
      const started = performance.now();
      for (let attempt = 0; ; attempt++) {
        try {
          return await connection.executeQuery<R>(query);
        } catch (error) {
          const waited = performance.now() - started;
          if (!isBusy(error) || sqlite.inTransaction || waited >= SQLITE_LOCK_WAIT_MS) throw error;
          await nextTurn(lockRetryDelay(attempt, waited));
        }
      }
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  });
  return {
    init: () => inner.init(),
    async acquireConnection() {
      const connection = await inner.acquireConnection();
      if (!wrapped.has(connection)) wrapped.set(connection, wrap(connection));
      return wrapped.get(connection)!;
    },
    async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings) {
      await connection.executeQuery(CompiledQuery.raw("begin immediate"));
    },
    commitTransaction: (connection) => inner.commitTransaction(connection),
    rollbackTransaction: (connection) => inner.rollbackTransaction(connection),
    savepoint: inner.savepoint?.bind(inner),
    rollbackToSavepoint: inner.rollbackToSavepoint?.bind(inner),
    releaseSavepoint: inner.releaseSavepoint?.bind(inner),
    releaseConnection: (connection) => inner.releaseConnection(connection),
    destroy: () => inner.destroy(),
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
 * Safe when several processes start together on one database (PostgreSQL's
 * servers; SQLite's server and a script beside it): on PostgreSQL Kysely's
 * migrator holds an advisory lock while it migrates; on SQLite it takes none,
 * so the whole run is one IMMEDIATE transaction, whose write lock makes the
 * others wait (the driver's retry) and then find nothing left to apply.
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

/**
 * The migrations this code knows that the database has not recorded as applied
 * (none: the schema is what the code expects). Reads Kysely's own bookkeeping table;
 * a database never migrated has none applied.
 */
export async function pendingMigrations({ db }: Pick<AppDatabase, "db">): Promise<string[]> {
  const applied = await sql<{ name: string }>`select name from kysely_migration`
    .execute(db)
    .then((r) => new Set(r.rows.map((row) => row.name)))
    .catch((error: unknown) => {
      // The table is missing (never migrated); any other failure is the database's.
      if (/kysely_migration/.test(String((error as Error)?.message))) return new Set<string>();
      throw error;
    });
  return Object.keys(migrations).filter((name) => !applied.has(name));
}
