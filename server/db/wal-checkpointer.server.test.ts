import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./database.server";
import { startWalCheckpointer } from "./wal-checkpointer.server";

const PAGE = 4096;

describe("WAL checkpoints on a worker thread", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-wal-"));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("keeps the WAL short without the serving connection checkpointing, and folds it in on close", async () => {
    const file = path.join(dir, "app.db");
    const database = openDatabase({ kind: "sqlite", path: file, backgroundCheckpoints: { intervalMs: 10, maxWalFrames: 200 } });
    await database.db.schema.createTable("t").addColumn("n", "integer").addColumn("pad", "text").execute();
    const commits = 1500;
    for (let i = 0; i < commits; i++) {
      await database.db.insertInto("t" as never).values({ n: i, pad: "x".repeat(200) } as never).execute();
      // Let the worker run now and then, as the event loop does between requests.
      if (i % 100 === 99) await new Promise((r) => setTimeout(r, 15));
    }
    await new Promise((r) => setTimeout(r, 100));
    // Every commit appended at least one page; never rewound, the WAL would hold them all.
    const walBytes = fs.statSync(`${file}-wal`).size;
    expect(walBytes).toBeLessThan((commits * PAGE) / 3);
    // The worker has copied everything into the database file.
    const other = new SQLite(file);
    try {
      const [status] = other.pragma("wal_checkpoint(PASSIVE)") as { log: number; checkpointed: number }[];
      expect(status!.checkpointed).toBe(status!.log);
    } finally {
      other.close();
    }

    await database.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const reopened = new SQLite(file, { readonly: true });
    expect(reopened.prepare("select count(*) as c from t").get()).toEqual({ c: commits });
    reopened.close();
  });

  it("turns the serving connection's checkpoints off, and back on if the worker fails", async () => {
    const sqlite = new SQLite(path.join(dir, "app.db"));
    sqlite.pragma("journal_mode = WAL");
    const failed = new Promise<Error>((resolve) => {
      // The worker cannot open a database in a directory that does not exist.
      startWalCheckpointer(sqlite, path.join(dir, "missing", "app.db"), { onError: resolve });
      expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(0);
    });
    expect(await failed).toBeInstanceOf(Error);
    expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
    sqlite.close();
  });

  it("is off unless asked for", async () => {
    const database = openDatabase({ kind: "sqlite", path: path.join(dir, "plain.db") });
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(database.db);
    expect(rows[0]?.wal_autocheckpoint).toBe(1000);
    await database.close();
  });
});
