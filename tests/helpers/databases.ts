import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type AppDatabase, migrateToLatest, openDatabase } from "../../server/db/database.server";

/**
 * The databases a repository or integration test runs against. By default a
 * fresh SQLite file; under `npm run test:pg` (TEST_DATABASE_URL set) a fresh
 * PostgreSQL schema instead. Each call gives an isolated, migrated database.
 */
export const testDatabaseKind: "sqlite" | "postgres" = process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";

export type TestDatabase = AppDatabase & { dispose(): Promise<void> };

export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const schema = `t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const database = openDatabase({ kind: "postgres", url, schema, poolSize: 5 });
    await migrateToLatest(database);
    return {
      ...database,
      async dispose() {
        await database.close().catch(() => {});
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop schema if exists ${schema} cascade`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-db-"));
  const database = openDatabase({ kind: "sqlite", path: path.join(dir, "test.db") });
  await migrateToLatest(database);
  return {
    ...database,
    async dispose() {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
