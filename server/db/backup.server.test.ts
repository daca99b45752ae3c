import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";

import { runBackupCommand } from "../../scripts/backup";
import { createEmptyDatabase, createPostgresDatabase, testDatabaseKind } from "../../tests/helpers/databases";
import { loadConfig } from "../config.server";
import {
  BACKUP_STATUS_FILE,
  BackupError,
  backupsToPrune,
  lastBackupAt,
  listBackups,
  restoreBackup,
  takeBackup,
  type BackupFile,
} from "./backup.server";
import { migrateToLatest, openDatabase, type AppDatabase } from "./database.server";

const POLICY = { retain: 10, retainDays: 30 };
const DAY = 86_400_000;

const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

function tempDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A migrated SQLite database with one lead, and the directory its backups go to. */
async function sqliteWithLead() {
  const dir = tempDir("cascadia-backup-");
  const file = path.join(dir, "data", "app.db");
  const database = openDatabase({ kind: "sqlite", path: file });
  cleanup.push(() => database.close());
  await migrateToLatest(database);
  await insertLead(database, "lead-1");
  return { database, file, backups: path.join(dir, "backups") };
}

async function insertLead(database: AppDatabase, id: string) {
  const at = new Date().toISOString();
  await database.db
    .insertInto("leads")
    .values({
      id,
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      phone: null,
      company: null,
      project_type: "pro",
      budget: null,
      timeline: null,
      message: "A site.",
      source: "test",
      created_at: at,
      search_text: "",
    })
    .execute();
}

async function leadIds(file: string) {
  const database = openDatabase({ kind: "sqlite", path: file });
  try {
    return (await database.db.selectFrom("leads").select("id").orderBy("id").execute()).map((r) => r.id);
  } finally {
    await database.close();
  }
}

describe("backup retention", () => {
  const at = (ms: number): BackupFile => ({ file: `b${ms}`, path: `/b/${ms}`, takenAt: ms, kind: "sqlite" });
  const now = Date.parse("2026-11-25T12:00:00Z");

  it("keeps the newest N, the newest of each recent day, and always the newest one", () => {
    // Every hour for 40 days.
    const all = Array.from({ length: 40 * 24 }, (_, i) => at(now - i * 3_600_000));
    const pruned = new Set(backupsToPrune(all, { retain: 5, retainDays: 7 }, now));
    const kept = all.filter((b) => !pruned.has(b));
    // The five newest, plus the newest of each of the 7 days before (today's newest is among the five).
    expect(kept.slice(0, 5)).toEqual(all.slice(0, 5));
    expect(kept).toHaveLength(5 + 7);
    expect(kept.every((b) => now - b.takenAt <= 7 * DAY)).toBe(true);
    expect(backupsToPrune([at(now - 400 * DAY)], { retain: 1, retainDays: 0 }, now)).toEqual([]);
  });
});

