import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.server";
import { loadConfig } from "../../server/config.server";
import { type AppDatabase, migrateToLatest, openDatabase } from "../../server/db/database.server";
import { createLogger } from "../../server/logger.server";
import { freePort } from "../fakes/smtp";
import { testDatabaseKind } from "../helpers/databases";
import { validInquiry } from "../helpers/inquiries";

/**
 * The database goes away in the middle of a stream of requests and comes
 * back; the same app (no restart) serves again, answered 200 or 503 meanwhile,
 * and every inquiry answered 200 is stored. Under test:pg (with-postgres.ts
 * exports its pg_ctl) a private PostgreSQL cluster is really restarted, so the
 * other test files' shared cluster is left alone; under test:unit the SQLite
 * equivalent is another connection holding the write lock for a while.
 */
const pgCtl = process.env.TEST_PG_CTL;

type Outage = { database: AppDatabase; kind: string; interrupt(): Promise<void>; dispose(): Promise<void> };

/** A throwaway PostgreSQL cluster of our own, restartable with pg_ctl. */
async function privatePostgres(ctl: string): Promise<Outage> {
  const bin = path.dirname(ctl);
  const asRoot = process.env.TEST_PG_AS_ROOT === "1";
  const run = (file: string, args: string[]) =>
    asRoot ? execFileSync("runuser", ["-u", "postgres", "--", file, ...args], { stdio: "pipe" }) : execFileSync(file, args, { stdio: "pipe" });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-pg-restart-"));
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  fs.chmodSync(dir, 0o755);
  const data = path.join(dir, "data");
  const port = await freePort();
  run(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctlArgs = ["-D", data, "-o", opts, "-l", path.join(dir, "server.log"), "-w"];
  run(ctl, [...ctlArgs, "start"]);
  const database = openDatabase({ kind: "postgres", url: `postgres://postgres@127.0.0.1:${port}/postgres`, poolSize: 4 });
  await migrateToLatest(database);
  return {
    database,
    kind: "PostgreSQL restarted with pg_ctl restart -m fast",
    async interrupt() {
      run(ctl, [...ctlArgs, "-m", "fast", "restart"]);
    },
    async dispose() {
      await database.close().catch(() => {});
      try {
        run(ctl, ["-D", data, "-m", "immediate", "stop"]);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** SQLite: another connection takes the write lock for 1.5 s, as long as a database restart takes. */
async function lockedSqlite(): Promise<Outage> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-sqlite-outage-"));
  const file = path.join(dir, "app.db");
  const database = openDatabase({ kind: "sqlite", path: file });
  await migrateToLatest(database);
  await sql`PRAGMA busy_timeout = 100`.execute(database.db);
  const other = new SQLite(file);
  return {
    database,
    kind: "SQLite write-locked by another connection for 1.5 s",
    async interrupt() {
      other.exec("BEGIN EXCLUSIVE");
      await new Promise((r) => setTimeout(r, 1_500));
      other.exec("COMMIT");
    },
    async dispose() {
      other.close();
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe(`the database goes away mid-run and comes back (${pgCtl && testDatabaseKind === "postgres" ? "postgres" : "sqlite"})`, () => {
  let outage: Outage;
  beforeAll(async () => {
    outage = pgCtl && testDatabaseKind === "postgres" ? await privatePostgres(pgCtl) : await lockedSqlite();
  }, 60_000);
  afterAll(async () => {
    await outage?.dispose();
  });

  it("answers 200 or 503 (never 500) meanwhile, recovers without a restart, and loses no accepted inquiry", async () => {
    const config = loadConfig({ NODE_ENV: "test", RATE_LIMIT_DISABLED: "true" });
    const app = createApp({ config, database: outage.database, logger: createLogger(config) });
    const statuses: number[] = [];
    const accepted: string[] = [];
    let stop = false;
    const client = async () => {
      while (!stop) {
        const res = await app.request("/api/inquiries", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(validInquiry) });
        statuses.push(res.status);
        const body = (await res.json()) as { id?: string };
        if (res.status === 200) accepted.push(body.id!);
        // SQLite answers within microtasks: yield to timers, or the outage's own timer never runs.
        await new Promise((r) => setTimeout(r, res.status === 200 ? 0 : 20));
      }
    };
    const clients = [client(), client(), client()];
    await new Promise((r) => setTimeout(r, 300));
    const before = statuses.length;
    await outage.interrupt();
    // Keep going until the app has answered 200 ten times in a row after the outage.
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !(statuses.length > before + 10 && statuses.slice(-10).every((s) => s === 200))) {
      await new Promise((r) => setTimeout(r, 50));
    }
    stop = true;
    await Promise.all(clients);

    expect(new Set(statuses)).toEqual(new Set(statuses.filter((s) => s === 200 || s === 503)));
    expect(statuses.slice(-10)).toEqual(Array(10).fill(200));
    const health = await app.request("/healthz");
    expect(health.status).toBe(200);
    const stored = await outage.database.db.selectFrom("inquiries").select("id").execute();
    expect(new Set(stored.map((r) => r.id))).toEqual(new Set(accepted));
    console.info(`${outage.kind}: ${statuses.length} requests, ${accepted.length} accepted and stored, ${statuses.filter((s) => s === 503).length} answered 503`);
  });
});
