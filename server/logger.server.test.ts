import { spawn } from "node:child_process";
import path from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";

import { createAccessLog, createLogger } from "./logger.server";

const fixture = path.resolve(import.meta.dirname, "../tests/fixtures/log-then-wait.ts");

/** Runs the fixture, sends SIGTERM once it has logged, and returns its stdout and exit code. */
function logThenTerminate(lines: number, exit: "flush" | "direct" = "flush") {
  return new Promise<{ stdout: string; code: number | null }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", fixture], {
      env: { ...process.env, LINES: String(lines), EXIT: exit },
      stdio: ["ignore", "pipe", "pipe"],
    });
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
  it.each(["flush", "direct"] as const)(
    "writes every buffered line before a clean exit on SIGTERM (%s)",
    async (exit) => {
      const lines = 20_000;
      const { stdout, code } = await logThenTerminate(lines, exit);
      expect(code).toBe(0);
      const logged = stdout
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { reqId: string });
      expect(logged).toHaveLength(lines);
      // In order and none doubled: the first and last are where they should be.
      expect(logged[0]!.reqId).toBe("r0");
      expect(logged.at(-1)!.reqId).toBe(`r${lines - 1}`);
      expect(new Set(logged.map((l) => l.reqId)).size).toBe(lines);
    },
    60_000,
  );
});

describe("the access log", () => {
  function capture(level: "info" | "warn") {
    const lines: string[] = [];
    const stream = new Writable({
      write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()),
    });
    const logger = createLogger({ NODE_ENV: "production", LOG_LEVEL: level }, { stream });
    return { logger, lines };
  }

  it("writes the line logger.info would write, in its place among the others", () => {
    const { logger, lines } = capture("info");
    const accessLog = createAccessLog(logger);
    logger.info({ reqId: "r1", method: "GET", path: '/a "quoted"\\path\n', status: 304, ms: 2 }, "request");
    accessLog("r1", "GET", '/a "quoted"\\path\n', 304, 2);
    logger.warn("after");
    expect(lines).toHaveLength(3);
    const [viaPino, ours] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(Object.keys(ours!)).toEqual(Object.keys(viaPino!));
    expect({ ...ours, time: 0 }).toEqual({ ...viaPino, time: 0 });
    expect(ours!.time).toEqual(expect.any(Number));
    expect(JSON.parse(lines[2]!)).toMatchObject({ msg: "after" });
  });

  it("is quiet when the level is above info", () => {
    const { logger, lines } = capture("warn");
    createAccessLog(logger)("r1", "GET", "/", 200, 0);
    expect(lines).toHaveLength(0);
  });
});
