import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

import { sqliteOneProcess } from "../../server/config.server";
import { builtServerEntry } from "../helpers/built-server";

const root = path.resolve(import.meta.dirname, "../..");

/** Runs the built server to its exit: the code and what it wrote to stderr. */
function runToExit(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [builtServerEntry()], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  return new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not exit in 90 s: ${stderr}`));
    }, 90_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

/** Decision 0043: SQLite serves one process; a cluster runs on PostgreSQL. */
describe("several processes on SQLite", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("are refused at start, with the fix in the message, before the database is touched", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-one-process-"));
    dirs.push(dir);
    const databasePath = path.join(dir, "data/app.db");
    const { code, stderr } = await runToExit({
      ...process.env,
      NODE_ENV: "production",
      PAYMENTS_PROVIDER: "sandbox",
      HOST: "127.0.0.1",
      PORT: "0",
      WEB_CONCURRENCY: "2",
      DATABASE_URL: "",
      DATABASE_PATH: databasePath,
      BACKUP_DIR: "off",
      BUILD_DIR: path.join(dir, "build"),
    });
    expect(code).toBe(1);
    expect(stderr).toContain(`WEB_CONCURRENCY: ${sqliteOneProcess(2)}`);
    expect(fs.existsSync(databasePath)).toBe(false);
  });
});