if (testDatabaseKind === "sqlite")
  describe("SQLite backups and restores", () => {
    it("takes a verified copy under a sortable name, readable by its owner only, records it, and prunes by the policy", async () => {
      const { file, backups } = await sqliteWithLead();
      let clock = Date.parse("2026-11-25T10:00:00Z");
      for (let i = 0; i < 3; i++) {
        clock += 60_000;
        await takeBackup({
          source: { kind: "sqlite", path: file },
          dir: backups,
          policy: { retain: 2, retainDays: 0 },
          now: () => clock,
        });
      }
      const kept = listBackups(backups);
      expect(kept.map((b) => b.file)).toEqual([
        "cascadia-2026-11-25T10-02-00-000Z.db",
        "cascadia-2026-11-25T10-03-00-000Z.db",
      ]);
      expect(lastBackupAt(backups)).toEqual(new Date("2026-11-25T10:03:00.000Z"));
      expect(JSON.parse(fs.readFileSync(path.join(backups, BACKUP_STATUS_FILE), "utf8"))).toMatchObject({
        kind: "sqlite",
        file: kept[1]!.file,
      });
      expect(await leadIds(kept[1]!.path)).toEqual(["lead-1"]);
      // Every lead is in them: the server's user alone reads them.
      expect(fs.statSync(kept[1]!.path).mode & 0o777).toBe(0o600);
      expect(fs.statSync(backups).mode & 0o777).toBe(0o700);
      // Nothing half-written is left behind.
      expect(fs.readdirSync(backups).sort()).toEqual([...kept.map((b) => b.file), BACKUP_STATUS_FILE].sort());
    });

    it("refuses to replace a database the server has open, even with --force, and changes nothing", async () => {
      const { database, file, backups } = await sqliteWithLead();
      await takeBackup({ source: { kind: "sqlite", path: file }, dir: backups, policy: POLICY });
      await insertLead(database, "lead-2");
      await expect(restoreBackup({ target: { kind: "sqlite", path: file }, dir: backups })).rejects.toThrow(
        /exists\. Stop the server, then run the restore again with --force/,
      );
      await expect(
        restoreBackup({ target: { kind: "sqlite", path: file }, dir: backups, force: true }),
      ).rejects.toThrow(/open in another process .*stop the server first/);
      expect(
        (await database.db.selectFrom("leads").select("id").orderBy("id").execute()).map((r) => r.id),
      ).toEqual(["lead-1", "lead-2"]);
    });

    it("with --force, replaces a stopped database, keeps the old one beside it, and never replays its WAL", async () => {
      const { database, file, backups } = await sqliteWithLead();
      await takeBackup({ source: { kind: "sqlite", path: file }, dir: backups, policy: POLICY });
      await insertLead(database, "lead-2");
      await database.close();
      // A WAL the stopped server left behind (here: a copy of one with lead-2 in it) must not be applied to the restored file.
      const result = await restoreBackup({
        target: { kind: "sqlite", path: file },
        dir: backups,
        force: true,
        now: () => Date.parse("2026-11-25T11:00:00Z"),
      });
      expect(result.keptAs).toBe(`${file}.before-restore-2026-11-25T11-00-00-000Z`);
      expect(await leadIds(file)).toEqual(["lead-1"]);
      expect(await leadIds(result.keptAs!)).toEqual(["lead-1", "lead-2"]);
    });

    it("removes a stale WAL beside a lost database before putting the backup in its place", async () => {
      const { database, file, backups } = await sqliteWithLead();
      await takeBackup({ source: { kind: "sqlite", path: file }, dir: backups, policy: POLICY });
      await insertLead(database, "lead-2");
      // The file is lost; its WAL (lead-2 in it, checkpointed or not) stays. Copied while open, as a crash leaves it.
      const wal = fs.readFileSync(`${file}-wal`);
      await database.close();
      fs.rmSync(file);
      fs.writeFileSync(`${file}-wal`, wal);
      await restoreBackup({ target: { kind: "sqlite", path: file }, dir: backups });
      expect(fs.existsSync(`${file}-wal`)).toBe(false);
      expect(await leadIds(file)).toEqual(["lead-1"]);
    });

    it("refuses a torn backup, naming it, and leaves the database as it was", async () => {
      const { database, file, backups } = await sqliteWithLead();
      const status = await takeBackup({
        source: { kind: "sqlite", path: file },
        dir: backups,
        policy: POLICY,
      });
      await database.close();
      const torn = path.join(backups, status.file);
      fs.truncateSync(torn, Math.floor(fs.statSync(torn).size / 2));
      await expect(
        restoreBackup({ target: { kind: "sqlite", path: file }, dir: backups, force: true }),
      ).rejects.toThrow(new RegExp(`${status.file} failed its integrity check`));
      expect(await leadIds(file)).toEqual(["lead-1"]);
      expect(fs.readdirSync(path.dirname(file)).filter((f) => f.includes("before-restore"))).toEqual([]);
    });

    it("removes a partial copy a killed run left, once it is hours old, and not one a run may still be writing", async () => {
      const { file, backups } = await sqliteWithLead();
      fs.mkdirSync(backups, { recursive: true });
      const abandoned = path.join(backups, "cascadia-2026-11-24T00-00-00-000Z.db.partial");
      const recent = path.join(backups, "cascadia-2026-11-25T09-59-00-000Z.db.partial");
      fs.writeFileSync(abandoned, "half");
      fs.writeFileSync(recent, "half");
      const t = Date.parse("2026-11-25T10:00:00Z");
      fs.utimesSync(abandoned, new Date(t - 7 * 3_600_000), new Date(t - 7 * 3_600_000));
      fs.utimesSync(recent, new Date(t - 60_000), new Date(t - 60_000));
      await takeBackup({
        source: { kind: "sqlite", path: file },
        dir: backups,
        policy: POLICY,
        now: () => t,
      });
      expect(fs.existsSync(abandoned)).toBe(false);
      expect(fs.existsSync(recent)).toBe(true);
      // Never restored from: only finished backups are listed.
      expect(listBackups(backups).map((b) => b.file)).toEqual(["cascadia-2026-11-25T10-00-00-000Z.db"]);
    });

    it("fails without a database, leaving no file and no status", async () => {
      const dir = tempDir("cascadia-backup-");
      await expect(
        takeBackup({
          source: { kind: "sqlite", path: path.join(dir, "missing.db") },
          dir: path.join(dir, "b"),
          policy: POLICY,
        }),
      ).rejects.toBeInstanceOf(BackupError);
      expect(fs.readdirSync(path.join(dir, "b"))).toEqual([]);
      expect(lastBackupAt(path.join(dir, "b"))).toBeUndefined();
    });
  });

