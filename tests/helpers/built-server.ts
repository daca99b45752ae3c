import fs from "node:fs";
import path from "node:path";

import { configuredBuildDir } from "../../server/paths";

/**
 * The server as production runs it (`npm run serve`: build/node/index.js, server/index.ts
 * bundled), for tests that start it as a process. Starting server/index.ts through tsx instead
 * transformed the whole server on each start: seconds of CPU alone, past a minute on a loaded
 * machine. `npm run build` first (npm test does). BUILD_DIR in a test's own environment still
 * points the started server at a build of the test's making.
 */
export function builtServerEntry(): string {
  const entry = path.join(path.resolve(configuredBuildDir()), "node", "index.js");
  if (!fs.existsSync(entry))
    throw new Error(`No built server at ${entry}: run "npm run build" before this test (npm test does).`);
  return entry;
}
