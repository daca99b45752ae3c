import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const fixture = path.resolve(import.meta.dirname, "../tests/fixtures/log-then-wait.ts");

/** Runs the fixture, sends SIGTERM once it has logged, and returns its stdout and exit code. */
function logThenTerminate(lines: number) {
  return new Promise<{ stdout: string; code: number | null }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", fixture], { env: { ...process.env, LINES: String(lines) }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      if (d.includes("logged")) child.kill("SIGTERM");
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ stdout, code }));
  });
}

describe("the production logger", () => {
  it("writes every buffered line before a clean exit on SIGTERM", async () => {
    const lines = 20_000;
    const { stdout, code } = await logThenTerminate(lines);
    expect(code).toBe(0);
    const logged = stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l) as { reqId: string });
    expect(logged).toHaveLength(lines);
    // In order and none doubled: the first and last are where they should be.
    expect(logged[0]!.reqId).toBe("r0");
    expect(logged.at(-1)!.reqId).toBe(`r${lines - 1}`);
    expect(new Set(logged.map((l) => l.reqId)).size).toBe(lines);
  }, 60_000);
});
