import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApp } from "../../server/app.server";
import { loadConfig } from "../../server/config.server";
import { migrateToLatest, openDatabase, type AppDatabase } from "../../server/db/database.server";
import { createLogger } from "../../server/logger.server";
import { freePort } from "../fakes/smtp";
import { testDatabaseKind } from "../helpers/databases";
import { validInquiry } from "../helpers/inquiries";

/**
 * The database goes away in the middle of a stream of requests and comes
 * back; the same app (no restart) serves again, answered 200 or 503 meanwhile,
 * and every inquiry answered 200 is stored. Under test:pg (with-postgres.ts
 * exports its pg_ctl) a private PostgreSQL cluster is really stopped and
 * started, so the other test files' shared cluster is left alone; under
 * test:unit the SQLite equivalent is another connection holding the write lock.
 * Each phase ends on what the requests show, not after a set time.
 */
const pgCtl = process.env.TEST_PG_CTL;

/** readyWhileDown: what /readyz answers during the outage (a write lock still lets SQLite read: ready). */
type Outage = {
  database: AppDatabase;
  kind: string;
  readyWhileDown: 200 | 503;
  down(): void;
  up(): void;
  dispose(): Promise<void>;
};

/** A throwaway PostgreSQL cluster of our own, restartable with pg_ctl. */
async function privatePostgres(ctl: string): Promise<Outage> {
  const bin = path.dirname(ctl);
  const asRoot = process.env.TEST_PG_AS_ROOT === "1";
  const run = (file: string, args: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", file, ...args], { stdio: "pipe" })
      : execFileSync(file, args, { stdio: "pipe" });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-pg-restart-"));
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  fs.chmodSync(dir, 0o755);
  const data = path.join(dir, "data");
  const port = await freePort();
  run(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctlArgs = ["-D", data, "-o", opts, "-l", path.join(dir, "server.log"), "-w"];
  run(ctl, [...ctlArgs, "start"]);
  const database = openDatabase({
    kind: "postgres",
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    poolSize: 4,
  });
  await migrateToLatest(database);
  return {
    database,
    kind: "PostgreSQL stopped with pg_ctl stop -m fast, then started",
    readyWhileDown: 503,
    down() {
      run(ctl, [...ctlArgs, "-m", "fast", "stop"]);
    },
    up() {
      run(ctl, [...ctlArgs, "start"]);
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

/** SQLite: another connection holds the write lock while the database is "down". */
async function lockedSqlite(): Promise<Outage> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-sqlite-outage-"));
  const file = path.join(dir, "app.db");
  const database = openDatabase({ kind: "sqlite", path: file });
  await migrateToLatest(database);
  await sql`PRAGMA busy_timeout = 100`.execute(database.db);
  const other = new SQLite(file);
  return {
    database,
    kind: "SQLite write-locked by another connection",
    readyWhileDown: 200,
    down() {
      other.exec("BEGIN EXCLUSIVE");
    },
    up() {
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
  });
  afterAll(async () => {
    await outage?.dispose();
  });

  it("answers 200 or 503 with Retry-After (never 500) meanwhile, recovers without a restart, and loses no accepted inquiry", async () => {
    const config = loadConfig({ NODE_ENV: "test", RATE_LIMIT_DISABLED: "true" });
    const app = createApp({ config, database: outage.database, logger: createLogger(config) });
    type Phase = "before" | "down" | "up";
    // The phase a request was made in and the one its answer came in (down() and up() block, so no request straddles one unseen).
    type Answer = { phase: Phase; answeredIn: Phase; status: number; retryAfter: string | null };
    const answers: Answer[] = [];
    const accepted: string[] = [];
    let phase: Phase = "before";
    let stop = false;
    // Each phase waits for a condition on the answers; a client checks it after every answer.
    let waiter: { until: () => boolean; resolve: () => void } | undefined;
    const when = (until: () => boolean) => new Promise<void>((resolve) => (waiter = { until, resolve }));
    const client = async () => {
      while (!stop) {
        const startedIn = phase;
        const res = await app.request("/api/inquiries", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(validInquiry),
        });
        const body = (await res.json()) as { id?: string };
        answers.push({
          phase: startedIn,
          answeredIn: phase,
          status: res.status,
          retryAfter: res.headers.get("retry-after"),
        });
        if (res.status === 200) accepted.push(body.id!);
        if (waiter?.until()) waiter.resolve();
        // SQLite answers within microtasks: let the event loop turn between requests.
        await new Promise((r) => setImmediate(r));
      }
    };
    const inPhase = (p: Phase) => answers.filter((a) => a.phase === p && a.answeredIn === p);

    const clients = [client(), client(), client()];
    await when(() => inPhase("before").filter((a) => a.status === 200).length >= 5);
    outage.down();
    phase = "down";
    await when(() => inPhase("down").length >= 5);
    const readyWhileDown = (await app.request("/readyz")).status;
    outage.up();
    phase = "up";
    await when(() => inPhase("up").length >= 10 && answers.slice(-10).every((a) => a.status === 200));
    stop = true;
    await Promise.all(clients);

    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    // Every request made and answered while the database was down was answered 503 with Retry-After.
    expect(inPhase("down").length).toBeGreaterThanOrEqual(5);
    expect(inPhase("down").filter((a) => a.status !== 503 || a.retryAfter !== "5")).toEqual([]);
    for (const a of answers.filter((x) => x.status === 503)) expect(a.retryAfter).toBe("5");
    expect(answers.slice(-10).map((a) => a.status)).toEqual(Array(10).fill(200));
    const health = await app.request("/healthz");
    expect(health.status).toBe(200);
    expect(readyWhileDown).toBe(outage.readyWhileDown);
    expect((await app.request("/readyz")).status).toBe(200);
    const stored = await outage.database.db.selectFrom("leads").select("id").execute();
    expect(new Set(stored.map((r) => r.id))).toEqual(new Set(accepted));
    console.info(
      `${outage.kind}: ${answers.length} requests, ${accepted.length} accepted and stored, ${answers.filter((a) => a.status === 503).length} answered 503`,
    );
  });
});
