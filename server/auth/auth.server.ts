import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { secretFor } from "../secrets.server";
import { betterAuthStore } from "./better-auth-store.server";

/** A session ends after this long without a request (better-auth slides expiresAt by up to updateAge). */
export const SESSION_IDLE_SECONDS = 8 * 60 * 60;
/** How often a session in use has its expiry moved forward. */
export const SESSION_UPDATE_AGE_SECONDS = 15 * 60;
/** A session ends this long after sign-in, however active (checked in session.server.ts). */
export const SESSION_ABSOLUTE_SECONDS = 7 * 24 * 60 * 60;

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

/**
 * The plugins' models in the studio's tables (migration 0007): snake_case columns. A fresh object
 * for each instance: the library owns its options. The core models: `betterAuthStore`.
 */
const pluginTables = () => ({
  passkey: {
    modelName: "studio_passkeys",
    fields: {
      userId: "user_id",
      publicKey: "public_key",
      credentialID: "credential_id",
      deviceType: "device_type",
      backedUp: "backed_up",
      createdAt: "created_at",
    },
  },
  twoFactor: {
    modelName: "studio_two_factors",
    fields: {
      userId: "user_id",
      backupCodes: "backup_codes",
      failedVerificationCount: "failed_verification_count",
      lockedUntil: "locked_until",
    },
  },
});

/** The studio's name in passkey prompts. */
export const STUDIO_APP_NAME = "Cascadia studio";
/** Its name in authenticator apps: one word, as the otpauth URI better-auth writes turns a space into "+". */
export const STUDIO_TOTP_ISSUER = "Cascadia";

const isLoopback = (host: string) => host === "localhost" || host === "127.0.0.1" || host === "[::1]";

/**
 * The relying party of the studio's passkeys: SITE_URL's host name. A browser
 * offers a passkey only on that host, so on a machine whose SITE_URL is
 * localhost the studio must be opened at localhost (not 127.0.0.1) to use one.
 */
export const passkeyRpId = (config: Pick<AppConfig, "SITE_URL">) => new URL(config.SITE_URL).hostname;

/**
 * Whether a browser origin may run the better-auth endpoints the studio mounts
 * (passkey ceremonies): SITE_URL's own origin, or on a loopback SITE_URL any
 * port of the same host (tests and local servers listen on their own ports).
 */
export function isStudioOrigin(
  origin: string | null | undefined,
  config: Pick<AppConfig, "SITE_URL">,
): origin is string {
  if (!origin) return false;
  const site = new URL(config.SITE_URL);
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin === site.origin) return true;
  return isLoopback(site.hostname) && url.hostname === site.hostname && url.protocol === site.protocol;
}

/**
 * better-auth over the app's own Kysely instance. Its tables are created by
 * migrations 0005 and 0007 (snake_case, mapped here); public sign-up is off,
 * accounts come from scripts/studio-user.ts. The studio calls auth.api.* from
 * its own routes (session.server.ts); of its HTTP handler only the four passkey
 * ceremony endpoints are reachable, through studio.passkeyCeremony (decision 0016).
 */
export async function createStudioAuth({ config, database }: { config: AppConfig; database: AppDatabase }) {
  // Imported here, not at the top: a process loads the library (~24 MB of its memory) with the
  // studio's first request, and one that serves only the public site never does (decision 0022).
  const [{ betterAuth }, { passkey }, { twoFactor }, { APIError }] = await Promise.all([
    import("better-auth"),
    import("@better-auth/passkey"),
    import("better-auth/plugins/two-factor"),
    import("better-auth/api"),
  ]);
  // A passkey alone opens the studio, so it must prove its user.
  const requireUserVerified = (verified: boolean | undefined) => {
    if (!verified)
      throw new APIError("UNAUTHORIZED", { message: "The authenticator did not verify its user." });
  };
  const t = pluginTables();
  const store = betterAuthStore(database, "studio");
  return betterAuth({
    appName: "Cascadia studio",
    baseURL: config.SITE_URL,
    basePath: "/api/studio/auth",
    secret: secretFor(config, "sessions"),
    database: store.database,
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
    },
    session: { ...store.session, expiresIn: SESSION_IDLE_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
    user: store.user,
    account: store.account,
    verification: store.verification,
    advanced: {
      cookiePrefix: "studio",
      // Secure (and the __Secure- prefix) whenever the site is served over HTTPS.
      useSecureCookies: config.SITE_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
    },
    // The passkey ceremonies' origin check; our guard has already refused cross-site requests.
    trustedOrigins: (request) => {
      const origin = request?.headers.get("origin");
      return isStudioOrigin(origin, config) ? [config.SITE_URL, origin] : [config.SITE_URL];
    },
    // Failed sign-ins are limited in the app's own database-backed limiter (session.server.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Its log lines may quote an email address.
    logger: { disabled: true },
    plugins: [
      passkey({
        rpID: passkeyRpId(config),
        rpName: STUDIO_APP_NAME,
        // null: the ceremony's origin is the request's Origin header, which passkeyCeremony has checked with isStudioOrigin.
        origin: null,
        // Discoverable credentials: the login page asks for no email before the passkey.
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
        // The plugin verifies with requireUserVerification off; a passkey alone opens the studio, so it must prove its user.
        registration: {
          afterVerification: ({ verification }) =>
            requireUserVerified(verification.registrationInfo?.userVerified),
        },
        authentication: {
          afterVerification: ({ verification }) =>
            requireUserVerified(verification.authenticationInfo.userVerified),
        },
        advanced: { webAuthnChallengeCookie: "passkey_challenge" },
        schema: { passkey: t.passkey },
      }),
      twoFactor({
        issuer: STUDIO_TOTP_ISSUER,
        // Five wrong codes on one sign-in end that challenge; ten in a row lock the second step for 15 minutes.
        accountLockout: { maxFailedAttempts: 10, durationSeconds: 15 * 60 },
        schema: { user: { fields: { twoFactorEnabled: "two_factor_enabled" } }, twoFactor: t.twoFactor },
      }),
    ],
  });
}

export type StudioAuth = Awaited<ReturnType<typeof createStudioAuth>>;
