import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestDatabase, openTestDatabase, testDatabaseKind } from "../../tests/helpers/databases";
import { migrateToLatest, openDatabase, withStatementCache } from "./database.server";
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
    expect(database.kind).toBe(testDatabaseKind);
    expect(await database.ping()).toBe(true);
  });

  it("has applied every migration, and migrating again is a no-op", async () => {
    const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
    const names = tables.filter((t) => !database.schema || t.schema === database.schema).map((t) => t.name);
    for (const table of ["rate_limits", "kysely_migration"]) expect(names).toContain(table);
    expect(Object.keys(migrations)).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(database)).toEqual([]);
  });

  it("reports a closed database as down", async () => {
    await database.close();
    expect(await database.ping()).toBe(false);
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
        await database.db.insertInto("rate_limits").values({ key: `k${i}`, count: i, expires_at: "2030-01-01T00:00:00.000Z" }).execute();
      }
      const rows = await database.db.selectFrom("rate_limits").select(["key", "count"]).orderBy("key").execute();
      expect(rows).toEqual([0, 1, 2].map((i) => ({ key: `k${i}`, count: i })));
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
