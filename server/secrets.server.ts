import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import type { AppConfig } from "./config.server";

/**
 * The secret that signs studio session cookies: from the environment when set
 * (required on a public production origin, see config.server.ts), otherwise one
 * generated per install and kept beside the SQLite file, so `npm start`, its
 * workers and the account CLI agree on it across restarts.
 */
export function studioAuthSecret(
  config: Pick<AppConfig, "STUDIO_AUTH_SECRET" | "BETTER_AUTH_SECRET" | "DATABASE_PATH" | "NODE_ENV">,
): string {
  const fromEnv = config.STUDIO_AUTH_SECRET ?? config.BETTER_AUTH_SECRET;
  if (fromEnv) return fromEnv;
  if (config.NODE_ENV === "test" || config.DATABASE_PATH === ":memory:") return testSecret;
  const file = path.join(path.dirname(path.resolve(config.DATABASE_PATH)), "studio-auth-secret");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written whole to a private file, then linked into place: of several processes starting at
  // once, one link wins and the others read a complete secret, never an empty file.
  const draft = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
  fs.writeFileSync(draft, randomBytes(32).toString("base64"), { mode: 0o600 });
  try {
    fs.linkSync(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    fs.rmSync(draft, { force: true });
  }
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32)
    throw new Error(
      `${file} holds no usable secret (under 32 characters): delete it or set STUDIO_AUTH_SECRET`,
    );
  return secret;
}

/** Tests sign cookies with a fresh secret per process. */
const testSecret = randomBytes(32).toString("base64");
