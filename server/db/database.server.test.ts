import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestDatabase, openTestDatabase, testDatabaseKind } from "../../tests/helpers/databases";
import { migrateToLatest } from "./database.server";
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
