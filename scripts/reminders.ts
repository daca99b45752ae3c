/**
 * `npm run reminders -- run [--at ISO-TIME]`: queues the follow-up reminders due now on the
 * database the server uses (DATABASE_URL or DATABASE_PATH); the server's outbox sends them.
 */
import { loadConfigOrExit } from "../server/config.server";
import { databaseOptionsFromConfig, migrateToLatest, openDatabase } from "../server/db/database.server";
import { createLogger } from "../server/logger.server";
import { runReminderCommand } from "../server/reminders/cli.server";
import { createServices } from "../server/services.server";

async function main() {
  const config = loadConfigOrExit();
  const database = openDatabase(databaseOptionsFromConfig(config));
  try {
    await migrateToLatest(database);
    // Only the scan runs here: the services' mailer never sends outside a serving process.
    const logger = createLogger(config, { stream: process.stderr, level: "error" });
    const { reminders } = createServices({ config, database, logger });
    process.exitCode = await runReminderCommand(
      process.argv.slice(2),
      { database, reminders, production: config.NODE_ENV === "production" },
      { out: console.log, err: console.error },
    );
  } finally {
    await database.close();
  }
}

await main();
