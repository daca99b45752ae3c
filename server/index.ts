import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createNodeHandler } from "./app.server";
import { runPrimary } from "./cluster.server";
import { ConfigError, loadConfig } from "./config.server";
import { BackupError, type BackupSchedule, backupSettings, startBackupSchedule } from "./db/backup.server";
import { databaseOptionsFromConfig, migrateToLatest, openDatabase } from "./db/database.server";
import { askForWriteTurns } from "./db/write-turn.server";
import { closeHttpServer, createHttpServer } from "./http/node-server.server";
import { inquiryDeliveryHandlers } from "./inquiries/notifications.server";
import { createOutboxWorker } from "./inquiries/outbox.server";
import { createLogger, exitAfterFlush } from "./logger.server";
import { createMailer } from "./mail/mailer.server";
import { paymentDeliveryHandlers } from "./payments/notifications.server";
import { createLeadPrivacy, startRetentionJob } from "./studio/privacy.server";
import { quoteDeliveryHandlers } from "./quotes/notifications.server";

/**
 * Process entry: read config, open and migrate the database, listen, shut down cleanly.
 * With WEB_CONCURRENCY > 1 this process becomes the cluster primary: it migrates
 * once, then forks that many workers, which skip migrating and serve.
 */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const logger = createLogger(config);
  const serving = !(cluster.isPrimary && config.WEB_CONCURRENCY > 1);
  const dbOptions = databaseOptionsFromConfig(config);
  const database = openDatabase(
    // SQLite's WAL checkpoints (two fsyncs) off the event loop, in the processes that serve;
    // a cluster's workers take turns at its write lock through the primary (decision 0021).
    dbOptions.kind === "sqlite" && serving
      ? { ...dbOptions, writeTurns: cluster.isWorker ? askForWriteTurns(process) : undefined, backgroundCheckpoints: { onError: (err) => logger.error({ error: `${err.name}: ${err.message}` }, "WAL checkpoint worker failed; SQLite checkpoints on commit again") } }
      : dbOptions,
  );
  if (cluster.isPrimary) {
    const applied = await migrateToLatest(database);
    // Several processes may start together on one PostgreSQL: exactly one of them reports each migration.
    if (applied.length > 0) logger.info({ migrations: applied.map((m) => m.migrationName) }, "migrations applied");
  }
  // One process per machine takes the SQLite backups: this one, the cluster's primary or the only process.
  let backups: BackupSchedule | undefined;
  const backup = backupSettings(config);
  if (cluster.isPrimary && backup.dir && backup.source.kind === "sqlite") {
    backups = startBackupSchedule({
      ...backup,
      dir: backup.dir,
      onSuccess: (s) => logger.info({ backup: s.file, bytes: s.bytes, durationMs: s.durationMs }, "backup taken"),
      // Our own messages say what to do; a driver's may quote values, so only its kind and code.
      onError: (err) => logger.error({ error: err instanceof BackupError ? err.message : { name: err.name, code: (err as { code?: unknown }).code } }, "backup failed"),
    });
  } else if (cluster.isPrimary && backup.dir) {
    logger.info("PostgreSQL: backups are taken by npm run backup on a schedule (deploy/cascadia-backup.timer), not by the server");
  }
  if (cluster.isPrimary && config.WEB_CONCURRENCY > 1) {
    await database.close();
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

  // Notifications (inquiry emails, form-service forwards, payment emails) leave through the outbox worker.
  const mailer = createMailer(config, logger);
  const outbox = createOutboxWorker({
    database,
    logger,
    handlers: {
      ...inquiryDeliveryHandlers({ config, database, mailer }),
      ...paymentDeliveryHandlers({ config, database, mailer }),
      ...quoteDeliveryHandlers({ config, database, mailer }),
    },
  });

  const { listener } = createNodeHandler({
    config,
    database,
    logger,
    outbox,
    mailConfigured: mailer.configured,
    site: { clientDir: path.join(buildDir, "client"), serverBuild },
  });
  const server = createHttpServer(listener);
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    const host = config.HOST === "0.0.0.0" ? "localhost" : config.HOST;
    logger.info({ url: `http://${host}:${port}`, database: database.kind, ...(cluster.isWorker ? { worker: cluster.worker?.id } : {}) }, "listening");
    outbox.start();
    // One process purges expired leads (the first worker when clustered).
    if (!cluster.isWorker || cluster.worker?.id === 1) {
      retention = startRetentionJob(
        createLeadPrivacy({ database }),
        config.STUDIO_RETENTION_MONTHS,
        (purged) => purged > 0 && logger.info({ purged }, "retention: closed leads purged"),
        (err) => logger.error({ error: { name: err.name } }, "retention purge failed"),
      );
    }
  });
  let retention: { stop(): void } | undefined;

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    // Stop accepting; in-flight requests complete, then their connections close.
    closeHttpServer(server, async () => {
      // The worker finishes its pass first: it needs the database to record deliveries.
      retention?.stop();
      // A backup under way may finish within the shutdown's 10 s; past 5 s it is left (a partial file the next run removes).
      await backups?.stop({ waitMs: 5_000 });
      await outbox.stop();
      mailer.close();
      await database.close();
      logger.info("closed");
      await exitAfterFlush(logger, 0);
    });
    setTimeout(() => {
      logger.error("shutdown timed out after 10 s");
      void exitAfterFlush(logger, 1);
    }, 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
