import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createApp } from "./app.server";
import { ConfigError, loadConfig } from "./config.server";
import { databaseOptionsFromConfig, migrateToLatest, openDatabase } from "./db/database.server";
import { inquiryDeliveryHandlers } from "./inquiries/notifications.server";
import { createOutboxWorker } from "./inquiries/outbox.server";
import { createLogger } from "./logger.server";
import { createMailer } from "./mail/mailer.server";

/** Process entry: read config, open and migrate the database, listen, shut down cleanly. */
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
  const database = openDatabase(databaseOptionsFromConfig(config));
  await migrateToLatest(database);

  const buildDir = path.resolve(config.BUILD_DIR);
  let serverBuild: ServerBuild;
  try {
    serverBuild = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  } catch {
    logger.fatal(`No build found in ${buildDir}. Run "npm run build" first (or "npm start", which builds).`);
    process.exit(1);
  }

  // Notifications (inquiry emails, form-service forwards) leave through the outbox worker.
  const mailer = createMailer(config, logger);
  const outbox = createOutboxWorker({ database, logger, handlers: { ...inquiryDeliveryHandlers({ config, database, mailer }) } });

  const app = createApp({
    config,
    database,
    logger,
    outbox,
    mailConfigured: mailer.configured,
    site: { clientDir: path.join(buildDir, "client"), serverBuild },
  });
  const server = serve({ fetch: app.fetch, hostname: config.HOST, port: config.PORT }, (info) => {
    logger.info({ url: `http://${info.address === "0.0.0.0" ? "localhost" : info.address}:${info.port}`, database: database.kind }, "listening");
    outbox.start();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    // Stop accepting; in-flight requests complete, idle keep-alive sockets close now.
    server.close(async () => {
      // The worker finishes its pass first: it needs the database to record deliveries.
      await outbox.stop();
      mailer.close();
      await database.close();
      logger.info("closed");
      process.exit(0);
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
    setTimeout(() => {
      logger.error("shutdown timed out after 10 s");
      process.exit(1);
    }, 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
