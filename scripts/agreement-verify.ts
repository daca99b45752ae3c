/**
 * `npm run agreement:verify -- <quote id or reference>`: recomputes the hash of
 * a stored signed agreement, on the database the server uses, and says whether
 * it matches (exit 0) or not (exit 1); no agreement: exit 2.
 */
import { loadConfigOrExit } from "../server/config.server";
import { databaseOptionsFromConfig, migrateToLatest, openDatabase } from "../server/db/database.server";
import { runAgreementVerify } from "../server/quotes/agreement.server";

async function main() {
  const config = loadConfigOrExit();
  const database = openDatabase(databaseOptionsFromConfig(config));
  try {
    await migrateToLatest(database);
    process.exitCode = await runAgreementVerify(process.argv.slice(2), database, {
      out: console.log,
      err: console.error,
    });
  } finally {
    await database.close();
  }
}

await main();
