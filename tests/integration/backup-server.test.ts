import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

import { listBackups, readBackupStatus } from "../../server/db/backup.server";
import { openDatabase } from "../../server/db/database.server";
import { builtServerEntry } from "../helpers/built-server";
import { createPostgresDatabase, testDatabaseKind } from "../helpers/databases";

const root = path.resolve(import.meta.dirname, "../..");

/** A build directory whose server build answers every page with plain text: enough for workers to start. */
function fakeBuild(dir: string) {
  fs.mkdirSync(path.join(dir, "server"), { recursive: true });
  fs.mkdirSync(path.join(dir, "client"), { recursive: true });
  fs.writeFileSync(
    path.join(dir, "server/index.js"),
    `export const entry = { module: { default: (_request, status) => new Response("page " + status, { status, headers: { "Content-Type": "text/plain" } }) } };
export const routes = { root: { id: "root", path: "", module: { default: () => null } } };
export const assets = { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" };
export const publicPath = "/";
export const assetsBuildDirectory = "build/client";
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const routeDiscovery = { mode: "initial", manifestPath: "/__manifest" };
`,
  );
}

type LogLine = { msg?: string };

/** Runs the built server until `until` holds for its log lines, then stops it (SIGTERM) and returns them. */
async function runServer(
  env: NodeJS.ProcessEnv,
  until: (lines: LogLine[]) => boolean,
  cleanup: (() => unknown)[],
) {
  const child = spawn(process.execPath, [builtServerEntry()], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  cleanup.push(() => child.kill("SIGKILL"));
  const lines: LogLine[] = [];
  let buffer = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`the server did not get there in 90 s: ${JSON.stringify(lines.map((l) => l.msg))}`)),
      90_000,
    );
    child.stdout.on("data", (d: Buffer) => {
      buffer += d.toString();
      const parts = buffer.split("\n");
      buffer = parts.pop()!;
      for (const part of parts) if (part.startsWith("{")) lines.push(JSON.parse(part) as LogLine);
      if (until(lines)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on("exit", (code) =>
      reject(new Error(`the server exited (${code}): ${JSON.stringify(lines.map((l) => l.msg))}`)),
    );
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
  return lines;
}

/** SQLite serves one process (decision 0043); PostgreSQL here a primary and two workers. */
const PROCESSES = testDatabaseKind === "sqlite" ? 1 : 2;
const listening = (lines: LogLine[]) => lines.filter((l) => l.msg === "listening").length === PROCESSES;

/**
 * The server process itself (server/index.ts) with BACKUP_DIR set. SQLite: its one process takes
 * the backups. PostgreSQL (two workers): the server takes none (deploy/'s timer runs npm run
 * backup) and says so.
 */
describe(`the server's own backups on ${testDatabaseKind}`, () => {
  const cleanup: (() => unknown)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  async function setUp() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-server-backup-"));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    fakeBuild(path.join(dir, "build"));
    const backups = path.join(dir, "backups");
    let databaseUrl = "";
    if (testDatabaseKind === "postgres") {
      const own = await createPostgresDatabase();
      cleanup.push(own.dispose);
      databaseUrl = own.url;
    }
    const env = {
      ...process.env,
      // Development: NODE_ENV=test silences the log this test reads.
      NODE_ENV: "development",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      PORT: "0",
      WEB_CONCURRENCY: String(PROCESSES),
      BUILD_DIR: path.join(dir, "build"),
      DATABASE_PATH: path.join(dir, "data/app.db"),
      DATABASE_URL: databaseUrl,
      BACKUP_DIR: backups,
      BACKUP_INTERVAL_SECONDS: "3600",
      STUDIO_AUTH_SECRET: "a-test-secret-of-at-least-32-characters",
    };
    return { env, backups };
  }

  if (testDatabaseKind === "sqlite")
    it("are taken by the one serving process, at start-up and verified, and not again after a restart within the interval", async () => {
      const { env, backups } = await setUp();
      const first = await runServer(
        env,
        (lines) => listening(lines) && lines.some((l) => l.msg === "backup taken"),
        cleanup,
      );
      expect(first.filter((l) => l.msg === "backup taken")).toHaveLength(1);
      expect(first.filter((l) => l.msg === "listening")).toHaveLength(1);
      const status = readBackupStatus(backups)!;
      expect(listBackups(backups).map((b) => b.file)).toEqual([status.file]);
      // The copy is a migrated database of its own, opened without the server.
      const copy = openDatabase({ kind: "sqlite", path: path.join(backups, status.file) });
      const migrated = await copy.db
        .selectFrom("kysely_migration" as never)
        .select("name" as never)
        .execute();
      await copy.close();
      expect(migrated.length).toBeGreaterThan(5);

      // Restarted within the interval: it waits for the interval instead of taking another copy at once.
      const second = await runServer(env, listening, cleanup);
      expect(second.filter((l) => l.msg === "backup taken" || l.msg === "backup failed")).toEqual([]);
      expect(listBackups(backups).map((b) => b.file)).toEqual([status.file]);
    }, 150_000);

  if (testDatabaseKind === "sqlite")
    it("are kept by default beside the data, with no BACKUP_DIR set (npm start's embedded default)", async () => {
      // Issue 37: BACKUP_DIR unset meant no backups at all for the studio that runs the defaults.
      const { env } = await setUp();
      const { BACKUP_DIR: _set, ...defaults } = env;
      const lines = await runServer(
        defaults,
        (l) => listening(l) && l.some((line) => line.msg === "backup taken"),
        cleanup,
      );
      expect(lines.filter((l) => l.msg === "backup taken")).toHaveLength(1);
      const beside = path.join(path.dirname(env.DATABASE_PATH), "backups");
      const status = readBackupStatus(beside)!;
      expect(listBackups(beside).map((b) => b.file)).toEqual([status.file]);
    }, 150_000);

  if (testDatabaseKind === "postgres")
    it("are left to the timer's npm run backup, which the server says at start-up", async () => {
      const { env, backups } = await setUp();
      const lines = await runServer(env, listening, cleanup);
      expect(
        lines.filter((l) => l.msg?.startsWith("PostgreSQL: backups are taken by npm run backup")),
      ).toHaveLength(1);
      expect(lines.filter((l) => l.msg === "backup taken" || l.msg === "backup failed")).toEqual([]);
      expect(listBackups(backups)).toEqual([]);
    }, 150_000);
});
