import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { Migrator } from "kysely";
import pg from "pg";
import { type AppDatabase, type DatabaseOptions, migrateToLatest, openDatabase } from "../../server/db/database.server";
import { migrations } from "../../server/db/migrations";

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
    return { options: { kind: "postgres", url, schema, poolSize: 5 }, dispose: () => admin(`drop schema if exists ${schema} cascade`) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-db-"));
  return { options: { kind: "sqlite", path: path.join(dir, "test.db") }, dispose: async () => fs.rmSync(dir, { recursive: true, force: true }) };
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

/** Only the migrations up to and including `last`, as a database deployed before the next one was. */
export function migratorUpTo(database: AppDatabase, last: string) {
  const subset = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));
  return new Migrator({ db: database.db, provider: { getMigrations: async () => subset }, ...(database.schema ? { migrationTableSchema: database.schema } : {}) });
}
