import { builtFile } from "./build";

/**
 * The server as production runs it (`npm run serve`: build/node/index.js, server/index.ts
 * bundled), for tests that start it as a process. Starting server/index.ts through tsx instead
 * transformed the whole server on each start: seconds of CPU alone, past a minute on a loaded
 * machine. `npm run build` first (npm test does). BUILD_DIR in a test's own environment still
 * points the started server at a build of the test's making.
 */
export function builtServerEntry(): string {
  return builtFile("node/index.js");
}
