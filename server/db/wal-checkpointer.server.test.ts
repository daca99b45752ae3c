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
    const database = openDatabase({
      kind: "sqlite",
      path: file,
      backgroundCheckpoints: { intervalMs: 10, maxWalFrames: 200 },
    });
    await database.db.schema.createTable("t").addColumn("n", "integer").addColumn("pad", "text").execute();
    const commits = 1500;
    const checkpointer = database.walCheckpointer!;
    for (let i = 0; i < commits; i++) {
      await database.db
        .insertInto("t" as never)
        .values({ n: i, pad: "x".repeat(200) } as never)
        .execute();
      // Every 100 commits the worker's next round (on its own timer) is awaited, however slow the machine.
      if (i % 100 === 99) await checkpointer.nextRound();
    }
    const last = await checkpointer.nextRound();
    expect(last.checkpointed).toBe(last.log);
    // Every commit appended at least one page; never rewound, the WAL would hold them all.
    // Rewound after each round, it never holds much more than 100 commits' pages.
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

  it("answers a round's waiters only with a round that began after they asked, and rejects them if the worker fails", async () => {
    const file = path.join(dir, "rounds.db");
    const sqlite = new SQLite(file);
    sqlite.pragma("journal_mode = WAL");
    const checkpointer = startWalCheckpointer(sqlite, file, { intervalMs: 5 });
    try {
      sqlite.exec("create table t (n integer)");
      // Waiters side by side are all answered.
      expect(await Promise.all([checkpointer.nextRound(), checkpointer.nextRound()])).toHaveLength(2);
      sqlite.exec("insert into t values (1)");
      // The insert's frames exist before this request, so its round has copied them.
      const after = await checkpointer.nextRound();
      expect(after.log).toBeGreaterThan(0);
      expect(after.checkpointed).toBe(after.log);
    } finally {
      await checkpointer.stop();
      sqlite.close();
    }
    await expect(checkpointer.nextRound()).rejects.toThrow(/stopped/);

    const broken = new SQLite(path.join(dir, "broken.db"));
    const failing = startWalCheckpointer(broken, path.join(dir, "missing", "app.db"), { onError: () => {} });
    await expect(failing.nextRound()).rejects.toThrow(/exited/);
    broken.close();
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
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
      database.db,
    );
    expect(rows[0]?.wal_autocheckpoint).toBe(1000);
    await database.close();
  });
});