if (testDatabaseKind === "sqlite")
  describe("npm run backup / npm run restore", () => {
    const io = () => {
      const stdout = new PassThrough();
      const stderr = new PassThrough();
      const text = { out: "", err: "" };
      stdout.on("data", (d: Buffer) => (text.out += d.toString()));
      stderr.on("data", (d: Buffer) => (text.err += d.toString()));
      return { io: { stdout, stderr }, text };
    };

    it("backs up the configured database and restores the latest only over a stopped one with --force", async () => {
      const { database, file, backups } = await sqliteWithLead();
      const config = loadConfig({ NODE_ENV: "test", DATABASE_PATH: file, BACKUP_DIR: backups });
      const backup = io();
      expect(await runBackupCommand("backup", [], { config, io: backup.io })).toBe(0);
      expect(backup.text.out).toMatch(
        /^Backed up sqlite to .*cascadia-.*\.db \(\d+ bytes, verified, \d+ ms\)\.\n$/,
      );
      await insertLead(database, "lead-2");
      await database.close();
      const refused = io();
      expect(await runBackupCommand("restore", ["latest"], { config, io: refused.io })).toBe(1);
      expect(refused.text.err).toMatch(/--force/);
      expect(await leadIds(file)).toEqual(["lead-1", "lead-2"]);
      const restored = io();
      expect(await runBackupCommand("restore", ["--force"], { config, io: restored.io })).toBe(0);
      expect(restored.text.out).toMatch(
        /^Restored cascadia-.*\.db .* The database it replaced is kept as .*before-restore.* Start the server\.\n$/,
      );
      expect(await leadIds(file)).toEqual(["lead-1"]);
    });

    it("answers usage errors and a missing BACKUP_DIR with exit code 2", async () => {
      const config = loadConfig({ NODE_ENV: "test" });
      for (const [command, args] of [
        ["backup", ["--force"]],
        ["restore", ["a", "b"]],
        ["restore", ["--dir"]],
        ["export", []],
        [undefined, []],
      ] as const) {
        const { io: streams, text } = io();
        expect(
          await runBackupCommand(command, [...args], { config, io: streams }),
          `${command} ${args.join(" ")}`,
        ).toBe(2);
        expect(text.err).toMatch(/^Usage: npm run backup/);
      }
      const { io: streams, text } = io();
      expect(await runBackupCommand("backup", [], { config, io: streams })).toBe(2);
      expect(text.err).toMatch(/Set BACKUP_DIR/);
    });
  });

// Each run tests its own database: SQLite files in `npm run test:unit`, pg_dump under `npm run test:pg`.
if (testDatabaseKind === "postgres")
  describe("PostgreSQL backups and restores", () => {
    it("dumps a schema, and refuses to restore over it while a server is connected", async () => {
      const empty = await createEmptyDatabase();
      cleanup.push(empty.dispose);
      if (empty.options.kind !== "postgres") throw new Error("PostgreSQL expected");
      const database = openDatabase(empty.options);
      cleanup.push(() => database.close());
      await migrateToLatest(database);
      await insertLead(database, "lead-1");
      const source = { kind: "postgres" as const, url: empty.options.url, schema: empty.options.schema };
      const dir = tempDir("cascadia-pg-backup-");
      const status = await takeBackup({ source, dir, policy: POLICY });
      expect(status).toMatchObject({ kind: "postgres", file: expect.stringMatching(/^cascadia-.*\.dump$/) });
      await expect(restoreBackup({ target: source, dir })).rejects.toThrow(
        /other sessions are connected to the database: stop every server instance first/,
      );
      expect(await database.db.selectFrom("leads").select("id").execute()).toEqual([{ id: "lead-1" }]);
    });

    it("restores a whole database only with --force over the site's tables, in one transaction", async () => {
      const own = await createPostgresDatabase();
      cleanup.push(own.dispose);
      const options = { kind: "postgres" as const, url: own.url, poolSize: 2 };
      const source = { kind: "postgres" as const, url: own.url };
      const dir = tempDir("cascadia-pg-backup-");
      const database = openDatabase(options);
      await migrateToLatest(database);
      await insertLead(database, "lead-1");
      await takeBackup({ source, dir, policy: POLICY });
      await insertLead(database, "lead-2");
      await database.close();
      // Stopped, but the database holds the site: only --force replaces it.
      await expect(restoreBackup({ target: source, dir })).rejects.toThrow(
        /already holds the site's tables: restore with --force/,
      );
      await restoreBackup({ target: source, dir, force: true });
      const after = openDatabase(options);
      cleanup.push(() => after.close());
      expect(await after.db.selectFrom("leads").select("id").execute()).toEqual([{ id: "lead-1" }]);
      // Migrating the restored database again finds nothing to do.
      expect(await migrateToLatest(after)).toEqual([]);
    });
  });
