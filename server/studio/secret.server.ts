import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { AppConfig } from "../config.server";

/**
 * The secret that signs studio session cookies: from the environment when set
 * (required on a public production origin, see config.server.ts), otherwise one
 * generated per install and kept beside the SQLite file, so `npm start`, its
 * workers and the account CLI agree on it across restarts.
 */
export function studioAuthSecret(config: Pick<AppConfig, "STUDIO_AUTH_SECRET" | "BETTER_AUTH_SECRET" | "DATABASE_PATH" | "NODE_ENV">): string {
  const fromEnv = config.STUDIO_AUTH_SECRET ?? config.BETTER_AUTH_SECRET;
  if (fromEnv) return fromEnv;
  if (config.NODE_ENV === "test" || config.DATABASE_PATH === ":memory:") return testSecret;
  const file = path.join(path.dirname(path.resolve(config.DATABASE_PATH)), "studio-auth-secret");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    // "wx": of two processes starting at once, one writes and the other reads it.
    fs.writeFileSync(file, randomBytes(32).toString("base64"), { flag: "wx", mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  return fs.readFileSync(file, "utf8").trim();
}

/** Tests sign cookies with a fresh secret per process. */
const testSecret = randomBytes(32).toString("base64");
