import cluster, { type Worker } from "node:cluster";

import { exitAfterFlush, onStopSignal, type Logger } from "./logger.server";

/**
 * The primary of a WEB_CONCURRENCY > 1 deployment: forks the HTTP workers
 * (they share the listening port), replaces a worker that dies, and on
 * SIGTERM/SIGINT asks every worker to finish its in-flight requests and exit.
 * The primary serves no requests; migrations have already run in it, once.
 * Only on PostgreSQL: the configuration refuses several processes on SQLite (decision 0043).
 */
export function runPrimary(workers: number, logger: Logger) {
  let closing = false;
  const recentDeaths: number[] = [];

  const fork = () => cluster.fork();
  for (let i = 0; i < workers; i++) fork();

  cluster.on("exit", (worker: Worker, code, signal) => {
    if (closing) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.info("all workers exited");
        void exitAfterFlush(logger, 0);
      }
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, "worker died; starting a replacement");
    // A worker that keeps dying at start-up (bad build, port taken) must not spin.
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths.length && recentDeaths[0]! < now - 10_000) recentDeaths.shift();
    if (recentDeaths.length > workers * 3) {
      logger.fatal("workers keep dying; giving up");
      void exitAfterFlush(logger, 1);
      return;
    }
    setTimeout(fork, 200 * recentDeaths.length);
  });

  onStopSignal(logger, { limitMs: 15_000, late: "workers did not exit within 15 s" }, (signal) => {
    closing = true;
    logger.info({ signal, workers: Object.keys(cluster.workers ?? {}).length }, "shutting down workers");
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    if (Object.keys(cluster.workers ?? {}).length === 0) void exitAfterFlush(logger, 0);
  });
}
