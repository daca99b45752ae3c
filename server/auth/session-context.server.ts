import { createHash } from "node:crypto";
import { z } from "zod";

import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { createAttemptLimiter } from "../http/attempt-limit.server";
import { createRateLimiter } from "../http/rate-limit.server";
import { MAX_PASSWORD_LENGTH, passkeyRpId, type StudioAuth } from "./auth.server";
import type { SecurityNotice } from "./security-notices.server";

export type StudioUser = { id: string; email: string };

/** One message for a wrong password and an unknown email: the form must not tell which accounts exist. */
export const SIGN_IN_FAILED = "That email and password do not match an account.";
export const SIGN_IN_LOCKED = "Too many failed sign-ins. Try again later.";
export const CODE_FAILED = "That code is not right.";
export const CODE_EXPIRED = "That sign-in has expired. Sign in again.";
export const PASSKEY_FAILED = "That passkey did not sign you in.";
export const REAUTH_NEEDED = "Enter your password again to change your passkeys.";

/** How long entering the password again on the account page lets a session add or remove passkeys. */
export const REAUTH_SECONDS = 5 * 60;

/**
 * Failed sign-ins allowed per account and per client address in a window that
 * starts at the first failure; the failure that fills it locks for a whole window.
 */
export const SIGN_IN_LIMITS = { windowMs: 15 * 60_000, perAccount: 5, perClient: 20 };

export const credentials = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
});

/** A six-digit authenticator code, or one of the backup codes (xxxxx-xxxxx) shown when two-factor was turned on. */
export const secondFactor = z.object({
  code: z
    .string()
    .trim()
    .max(32)
    .transform((c) => c.replace(/\s/g, ""))
    .pipe(z.union([z.string().regex(/^\d{6}$/), z.string().regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/)])),
});

/** `twoFactor`: the password was right and the account asks for a code next (a short-lived challenge cookie is set, no session). */
export type SignInRefusal = {
  ok: false;
  status: 400 | 401 | 429;
  error: string;
  retryAfterSeconds?: number;
  restart?: boolean;
};
export type SignInResult = { ok: true; setCookie: string[]; twoFactor?: boolean } | SignInRefusal;

/** The better-auth endpoints reachable over HTTP (decision 0016): the passkey ceremonies, which run in the browser. */
export const PASSKEY_STEPS: Record<string, { method: "GET" | "POST"; anonymous: boolean }> = {
  "generate-register-options": { method: "GET", anonymous: false },
  "verify-registration": { method: "POST", anonymous: false },
  "generate-authenticate-options": { method: "GET", anonymous: true },
  "verify-authentication": { method: "POST", anonymous: true },
};
export const PASSKEY_PATH = "/api/studio/auth/passkey/";

/** The key of an account's failure counts: a digest, not the address itself. */
export const accountKey = (email: string) =>
  createHash("sha256").update(email.toLowerCase()).digest("base64url");
export const window = (max: number) => ({ windowMs: SIGN_IN_LIMITS.windowMs, max });

/** Attempts per account (keyed by `accountKey`); shared with the CLI's reset, which clears an account's. */
export const accountFailures = (database: AppDatabase) =>
  createAttemptLimiter(database, "studio-sign-in-account", window(SIGN_IN_LIMITS.perAccount));

/** A reserved attempt: `release` gives the slot back when the secret was right. */
export type Attempt = { ok: false; refusal: SignInRefusal } | { ok: true; release(): Promise<void> };

/** What the sign-in verbs work with: the deps, the lockout counters and the passkey challenges. */
export function sessionContext({
  auth,
  database,
  config,
  now = Date.now,
  notice,
}: {
  auth: StudioAuth;
  database: AppDatabase;
  config: Pick<AppConfig, "SITE_URL">;
  now?: () => number;
  /** Tells an account's owner of a change to their sign-in methods (security-notices.server.ts). */
  notice?: SecurityNotice;
}) {
  const perAccount = accountFailures(database);
  const perClient = createAttemptLimiter(database, "studio-sign-in-client", window(SIGN_IN_LIMITS.perClient));
  // Each passkey challenge is a stored row: an anonymous address may ask for a few a minute, not thousands.
  const challenges = createRateLimiter(database, "studio-passkey-challenge", [{ windowMs: 60_000, max: 10 }]);
  const lockAnswer = (retryAfterSeconds: number): SignInRefusal => ({
    ok: false,
    status: 429,
    error: SIGN_IN_LOCKED,
    retryAfterSeconds,
  });

  const reauthMark = (sessionId: string) => `studio-reauth:${sessionId}`;

  /** The host passkeys belong to, for pages to tell whether the browser is on it. */
  const rpId = passkeyRpId(config);
  return {
    auth,
    database,
    config,
    now,
    notice,
    perAccount,
    perClient,
    challenges,
    lockAnswer,
    reauthMark,
    rpId,
  };
}

export type SessionContext = ReturnType<typeof sessionContext>;
