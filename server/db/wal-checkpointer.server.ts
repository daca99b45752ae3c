import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";

/**
 * WAL checkpoints on a worker thread instead of inside a commit.
 *
 * By default SQLite checkpoints from the commit that takes the WAL past 1,000
 * pages (every ~150 inquiries): it copies the pages into the database file and
 * fsyncs both files, on the event loop, with every other request waiting
 * (10 ms and more on this disk; half the time SQLite spent per inquiry).
 * Here the serving connection never checkpoints (wal_autocheckpoint = 0); a
 * second connection on a worker thread runs PASSIVE checkpoints every
 * `intervalMs`. PASSIVE never blocks the writer, and the fsyncs are the same
 * ones, so durability is unchanged (synchronous = NORMAL).
 *
 * SQLite rewinds the WAL to its start only at a write that finds every frame
 * checkpointed; under sustained writes the worker never quite catches up and
 * the WAL would grow. So when the worker sees more than `maxWalFrames` frames
 * in it, the serving connection checkpoints once itself (the worker has copied
 * all but the last few pages, so that one is short) and the next write rewinds.
 * If the worker fails, the connection goes back to SQLite's own checkpoints.
 */
export type WalCheckpointerOptions = {
  intervalMs?: number;
  maxWalFrames?: number;
  /** Told when the worker fails (SQLite's own checkpoints are back on by then). */
  onError?: (error: Error) => void;
};

export const WAL_CHECKPOINTER_DEFAULTS = { intervalMs: 100, maxWalFrames: 10_000 };

/** SQLite's own threshold, restored if the worker fails. */
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;

// Runs on the worker thread (CommonJS, as eval'd workers are).
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("synchronous = NORMAL");
db.pragma("busy_timeout = 0");
const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
// A passing error (another process holding a lock, a database briefly unreachable) skips one
// round; only a lasting one ends the worker, and the serving connection checkpoints again.
let failures = 0;
// The latest request (nextRound()) of the serving thread: answered after the next round.
let requested = 0;
let reported = 0;
const timer = setInterval(() => {
  try {
    const { log, checkpointed } = checkpoint.get();
    failures = 0;
    if (log > workerData.maxWalFrames) parentPort.postMessage({ log });
    if (requested > reported) parentPort.postMessage({ round: { log, checkpointed }, request: (reported = requested) });
  } catch (error) {
    if (++failures >= 50) throw error;
  }
}, workerData.intervalMs);
parentPort.on("message", (m) => {
  if (typeof m === "number") requested = m;
  if (m !== "stop") return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** What one checkpoint round found: frames in the WAL, and how many of them are in the database file. */
export type CheckpointRound = { log: number; checkpointed: number };

export function startWalCheckpointer(
  sqlite: SQLite.Database,
  file: string,
  options: WalCheckpointerOptions = {},
) {
  const { intervalMs, maxWalFrames } = { ...WAL_CHECKPOINTER_DEFAULTS, ...options };
  sqlite.pragma("wal_autocheckpoint = 0");
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  // A small heap: the worker holds one connection and a timer.
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, file, intervalMs, maxWalFrames },
    resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16, stackSizeMb: 1 },
  });
  // Never what keeps the process alive.
  worker.unref();
  let stopping = false;

  // Requests are numbered, so a round that began before a request never answers it.
  let requests = 0;
  const waiting = new Map<number, { resolve(round: CheckpointRound): void; reject(error: Error): void }>();
  worker.on("message", (m: { log: number } | { round: CheckpointRound; request: number }) => {
    if ("round" in m) {
      for (const [n, w] of waiting) {
        if (n > m.request) continue;
        waiting.delete(n);
        w.resolve(m.round);
      }
      return;
    }
    // The WAL is long: one short checkpoint here lets the next write rewind it.
    try {
      if (sqlite.open) sqlite.pragma("wal_checkpoint(PASSIVE)");
    } catch {
      // Busy or unreachable right now: the worker asks again while the WAL stays long.
    }
  });
  worker.on("error", (error) => {
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
    options.onError?.(error);
  });
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  void exited.then(() => {
    for (const w of waiting.values()) w.reject(new Error("WAL checkpoint worker exited"));
    waiting.clear();
    if (!stopping && sqlite.open) {
      sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
      options.onError?.(new Error("WAL checkpoint worker exited"));
    }
  });

  return {
    /**
     * Resolves when the worker's next round (started by its timer, as in service) has
     * run, after the serving connection's own checkpoint if that round asked for one:
     * so a test awaits the checkpoint instead of betting on how soon it comes.
     */
    nextRound(): Promise<CheckpointRound> {
      if (stopping) return Promise.reject(new Error("WAL checkpointer stopped"));
      const n = ++requests;
      return new Promise((resolve, reject) => {
        waiting.set(n, { resolve, reject });
        worker.postMessage(n);
      });
    },
    /** Closes the worker's connection and ends it; the serving connection can then close last. */
    async stop() {
      if (stopping) return exited;
      stopping = true;
      worker.postMessage("stop");
      const timer = setTimeout(() => void worker.terminate(), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export type WalCheckpointer = ReturnType<typeof startWalCheckpointer>;
