import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabaseKind } from "../../tests/helpers/databases";
import { migrations } from "./migrations";

const fixture = path.resolve(import.meta.dirname, "../../tests/fixtures/migrate-on-signal.ts");

type Outcome = { applied?: string[]; error?: string };

/** A fresh, empty database (PostgreSQL schema or SQLite file) and the environment naming it. */
async function freshDatabase(): Promise<{ env: Record<string, string>; dispose(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const schema = `m_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    return {
      env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
      async dispose() {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop schema if exists ${schema} cascade`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-migrate-"));
  return { env: { DATABASE_URL: "", DATABASE_PATH: path.join(dir, "app.db") }, dispose: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Starts `n` processes, lets them all migrate at the same moment, and collects what each did. */
async function migrateInProcesses(n: number, env: Record<string, string>) {
  const children: ChildProcess[] = [];
  const outcomes: Promise<Outcome>[] = [];
  const ready: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const child = spawn(process.execPath, ["--import", "tsx", fixture], { env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "inherit"] });
    children.push(child);
    let out = "";
    let signalReady: () => void;
    ready.push(new Promise((r) => (signalReady = r)));
    outcomes.push(
      new Promise((resolve, reject) => {
        child.stdout!.setEncoding("utf8").on("data", (d: string) => {
          out += d;
          if (out.includes("ready\n")) signalReady();
        });
        child.on("error", reject);
        child.on("exit", () => {
          const last = out.trim().split("\n").at(-1) ?? "";
          resolve(last.startsWith("{") ? (JSON.parse(last) as Outcome) : { error: `exited without a result: ${out}` });
        });
      }),
    );
  }
  await Promise.all(ready);
  for (const child of children) child.stdin!.write("go\n");
  return Promise.all(outcomes);
}

describe(`migrations on ${testDatabaseKind}`, () => {
  let dispose: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await dispose?.();
  });

  it("run exactly once when three processes start migrating a fresh database at the same moment", async () => {
    const db = await freshDatabase();
    dispose = db.dispose;
    const outcomes = await migrateInProcesses(3, db.env);
    expect(outcomes.map((o) => o.error).filter(Boolean)).toEqual([]);
    const applied = outcomes.flatMap((o) => o.applied ?? []);
    // Every migration applied by one process, none twice; the others found nothing to do.
    expect(applied.sort()).toEqual(Object.keys(migrations).sort());
  }, 60_000);
});
