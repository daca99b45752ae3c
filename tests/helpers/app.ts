import { createApp } from "../../server/app.server";
import { loadConfig } from "../../server/config.server";
import { createLogger } from "../../server/logger.server";
import { openTestDatabase, type TestDatabase } from "./databases";

/** The HTTP app wired to a fresh test database, without the built site. */
export async function createTestApp(env: Record<string, string> = {}) {
  const config = loadConfig({ NODE_ENV: "test", ...env });
  const database: TestDatabase = await openTestDatabase();
  const logger = createLogger(config);
  const app = createApp({ config, database, logger });
  return { app, config, database, logger, dispose: () => database.dispose() };
}
