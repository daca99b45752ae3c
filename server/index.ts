import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createNodeHandler } from "./app.server";
import { runPrimary } from "./cluster.server";
import { ConfigError, loadConfig } from "./config.server";
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
import { unsupportedRuntime } from "./runtime.server";
import { timeZoneCheck } from "./time-zone.server";

/**
 * Process entry: read config, open and migrate the database, listen, shut down cleanly.
 * With WEB_CONCURRENCY > 1 this process becomes the cluster primary: it migrates
 * once, then forks that many workers, which skip migrating and serve.
 */
async function main() {
  const runtime = unsupportedRuntime();
  if (runtime) {
    console.error(runtime);
    process.exit(1);
  }
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
  const timeZone = timeZoneCheck(config);
  if (timeZone?.refuse) {
    console.error(timeZone.message);
    process.exit(1);
  }
  const logger = createLogger(config);
  if (timeZone && cluster.isPrimary) logger.warn({ tz: process.versions.tz }, `WARNING: ${timeZone.message}`);
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
  if (cluster.isPrimary && config.WEB_CONCURRENCY > 1) {
    await database.close();
    runPrimary(config.WEB_CONCURRENCY, logger, { writeTurns: database.kind === "sqlite" });
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
