import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

import { createEmptyDatabase, testDatabaseKind } from "../../tests/helpers/databases";
import { migrations } from "./migrations";

const fixture = path.resolve(import.meta.dirname, "../../tests/fixtures/migrate-on-signal.ts");

type Outcome = { applied?: string[]; error?: string };

/** Starts `n` processes, lets them all migrate at the same moment, and collects what each did. */
async function migrateInProcesses(n: number, env: Record<string, string>) {
  const children: ChildProcess[] = [];
  const outcomes: Promise<Outcome>[] = [];
  const ready: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const child = spawn(process.execPath, ["--import", "tsx", fixture], {
      env: { ...process.env, ...env },
      stdio: ["pipe", "pipe", "inherit"],
    });
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
          resolve(
            last.startsWith("{")
              ? (JSON.parse(last) as Outcome)
              : { error: `exited without a result: ${out}` },
          );
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
    const db = await createEmptyDatabase();
    dispose = db.dispose;
    const env: Record<string, string> =
      db.options.kind === "postgres"
        ? { DATABASE_URL: db.options.url, DATABASE_SCHEMA: db.options.schema! }
        : { DATABASE_URL: "", DATABASE_PATH: db.options.path };
    const outcomes = await migrateInProcesses(3, env);
    expect(outcomes.map((o) => o.error).filter(Boolean)).toEqual([]);
    const applied = outcomes.flatMap((o) => o.applied ?? []);
    // Every migration applied by one process, none twice; the others found nothing to do.
    expect(applied.sort()).toEqual(Object.keys(migrations).sort());
  });
});
