import type { Worker } from "node:cluster";

/**
 * Turns at SQLite's one write lock for the workers of a cluster, handed out by
 * the primary in the order they were asked for (decision 0021).
 *
 * Without them, a worker that finds the lock taken can only try again later, and
 * the worker holding it, with more requests queued, takes it again first: under
 * load one worker's writes waited up to 80 ms while the other's went through.
 * A turn costs a message to the primary and one back (~0.1 ms) and makes the wait
 * first come, first served. A writer outside the cluster (a script, a backup)
 * still meets SQLITE_BUSY, which the driver keeps retrying.
 */
export type WriteTurns = {
  /** Resolves with the function that gives the turn back; rejects after `timeoutMs`. */
  take(timeoutMs: number): Promise<() => void>;
};

const KEY = "sqliteWriteTurn";
type TurnMessage = { [KEY]: "ask" | "give-back" | "granted"; id: number };

function isTurnMessage(m: unknown): m is TurnMessage {
  return typeof m === "object" && m !== null && KEY in m && typeof (m as TurnMessage).id === "number";
}

/** A write lock wait that ran out; answered 503 like SQLite's own SQLITE_BUSY. */
export class WriteTurnTimeout extends Error {
  readonly code = "SQLITE_BUSY";
  constructor(ms: number) {
    super(`no turn at the SQLite write lock within ${ms} ms`);
  }
}

type ClusterEvents = {
  on(event: "message", listener: (worker: Worker, message: unknown) => void): unknown;
  on(event: "exit", listener: (worker: Worker) => void): unknown;
};

/** In the primary: one holder at a time, the others queued in order; a dead worker's turn passes on. */
export function serveWriteTurns(cluster: ClusterEvents) {
  const queue: Array<{ worker: Worker; id: number }> = [];
  let holder: { worker: Worker; id: number } | undefined;
  const grantNext = () => {
    while ((holder = queue.shift())) {
      try {
        holder.worker.send({ [KEY]: "granted", id: holder.id } satisfies TurnMessage);
        return;
      } catch {
        // The worker is going away; its exit is handled below. Next in line.
      }
    }
  };
  cluster.on("message", (worker, message) => {
    if (!isTurnMessage(message)) return;
    if (message[KEY] === "ask") {
      queue.push({ worker, id: message.id });
      if (!holder) grantNext();
    } else if (message[KEY] === "give-back" && holder?.worker === worker && holder.id === message.id) {
      grantNext();
    }
  });
  cluster.on("exit", (worker) => {
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.worker === worker) queue.splice(i, 1);
    // A killed worker's SQLite lock went with its process; the turn goes to the next.
    if (holder?.worker === worker) grantNext();
  });
}

type WorkerProcess = {
  on(event: "message", listener: (message: unknown) => void): unknown;
  send?(message: unknown): boolean;
};

/** In a worker: asks the primary for turns. */
export function askForWriteTurns(proc: WorkerProcess): WriteTurns {
  let last = 0;
  const waiting = new Map<number, () => void>();
  const send = (m: TurnMessage) => proc.send?.(m);
  proc.on("message", (message: unknown) => {
    if (!isTurnMessage(message) || message[KEY] !== "granted") return;
    const granted = waiting.get(message.id);
    waiting.delete(message.id);
    // A turn granted after its asker gave up waiting goes straight back.
    if (granted) granted();
    else send({ [KEY]: "give-back", id: message.id });
  });
  return {
    take(timeoutMs) {
      const id = ++last;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new WriteTurnTimeout(timeoutMs));
        }, timeoutMs);
        waiting.set(id, () => {
          clearTimeout(timer);
          let given = false;
          resolve(() => {
            if (given) return;
            given = true;
            send({ [KEY]: "give-back", id });
          });
        });
        send({ [KEY]: "ask", id });
      });
    },
  };
}
