import fs from "node:fs";
import path from "node:path";

import { configuredBuildDir } from "../../server/paths";

/**
 * A file of the build (`npm run build`, or BUILD_DIR), by its path inside the build directory:
 * "node/index.js", "server/index.js", "client/about/index.html". Tests of the built site read
 * or start what production serves; without a build they fail saying so, not on a missing file.
 */
export function builtFile(relativePath: string): string {
  const file = path.join(path.resolve(configuredBuildDir()), relativePath);
  if (!fs.existsSync(file))
    throw new Error(
      `No ${relativePath} in ${configuredBuildDir()}: run "npm run build" before this test (npm test does).`,
    );
  return file;
}

/**
 * A studio command as the build compiled it (scripts/build-server.ts), for `node <file> args`:
 * the end-to-end tests run these instead of the sources through tsx (half the CPU a run).
 */
export function builtCommand(
  name: "studio-user" | "studio-quote" | "reminders" | "agreement-verify",
): string {
  return builtFile(`node/${name}.js`);
}
