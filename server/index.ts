import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

import { runPrimary } from "./cluster.server";
import { loadConfigOrExit, type AppConfig } from "./config.server";
import {
  BackupError,
  backupSettings,
  lastBackupAt,
  startBackupSchedule,
  type BackupSchedule,
} from "./db/backup.server";
import { databaseOptionsFromConfig, migrateToLatest, openDatabase } from "./db/database.server";
import { askForWriteTurns } from "./db/write-turn.server";
import { createNodeHandler } from "./http/listener.server";
import { createHttpServer } from "./http/node-server.server";
import { createLogger, exitAfterFlush, type Logger } from "./logger.server";
import { getProcessMetrics, scrapeThroughPrimary, serveClusterScrapes } from "./metrics.server";
import { closeOnSignals, startProcess } from "./process.server";
import { unsupportedRuntime } from "./runtime.server";
import { timeZoneCheck } from "./time-zone.server";

/**
 * Process entry: read config, open and migrate the database, listen, shut down cleanly.
 * With WEB_CONCURRENCY > 1 this process becomes the cluster primary: it migrates
 * once, then forks that many workers, which skip migrating and serve.
 */
async function main() {
  const { config, timeZone } = checkedConfig();
  const logger = createLogger(config);
  if (timeZone && cluster.isPrimary) logger.warn({ tz: process.versions.tz }, `WARNING: ${timeZone.message}`);
  const serving = !(cluster.isPrimary && config.WEB_CONCURRENCY > 1);
  const metrics = serving ? servingMetrics(config) : undefined;
  const database = openProcessDatabase(config, logger, serving, metrics);
  if (cluster.isPrimary) {
    const applied = await migrateToLatest(database);
    // Several processes may start together on one PostgreSQL: exactly one of them reports each migration.
    if (applied.length > 0)
      logger.info({ migrations: applied.map((m) => m.migrationName) }, "migrations applied");
  }
  const backups = cluster.isPrimary ? startBackups(config, logger) : undefined;
  if (cluster.isPrimary && config.WEB_CONCURRENCY > 1) {
    await database.close();
    serveClusterScrapes();
    runPrimary(config.WEB_CONCURRENCY, logger, { writeTurns: database.kind === "sqlite" });
    // No new backup once shutting down; one under way finishes while the workers do, or leaves a partial file a later run removes.
    for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void backups?.stop());
    return;
  }

  const buildDir = path.resolve(config.BUILD_DIR);
  let serverBuild: ServerBuild;
  try {
    serverBuild = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  } catch {
    logger.fatal(`No build found in ${buildDir}. Run "npm run build" first (or "npm start", which builds).`);
    return exitAfterFlush(logger, 1);
  }

  // A backup under way may finish within the shutdown's 10 s; past 5 s it is left (a partial file the next run removes).
  const services = startProcess({
    config,
    database,
    logger,
    metrics,
    beforeStop: () => backups?.stop({ waitMs: 5_000 }) ?? Promise.resolve(),
  });
  const { listener } = createNodeHandler({
    ...services.appDeps,
    site: { clientDir: path.join(buildDir, "client"), serverBuild },
  });
  const server = createHttpServer(listener);
  services.listen(server, cluster.isWorker ? { worker: cluster.worker?.id } : {});

  closeOnSignals({ server, services, logger });
}

/**
 * The configuration and the time-zone data's problem if any (a warning), once the runtime and the
 * time-zone data are known to be fit to run on; otherwise the process exits with why.
 */
function checkedConfig() {
  const runtime = unsupportedRuntime();
  if (runtime) {
    console.error(runtime);
    process.exit(1);
  }
  const config = loadConfigOrExit();
  const timeZone = timeZoneCheck(config);
  if (timeZone?.refuse) {
    console.error(timeZone.message);
    process.exit(1);
  }
  return { config, timeZone };
}

/**
 * The processes that serve count their requests and queries; a cluster's primary aggregates its
 * workers' (decision in metrics.server.ts).
 */
function servingMetrics(config: AppConfig) {
  const processMetrics = getProcessMetrics();
  // A worker answers the primary's collection from the start (a scrape waits for every worker),
  // and its own /metrics reports every worker, through the primary.
  const metrics = cluster.isWorker
    ? { ...processMetrics, scrape: scrapeThroughPrimary(processMetrics) }
    : processMetrics;
  // The last backup's time, read from BACKUP_DIR's status file when scraped: the same in every
  // worker, and set by the PostgreSQL timer's dumps too (docs/deploy.md#alert-rules).
  const backupDir = config.BACKUP_DIR;
  if (backupDir) {
    metrics.gauge(
      "cascadia_backup_last_success_timestamp_seconds",
      "Unix time of the last successful backup.",
      {
        aggregator: "max",
        collect() {
          const at = lastBackupAt(backupDir);
          if (at) this.set(at.getTime() / 1000);
        },
      },
    );
  }
  return metrics;
}

function openProcessDatabase(
  config: AppConfig,
  logger: Logger,
  serving: boolean,
  metrics: ReturnType<typeof servingMetrics> | undefined,
) {
  const dbOptions = { ...databaseOptionsFromConfig(config), onQuery: metrics?.observeQuery };
  return openDatabase(
    // SQLite's WAL checkpoints (two fsyncs) off the event loop, in the processes that serve;
    // a cluster's workers take turns at its write lock through the primary (decision 0021).
    dbOptions.kind === "sqlite" && serving
      ? {
          ...dbOptions,
          writeTurns: cluster.isWorker ? askForWriteTurns(process) : undefined,
          backgroundCheckpoints: {
            onError: (err) =>
              logger.error(
                { error: `${err.name}: ${err.message}` },
                "WAL checkpoint worker failed; SQLite checkpoints on commit again",
              ),
          },
        }
      : dbOptions,
  );
}

/** One process per machine takes the SQLite backups: this one, the cluster's primary or the only process. */
function startBackups(config: AppConfig, logger: Logger): BackupSchedule | undefined {
  const backup = backupSettings(config);
  if (backup.dir && backup.source.kind === "sqlite") {
    return startBackupSchedule({
      ...backup,
      dir: backup.dir,
      onSuccess: (s) =>
        logger.info({ backup: s.file, bytes: s.bytes, durationMs: s.durationMs }, "backup taken"),
      // Our own messages say what to do; a driver's may quote values, so only its kind and code.
      onError: (err) =>
        logger.error(
          {
            error:
              err instanceof BackupError
                ? err.message
                : { name: err.name, code: (err as { code?: unknown }).code },
          },
          "backup failed",
        ),
    });
  }
  if (backup.dir)
    logger.info(
      "PostgreSQL: backups are taken by npm run backup on a schedule (deploy/cascadia-backup.timer), not by the server",
    );
  return undefined;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
