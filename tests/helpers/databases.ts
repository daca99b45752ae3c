import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, type Kysely } from "kysely";
import pg from "pg";

import {
  migrateToLatest,
  openDatabase,
  type AppDatabase,
  type DatabaseOptions,
} from "../../server/db/database.server";
import { migrations } from "../../server/db/migrations";
import type { Database } from "../../server/db/schema";

/**
 * The databases a repository or integration test runs against. By default a
 * fresh SQLite file; under `npm run test:pg` (TEST_DATABASE_URL set) a fresh
 * PostgreSQL schema instead. Each call gives an isolated, migrated database.
 */
export const testDatabaseKind: "sqlite" | "postgres" = process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";

export type TestDatabase = AppDatabase & { dispose(): Promise<void> };

/** A fresh, empty (unmigrated) database of the kind under test: its options, and how to remove it. */
export async function createEmptyDatabase(): Promise<{ options: DatabaseOptions; dispose(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const schema = `t_${randomBytes(6).toString("hex")}`;
    const admin = async (statement: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(statement);
      await c.end();
    };
    await admin(`create schema ${schema}`);
    return {
      options: { kind: "postgres", url, schema, poolSize: 5 },
      dispose: () => admin(`drop schema if exists ${schema} cascade`),
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-db-"));
  return {
    options: { kind: "sqlite", path: path.join(dir, "test.db") },
    dispose: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const empty = await createEmptyDatabase();
  const database = openDatabase(empty.options);
  await migrateToLatest(database);
  return {
    ...database,
    async dispose() {
      await database.close().catch(() => {});
      await empty.dispose();
    },
  };
}

/** A fresh database migrated up to and including `last` only, as deployed before the next migration was; `dispose` removes it. */
export async function openDatabaseUpTo(last: string) {
  const empty = await createEmptyDatabase();
  const database = openDatabase(empty.options);
  const dispose = async () => {
    await database.close();
    await empty.dispose();
  };
  const { error } = await migratorUpTo(database, last).migrateToLatest();
  if (error) {
    await dispose();
    throw error;
  }
  return { database, dispose };
}

/** Only the migrations up to and including `last`, as a database deployed before the next one was. */
export function migratorUpTo(database: AppDatabase, last: string) {
  const subset = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));
  return new Migrator({
    db: database.db,
    provider: { getMigrations: async () => subset },
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
}

/**
 * PostgreSQL only: a database of its own on the test server (not a schema), as production has;
 * for tests that must see who else is connected, or dump and restore a whole database.
 * `recreate` drops it (ending its sessions) and creates it empty: a lost database server.
 */
export async function createPostgresDatabase() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set: run under npm run test:pg");
  const name = `d_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    async recreate() {
      await admin(`drop database ${name} with (force)`);
      await admin(`create database ${name}`);
    },
    dispose: () => admin(`drop database if exists ${name} with (force)`),
  };
}

type WithInquiryId<T> = { [K in keyof T as K extends "lead_id" ? "inquiry_id" : K]: T[K] };
/** The schema's names before migration 0027-leads (`inquiries`, `inquiry_id`), which a migration test at an earlier version reads and writes. */
export type DatabaseBeforeLeads = {
  [K in keyof Database as K extends "leads" ? "inquiries" : K]: K extends "analytics_events"
    ? Database[K]
    : WithInquiryId<Database[K]>;
};
export const beforeLeads = (database: AppDatabase) => database.db as unknown as Kysely<DatabaseBeforeLeads>;
