import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import {
  createEmptyDatabase,
  openDatabaseUpTo,
  openTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from "../../tests/helpers/databases";
import { lockRetryDelay, migrateToLatest, openDatabase, withStatementCache } from "./database.server";
import { engineName } from "./dialect";
import { migrations } from "./migrations";

describe(`database on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase();
  });
  afterEach(async () => {
    await database.dispose();
  });

  it("answers a ping", async () => {
    expect(engineName(database)).toBe(testDatabaseKind);
    expect(await database.ping()).toBe(true);
  });

  it("has applied every migration, and migrating again is a no-op", async () => {
    const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
    const names = tables.map((t) => t.name);
    for (const table of ["rate_limits", "kysely_migration"]) expect(names).toContain(table);
    expect(Object.keys(migrations)).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(database)).toEqual([]);
  });

  it("reports a closed database as down", async () => {
    await database.close();
    expect(await database.ping()).toBe(false);
  });
});

describe(`introspection on ${testDatabaseKind}`, () => {
  it("reads only its own tables, while another database beside it changes its columns", async () => {
    // Migration tests' PostgreSQL databases are schemas of one database; Kysely's own introspector
    // read them all and failed when another test dropped a column mid-query, failing a migration.
    const own = await openDatabaseUpTo(Object.keys(migrations).at(-1)!);
    const empty = await createEmptyDatabase();
    const other = openDatabase(empty.options);
    try {
      await sql`create table churn (id integer primary key)`.execute(other.db);
      let churning = true;
      const churn = (async () => {
        for (let i = 0; churning; i++) {
          await sql`alter table churn add column ${sql.raw(`c${i}`)} integer`.execute(other.db);
          await sql`alter table churn drop column ${sql.raw(`c${i}`)}`.execute(other.db);
        }
      })();
      try {
        for (let i = 0; i < 40; i++) {
          const tables = await own.database.db.introspection.getTables({ withInternalKyselyTables: true });
          const names = tables.map((t) => t.name);
          expect(names).toContain("leads");
          expect(names).toContain("kysely_migration");
          expect(names).not.toContain("churn");
        }
      } finally {
        churning = false;
        await churn;
      }
      expect(await migrateToLatest(own.database)).toEqual([]);
    } finally {
      await other.close();
      await empty.dispose();
      await own.dispose();
    }
  });
});

describe("SQLite statement cache", () => {
  it("prepares each SQL text once, keeps results right, and drops the least recently used past its size", () => {
    const sqlite = new SQLite(":memory:");
    let prepared = 0;
    const counting = new Proxy(sqlite, {
      get(target, key) {
        if (key === "prepare") return (text: string) => (prepared++, target.prepare(text));
        const v = Reflect.get(target, key) as unknown;
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
    const cache = withStatementCache(counting, 2);
    cache.prepare("create table t (n integer)").run();
    const insert = cache.prepare("insert into t (n) values (?)");
    insert.run(1);
    expect(cache.prepare("insert into t (n) values (?)")).toBe(insert);
    cache.prepare("insert into t (n) values (?)").run(2);
    expect(cache.prepare("select sum(n) as s from t").get()).toEqual({ s: 3 });
    expect(prepared).toBe(3);
    // Size 2: "create" was evicted first, then the insert is still cached (used after create).
    cache.prepare("select count(*) as c from t");
    expect(cache.prepare("select count(*) as c from t").get()).toEqual({ c: 2 });
    expect(prepared).toBe(4);
    cache.prepare("insert into t (n) values (?)").run(3);
    expect(prepared).toBe(5);
    cache.close();
    expect(sqlite.open).toBe(false);
  });

  it("serves the app's repeated queries through Kysely", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-stmt-"));
    const database = openDatabase({ kind: "sqlite", path: path.join(dir, "app.db") });
    try {
      await migrateToLatest(database);
      for (let i = 0; i < 3; i++) {
        await database.db
          .insertInto("rate_limits")
          .values({ key: `k${i}`, count: i, expires_at: "2030-01-01T00:00:00.000Z" })
          .execute();
      }
      const rows = await database.db
        .selectFrom("rate_limits")
        .select(["key", "count"])
        .orderBy("key")
        .execute();
      expect(rows).toEqual([0, 1, 2].map((i) => ({ key: `k${i}`, count: i })));
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("SQLite's write lock, shared by several processes", () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-lock-"));
    file = path.join(dir, "app.db");
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("waits for the lock off the event loop, then commits the transaction and the lone statement", async () => {
    const database = openDatabase({ kind: "sqlite", path: file });
    // Another process's connection, holding the write lock.
    const other = new SQLite(file);
    try {
      await migrateToLatest(database);
      other.exec("begin immediate");
      other
        .prepare("insert into rate_limits (key, count, expires_at) values ('other', 1, '2030-01-01')")
        .run();
      const row = (key: string) => ({ key, count: 1, expires_at: "2030-01-01T00:00:00.000Z" });
      let transactionDone = false;
      const transaction = database.db
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto("rate_limits").values(row("a")).execute();
          await trx.insertInto("rate_limits").values(row("b")).execute();
        })
        .then(() => (transactionDone = true));
      // While the lock is held, a timer fires: the event loop is free (SQLite's own
      // busy handler would hold it until the lock came free or 5 s passed).
      await new Promise((r) => setTimeout(r, 50));
      expect(transactionDone).toBe(false);
      const lone = database.db.insertInto("rate_limits").values(row("c")).execute();
      other.exec("commit");
      await Promise.all([transaction, lone]);
      const keys = await database.db.selectFrom("rate_limits").select("key").orderBy("key").execute();
      expect(keys.map((k) => k.key)).toEqual(["a", "b", "c", "other"]);
    } finally {
      other.close();
      await database.close();
    }
  });

  it("takes the lock when a transaction begins, so its statements never meet a busy lock", async () => {
    const database = openDatabase({ kind: "sqlite", path: file });
    const other = new SQLite(file, { timeout: 0 });
    try {
      await migrateToLatest(database);
      await database.db.transaction().execute(async () => {
        // Before any statement of ours, another writer already finds the lock taken.
        expect(() => other.exec("begin immediate")).toThrow(expect.objectContaining({ code: "SQLITE_BUSY" }));
      });
    } finally {
      other.close();
      await database.close();
    }
  });

  it("retries on the next turns first, then sleeps a jittered, bounded while", () => {
    expect([0, 1, 7].map((a) => lockRetryDelay(a, 0.5))).toEqual([0, 0, 0]);
    expect(lockRetryDelay(8, 3, () => 0)).toBe(1);
    expect(lockRetryDelay(30, 1000, () => 0.999)).toBe(10);
  });
});
