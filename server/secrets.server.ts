import { createHmac, hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import type { AppConfig } from "./config.server";

type RootConfig = Pick<AppConfig, "STUDIO_AUTH_SECRET" | "BETTER_AUTH_SECRET" | "DATABASE_PATH" | "NODE_ENV">;
export type SecretsConfig = RootConfig & Pick<AppConfig, "UNSUBSCRIBE_SECRET">;

/**
 * What each key the application derives from its root secret is for. A purpose added later is
 * derived with HKDF (`hkdfKey`); the four here keep the derivation their links, opt-outs and
 * digests were issued under, so no stored or mailed value is voided (docs/deploy.md#secrets).
 */
export type SecretPurpose =
  /** better-auth: signs the back office's session cookies and encrypts its two-factor secrets. */
  | "sessions"
  /** The visitor's link to reschedule or cancel a call (booking/tokens.server.ts). */
  | "booking-links"
  /** The reminders' unsubscribe links and the stored opt-outs' digests (decision 0032). */
  | "reminder-opt-outs"
  /** The signer's address hash in a signed agreement (quotes/agreement.server.ts). */
  | "agreement-addresses"
  /** Seals the studio's calendar sources' addresses and passwords (booking/calendar-secrets.server.ts). */
  | "calendar-credentials"
  /** The care plan emails' links into Stripe's customer portal (billing/plans/portal-links.server.ts). */
  | "care-plan-links"
  /** better-auth of the client portal: signs clients' session cookies, apart from the studio's (decision 0051). */
  | "client-sessions"
  /** The MAC inside a portal sign-in link's token, so the outbox can rebuild a link it never stores (auth/client-auth.server.ts). */
  | "client-sign-in-links";

/**
 * The key for one purpose. Sessions and booking links are keyed by the root secret itself, as
 * they were issued; opt-outs by UNSUBSCRIBE_SECRET when set, else an HMAC of the root; the
 * agreements' address key by HKDF (salt "cascadia-agreements", info "signer-address").
 */
export function secretFor(config: SecretsConfig, purpose: "sessions" | "booking-links"): string;
export function secretFor(
  config: SecretsConfig,
  purpose:
    | "reminder-opt-outs"
    | "agreement-addresses"
    | "calendar-credentials"
    | "care-plan-links"
    | "client-sessions"
    | "client-sign-in-links",
): Buffer;
export function secretFor(config: SecretsConfig, purpose: SecretPurpose): string | Buffer {
  switch (purpose) {
    case "sessions":
    case "booking-links":
      return rootSecret(config);
    case "reminder-opt-outs":
      return createHmac("sha256", config.UNSUBSCRIBE_SECRET ?? rootSecret(config))
        .update("cascadia reminder opt-outs v1")
        .digest();
    case "agreement-addresses":
      return hkdfKey(rootSecret(config), "cascadia-agreements", "signer-address");
    case "calendar-credentials":
      return hkdfKey(rootSecret(config), "cascadia-calendars", "calendar-credentials");
    case "care-plan-links":
      return hkdfKey(rootSecret(config), "cascadia-care-plans", "portal-links");
    case "client-sessions":
      return hkdfKey(rootSecret(config), "cascadia-portal", "client-sessions");
    case "client-sign-in-links":
      return hkdfKey(rootSecret(config), "cascadia-portal", "client-sign-in-links");
  }
}

/** A 256-bit key for one purpose, HKDF-SHA256 of the root secret: the derivation of every purpose added from now on. */
export function hkdfKey(root: string, salt: string, info: string) {
  return Buffer.from(hkdfSync("sha256", root, salt, info, 32));
}

/**
 * The application's root secret, every other key's source: from the environment when set
 * (required on a public production origin, see config.server.ts), otherwise one
 * generated per install and kept beside the SQLite file, so `npm start`, its
 * workers and the account CLI agree on it across restarts.
 */
export function rootSecret(config: RootConfig): string {
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
