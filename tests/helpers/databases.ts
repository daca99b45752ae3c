import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, type Kysely } from "kysely";
import pg from "pg";
import { expect, inject } from "vitest";

import {
  migrateToLatest,
  openDatabase,
  type AppDatabase,
  type DatabaseOptions,
} from "../../server/db/database.server";
import { migrations } from "../../server/db/migrations";
import type { Database } from "../../server/db/schema";
import { checkRunsOnPostgres } from "../setup/database-files";

/**
 * The databases a repository or integration test runs against. By default a
 * fresh SQLite file; under `npm run test:pg` (TEST_DATABASE_URL set) a fresh
 * PostgreSQL database instead. Each call gives an isolated, migrated database.
 *
 * Migrated once per run, copied per test (as epic-stack's tests/setup does): the
 * run's global setup (tests/setup/database-template.ts) migrates a template, a
 * SQLite file or a PostgreSQL database, and each test gets a copy of it (a file
 * copy; CREATE DATABASE ... TEMPLATE), which costs a few milliseconds where
 * migrating from empty cost 0.3 s on SQLite and 1 s on PostgreSQL. Tests of the
 * migrations themselves start from createEmptyDatabase, as before.
 */
export const testDatabaseKind: "sqlite" | "postgres" = process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";

export type TestDatabase = AppDatabase & {
  /** What openTestDatabase opened it with: a second pool or process reaches the same database through these. */
  options?: DatabaseOptions;
  dispose(): Promise<void>;
};

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's migrated template (tests/setup/database-template.ts): a SQLite file, or a PostgreSQL database's name. */
    /** The server test files npm run test:pg runs (tests/setup/database-files.ts). */
    databaseTestFiles?: string[];
    testDatabaseTemplate?:
      | { kind: "sqlite"; path: string }
      | {
          kind: "postgres";
          name: string;
          /** " strategy file_copy" where the server has it (15+) */ strategy: string;
        };
  }
}

/** One statement on the PostgreSQL test server's maintenance database, on a connection of its own; its rows. */
async function adminQuery<Row extends pg.QueryResultRow>(statement: string) {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  try {
    return (await c.query<Row>(statement)).rows;
  } finally {
    await c.end();
  }
}

const admin = async (statement: string) => void (await adminQuery(statement));

/** The URL of another database on the PostgreSQL test server. */
function postgresUrl(name: string) {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh, empty (unmigrated) database of the kind under test: its options, and how to remove it. */
export async function createEmptyDatabase(): Promise<{ options: DatabaseOptions; dispose(): Promise<void> }> {
  checkSplit();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const schema = `t_${randomBytes(6).toString("hex")}`;
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

/**
 * Migrates a database once for the run to be copied by each test: a SQLite file in a
 * directory of its own, or a PostgreSQL database. Called by the global setup; `dispose` removes it.
 */
export async function createTemplateDatabase() {
  if (process.env.TEST_DATABASE_URL) {
    const name = `template_${randomBytes(6).toString("hex")}`;
    await admin(`create database ${name}`);
    // A copy of a small database is quicker by file (two checkpoints, cheap without fsync) than
    // through the WAL block by block, PostgreSQL 15's default; older servers have only the file copy.
    const version = await adminQuery<{ v: string }>("select current_setting('server_version_num') as v");
    const strategy = Number(version[0]!.v) >= 150000 ? " strategy file_copy" : "";
    const database = openDatabase({ kind: "postgres", url: postgresUrl(name), poolSize: 1 });
    try {
      await migrateToLatest(database);
    } finally {
      // No session may stay on a template: CREATE DATABASE refuses to copy one in use.
      await database.close();
    }
    return {
      template: { kind: "postgres" as const, name, strategy },
      dispose: () => admin(`drop database if exists ${name} with (force)`),
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-template-"));
  const file = path.join(dir, "template.db");
  const database = openDatabase({ kind: "sqlite", path: file });
  try {
    await migrateToLatest(database);
  } finally {
    // Closing the last connection folds the WAL back into the file: the copy is the one file.
    await database.close();
  }
  return {
    template: { kind: "sqlite" as const, path: file },
    dispose: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A copy of the run's template (migrated): its options and how to remove it; undefined outside a run that made one. */
async function copyTemplate(): Promise<{ options: DatabaseOptions; dispose(): Promise<void> } | undefined> {
  const template = inject("testDatabaseTemplate");
  if (template?.kind === "postgres" && process.env.TEST_DATABASE_URL) {
    const name = `t_${randomBytes(6).toString("hex")}`;
    await admin(`create database ${name} template ${template.name}${template.strategy}`);
    return {
      options: { kind: "postgres", url: postgresUrl(name), poolSize: 5 },
      dispose: () => admin(`drop database if exists ${name} with (force)`),
    };
  }
  if (template?.kind === "sqlite" && !process.env.TEST_DATABASE_URL) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-db-"));
    const file = path.join(dir, "test.db");
    fs.copyFileSync(template.path, file);
    return {
      options: { kind: "sqlite", path: file },
      dispose: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  return undefined;
}

/** On SQLite, in a run that knows which files test:pg runs: the calling test file must be one of them. */
function checkSplit() {
  const onPostgres = inject("databaseTestFiles");
  if (onPostgres && !process.env.TEST_DATABASE_URL)
    checkRunsOnPostgres(expect.getState().testPath, onPostgres);
}

export async function openTestDatabase(): Promise<TestDatabase> {
  checkSplit();
  const copy = await copyTemplate();
  const fresh = copy ?? (await createEmptyDatabase());
  const database = openDatabase(fresh.options);
  // A copy of the template has every migration: this finds none to apply (a few queries), and leaves the
  // database as a migrated one was, its connection open. Without the run's template (a test file run
  // outside this config) it migrates from empty.
  await migrateToLatest(database);
  return {
    ...database,
    options: fresh.options,
    async dispose() {
      await database.close().catch(() => {});
      await fresh.dispose();
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
  if (!process.env.TEST_DATABASE_URL)
    throw new Error("TEST_DATABASE_URL is not set: run under npm run test:pg");
  const name = `d_${randomBytes(6).toString("hex")}`;
  await admin(`create database ${name}`);
  return {
    url: postgresUrl(name),
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
