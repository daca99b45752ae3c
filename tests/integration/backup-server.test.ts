import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { listBackups, readBackupStatus } from "../../server/db/backup.server";
import { openDatabase } from "../../server/db/database.server";
import { testDatabaseKind } from "../helpers/databases";

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

/**
 * The server process itself (server/index.ts) on SQLite with two workers: the cluster's primary,
 * which exists once per machine, takes the backups; the workers, which serve, take none.
 */
if (testDatabaseKind === "sqlite")
  describe("the server's own SQLite backups", () => {
    const cleanup: (() => void)[] = [];
    afterEach(() => {
      for (const c of cleanup.splice(0).reverse()) c();
    });

    it("are taken by the cluster primary alone, at start-up and verified, and not again after a restart within the interval", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-server-backup-"));
      cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      fakeBuild(path.join(dir, "build"));
      const backups = path.join(dir, "backups");
      const env = {
        ...process.env,
        // Development: NODE_ENV=test silences the log this test reads.
        NODE_ENV: "development",
        LOG_LEVEL: "info",
        HOST: "127.0.0.1",
        PORT: "0",
        WEB_CONCURRENCY: "2",
        BUILD_DIR: path.join(dir, "build"),
        DATABASE_PATH: path.join(dir, "data/app.db"),
        DATABASE_URL: "",
        BACKUP_DIR: backups,
        BACKUP_INTERVAL_SECONDS: "3600",
        STUDIO_AUTH_SECRET: "a-test-secret-of-at-least-32-characters",
      };

      /** Runs the server until both workers listen (and, the first time, a backup is logged); returns its log lines. */
      async function runServer(until: (lines: { msg?: string }[]) => boolean) {
        const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/index.ts")], { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
        cleanup.push(() => child.kill("SIGKILL"));
        const lines: { msg?: string }[] = [];
        let buffer = "";
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`the server did not get there in 30 s: ${JSON.stringify(lines.map((l) => l.msg))}`)), 30_000);
          child.stdout.on("data", (d: Buffer) => {
            buffer += d.toString();
            const parts = buffer.split("\n");
            buffer = parts.pop()!;
            for (const part of parts) if (part.startsWith("{")) lines.push(JSON.parse(part) as { msg?: string });
            if (until(lines)) {
              clearTimeout(timer);
              resolve();
            }
          });
          child.on("exit", (code) => reject(new Error(`the server exited (${code}): ${JSON.stringify(lines.map((l) => l.msg))}`)));
        });
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
        return lines;
      }
      const listening = (lines: { msg?: string }[]) => lines.filter((l) => l.msg === "listening").length === 2;

      const first = await runServer((lines) => listening(lines) && lines.some((l) => l.msg === "backup taken"));
      const taken = first.filter((l) => l.msg === "backup taken");
      // Three processes, one backup: a worker's would have started before it listened, and its shutdown waits for it.
      expect(taken).toHaveLength(1);
      expect(first.filter((l) => l.msg === "listening").every((l) => "worker" in l)).toBe(true);
      const status = readBackupStatus(backups)!;
      expect(listBackups(backups).map((b) => b.file)).toEqual([status.file]);
      // The copy is a migrated database of its own, opened without the server.
      const copy = openDatabase({ kind: "sqlite", path: path.join(backups, status.file) });
      const migrated = await copy.db.selectFrom("kysely_migration" as never).select("name" as never).execute();
      await copy.close();
      expect(migrated.length).toBeGreaterThan(5);

      // Restarted within the interval: it waits for the interval instead of taking another copy at once.
      const second = await runServer(listening);
      expect(second.filter((l) => l.msg === "backup taken" || l.msg === "backup failed")).toEqual([]);
      expect(listBackups(backups).map((b) => b.file)).toEqual([status.file]);
    }, 90_000);
  });
