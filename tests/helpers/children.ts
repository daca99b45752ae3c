import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

import type { DatabaseOptions } from "../../server/db/database.server";

const fixture = path.resolve(import.meta.dirname, "../fixtures/lease-holder.ts");

/** The environment that points tests/fixtures/lease-holder.ts at a test database. */
export function databaseEnv(options: DatabaseOptions): Record<string, string> {
  return options.kind === "postgres"
    ? { DATABASE_URL: options.url, DATABASE_SCHEMA: options.schema! }
    : { DATABASE_URL: "", DATABASE_PATH: options.path };
}

export type LeaseHolder = {
  child: ChildProcess;
  /** Resolves with the next JSON line the child prints that has `key`. */
  next(key: string): Promise<Record<string, unknown>>;
  go(): void;
  /** SIGKILL: no clean-up, no release; resolves once the process is gone. */
  kill(): Promise<void>;
};

/** Starts tests/fixtures/lease-holder.ts and waits until it has opened the database. */
export async function startLeaseHolder(env: Record<string, string>): Promise<LeaseHolder> {
  const child = spawn(process.execPath, ["--import", "tsx", fixture], {
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  let out = "";
  let ready: () => void;
  const isReady = new Promise<void>((r) => (ready = r));
  child.stdout!.setEncoding("utf8").on("data", (d: string) => {
    out += d;
    const parts = out.split("\n");
    out = parts.pop()!;
    for (const line of parts) {
      if (line === "ready") ready();
      else if (line.startsWith("{")) lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    for (const w of waiters.splice(0)) w();
  });
  await isReady;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  return {
    child,
    async next(key) {
      for (;;) {
        const i = lines.findIndex((l) => key in l || "error" in l);
        if (i !== -1) {
          const [line] = lines.splice(i, 1);
          if ("error" in line! && !(key in line)) throw new Error(String(line.error));
          return line!;
        }
        await new Promise<void>((r) => waiters.push(r));
      }
    },
    go: () => child.stdin!.write("go\n"),
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
