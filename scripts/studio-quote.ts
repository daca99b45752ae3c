/**
 * `npm run studio-quote -- create|send|withdraw|list ...`: the studio's quotes
 * from the command line, on the database the server uses (DATABASE_URL or
 * DATABASE_PATH). The server's outbox worker delivers the emails it queues.
 */
import { loadConfigOrExit } from "../server/config.server";
import { databaseOptionsFromConfig, migrateToLatest, openDatabase } from "../server/db/database.server";
import { createLogger } from "../server/logger.server";
import { runQuoteCommand } from "../server/quotes/cli.server";
import { createServices } from "../server/services.server";

async function main() {
  const config = loadConfigOrExit();
  const database = openDatabase(databaseOptionsFromConfig(config));
  try {
    await migrateToLatest(database);
    // Withdrawing (or expiring) closes the quote's open checkouts with the provider the server uses; its errors go to stderr.
    const logger = createLogger(config, { stream: process.stderr, level: "error" });
    const { quotes } = createServices({ config, database, logger });
    process.exitCode = await runQuoteCommand(process.argv.slice(2), quotes, {
      out: console.log,
      err: console.error,
    });
  } finally {
    await database.close();
  }
}

await main();
