import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createNodeHandler } from "./app.server";
import { runPrimary } from "./cluster.server";
import { closeOnSignals, composeServices } from "./compose.server";
import { loadConfigOrExit } from "./config.server";
import { databaseOptionsFromConfig, migrateToLatest, openDatabase } from "./db/database.server";
import { askForWriteTurns } from "./db/write-turn.server";
import { createHttpServer } from "./http/node-server.server";
import { createLogger, exitAfterFlush } from "./logger.server";

/**
 * Process entry: read config, open and migrate the database, listen, shut down cleanly.
 * With WEB_CONCURRENCY > 1 this process becomes the cluster primary: it migrates
 * once, then forks that many workers, which skip migrating and serve.
 */
async function main() {
  const config = loadConfigOrExit();
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

  const services = composeServices({ config, database, logger });
  const { listener } = createNodeHandler({
    ...services.appDeps,
    site: { clientDir: path.join(buildDir, "client"), serverBuild },
  });
  const server = createHttpServer(listener);
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    const host = config.HOST === "0.0.0.0" ? "localhost" : config.HOST;
    logger.info({ url: `http://${host}:${port}`, database: database.kind, ...(cluster.isWorker ? { worker: cluster.worker?.id } : {}) }, "listening");
    // One process purges expired leads (the first worker when clustered).
    services.start({ retention: !cluster.isWorker || cluster.worker?.id === 1 });
  });

  closeOnSignals({ server, services, logger });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
