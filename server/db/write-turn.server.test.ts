import { spawnSync } from "node:child_process";
import type { Worker } from "node:cluster";
import { EventEmitter } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { askForWriteTurns, serveWriteTurns, WriteTurnTimeout } from "./write-turn.server";

/** A primary and workers joined by in-memory channels that deliver like IPC: later, in order. */
function cluster(workers: number) {
  const primary = new EventEmitter();
  const procs = Array.from({ length: workers }, () => {
    const proc = new EventEmitter() as EventEmitter & { send(m: unknown): boolean };
    const worker = {
      send: (m: unknown) => (setImmediate(() => proc.emit("message", m)), true),
    } as unknown as Worker;
    proc.send = (m: unknown) => (setImmediate(() => primary.emit("message", worker, m)), true);
    return { proc, worker };
  });
  serveWriteTurns(primary as Parameters<typeof serveWriteTurns>[0]);
  return { primary, workers: procs.map(({ proc, worker }) => ({ worker, turns: askForWriteTurns(proc) })) };
}

describe("write turns handed out by the primary", () => {
  it("grants one turn at a time, in the order asked", async () => {
    const { workers } = cluster(3);
    const order: string[] = [];
    const first = await workers[0]!.turns.take(1000);
    const waiting = [1, 2].map((i) =>
      workers[i]!.turns.take(1000).then((giveBack) => (order.push(`w${i}`), giveBack)),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual([]);
    first();
    const second = await waiting[0]!;
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(["w1"]);
    second();
    (await waiting[1]!)();
    expect(order).toEqual(["w1", "w2"]);
  });

  it("passes a dead worker's turn on, and drops its place in the queue", async () => {
    const { primary, workers } = cluster(3);
    await workers[0]!.turns.take(1000);
    const w1 = workers[1]!.turns.take(1000);
    const w2 = workers[2]!.turns.take(1000);
    await new Promise((r) => setTimeout(r, 10));
    // Worker 1 dies while queued, worker 0 while holding the turn (never gives it back).
    primary.emit("exit", workers[1]!.worker);
    primary.emit("exit", workers[0]!.worker);
    await expect(w2).resolves.toBeTypeOf("function");
    void w1.catch(() => {});
  });

  it("gives up after the timeout with SQLITE_BUSY (answered 503), and a turn granted later goes straight back", async () => {
    const { workers } = cluster(2);
    const held = await workers[0]!.turns.take(1000);
    const late = workers[1]!.turns.take(30);
    await expect(late).rejects.toBeInstanceOf(WriteTurnTimeout);
    await expect(late).rejects.toMatchObject({ code: "SQLITE_BUSY" });
    held();
    // The late grant went back, so worker 0 gets the next turn at once.
    const again = await workers[0]!.turns.take(200);
    again();
  });
});

describe("write turns in a real cluster on one SQLite file", () => {
  it("keeps every worker's writes going when one is killed holding the write lock", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-turns-"));
    try {
      const run = spawnSync(
        process.execPath,
        [
          "--import",
          "tsx",
          path.join(import.meta.dirname, "write-turn.fixture.ts"),
          path.join(dir, "app.db"),
        ],
        {
          encoding: "utf8",
          timeout: 60_000,
        },
      );
      expect(run.stderr).toBe("");
      const report = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as {
        written: number;
        failed: number;
        killedHeld: boolean;
        afterKillMs: number;
      };
      // The killed worker was inside a transaction; the survivors wrote all their rows, none failed.
      expect(report.killedHeld).toBe(true);
      expect(report.failed).toBe(0);
      expect(report.written).toBe(2 * 200);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
