import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from "vitest";

import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../../tests/helpers/databases";
import { migrateToLatest, openDatabase } from "./database.server";
import { createGroupCommit, GROUP_COMMIT_MAX } from "./group-commit.server";

const lead = (lastName: string) => ({
  id: randomUUID(),
  first_name: "Ada",
  last_name: lastName,
  email: "ada@example.com",
  project_type: "basic",
  message: "A site for the shop.",
  source: "api",
  created_at: new Date().toISOString(),
  search_text: "",
});

describe(`group commit on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase();
  });
  afterEach(async () => {
    await database.dispose();
  });

  const names = async () =>
    (await database.db.selectFrom("leads").select("last_name").orderBy("last_name").execute()).map(
      (r) => r.last_name,
    );

  it("stores every write asked for together, and a failing one alone rolls back", async () => {
    const writes = createGroupCommit(database);
    const results = await Promise.allSettled(
      ["A", "B", "C", "D"].map((name) =>
        writes.run(async (trx) => {
          await trx.insertInto("leads").values(lead(name)).execute();
          // C inserts, then fails: its row must go, the others' stay.
          if (name === "C") throw new Error("C failed after its insert");
          return name;
        }),
      ),
    );
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([
      "A",
      "B",
      "C failed after its insert",
      "D",
    ]);
    expect(await names()).toEqual(["A", "B", "D"]);
  });

  it("rejects every write of a transaction that fails as a whole (here: the database is gone)", async () => {
    const writes = createGroupCommit(database);
    await database.close();
    const results = await Promise.allSettled(
      ["E", "F"].map((name) => writes.run((trx) => trx.insertInto("leads").values(lead(name)).execute())),
    );
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });
});

describe("group commit on SQLite", () => {
  /**
   * A migrated SQLite file with group commit, and a second connection (another process, say):
   * `write` inserts a lead and returns how many rows that connection saw committed meanwhile.
   */
  async function sqliteFile() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-group-"));
    const file = path.join(dir, "app.db");
    const database = openDatabase({ kind: "sqlite", path: file });
    const reader = new SQLite(file, { readonly: true });
    onTestFinished(async () => {
      reader.close();
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    await migrateToLatest(database);
    const writes = createGroupCommit(database);
    const committed = () => (reader.prepare("select count(*) as n from leads").get() as { n: number }).n;
    const write = (name: string) =>
      writes.run(async (trx) => {
        await trx.insertInto("leads").values(lead(name)).execute();
        return committed();
      });
    return { file, write, committed };
  }

  it("shares one transaction among the writes asked for in one turn, at most GROUP_COMMIT_MAX each", async () => {
    const { write, committed } = await sqliteFile();
    const seen = await Promise.all(Array.from({ length: GROUP_COMMIT_MAX + 3 }, (_, i) => write(`L${i}`)));
    // The first 32 share a transaction not yet committed; the next 3 run after its commit.
    expect(seen).toEqual([
      ...Array<number>(GROUP_COMMIT_MAX).fill(0),
      GROUP_COMMIT_MAX,
      GROUP_COMMIT_MAX,
      GROUP_COMMIT_MAX,
    ]);
    expect(committed()).toBe(GROUP_COMMIT_MAX + 3);
  });

  it("lets the writes asked for while it waits for the lock join the batch", async () => {
    const { file, write, committed } = await sqliteFile();
    const holder = new SQLite(file);
    onTestFinished(() => {
      holder.close();
    });
    // Another process holds the write lock; the first write waits for it, two more arrive meanwhile.
    holder.exec("begin immediate");
    const first = write("A");
    await new Promise((r) => setTimeout(r, 30));
    const later = [write("B"), write("C")];
    await new Promise((r) => setTimeout(r, 30));
    holder.exec("commit");
    // All three ran in one transaction: none saw another's row committed.
    expect(await Promise.all([first, ...later])).toEqual([0, 0, 0]);
    expect(committed()).toBe(3);
  });
});
