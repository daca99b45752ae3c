import { betterAuth } from "better-auth";
import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { studioAuthSecret } from "./secret.server";

/** A session ends after this long without a request (better-auth slides expiresAt by up to updateAge). */
export const SESSION_IDLE_SECONDS = 8 * 60 * 60;
/** How often a session in use has its expiry moved forward. */
export const SESSION_UPDATE_AGE_SECONDS = 15 * 60;
/** A session ends this long after sign-in, however active (checked in session.server.ts). */
export const SESSION_ABSOLUTE_SECONDS = 7 * 24 * 60 * 60;

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

const timestamps = { createdAt: "created_at", updatedAt: "updated_at" } as const;

/**
 * better-auth over the app's own Kysely instance. Its tables are created by
 * migration 0004 (snake_case, mapped here); public sign-up is off, accounts
 * come from scripts/studio-user.ts. Its HTTP handler is not mounted: the
 * studio calls auth.api.* from its own routes (session.server.ts), so no
 * endpoint exists beyond sign-in, sign-out and the session check.
 */
export function createStudioAuth({ config, database }: { config: AppConfig; database: AppDatabase }) {
  return betterAuth({
    appName: "Cascadia studio",
    baseURL: config.SITE_URL,
    basePath: "/api/studio/auth",
    secret: studioAuthSecret(config),
    database: { db: database.db, type: database.kind },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
    },
    session: {
      modelName: "studio_sessions",
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      fields: { ...timestamps, userId: "user_id", expiresAt: "expires_at", ipAddress: "ip_address", userAgent: "user_agent" },
    },
    user: { modelName: "studio_users", fields: { ...timestamps, emailVerified: "email_verified" } },
    account: {
      modelName: "studio_accounts",
      fields: {
        ...timestamps,
        userId: "user_id",
        accountId: "account_id",
        providerId: "provider_id",
        accessToken: "access_token",
        refreshToken: "refresh_token",
        idToken: "id_token",
        accessTokenExpiresAt: "access_token_expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at",
      },
    },
    verification: { modelName: "studio_verifications", fields: { ...timestamps, expiresAt: "expires_at" } },
    advanced: {
      cookiePrefix: "studio",
      // Secure (and the __Secure- prefix) whenever the site is served over HTTPS.
      useSecureCookies: config.SITE_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
    },
    trustedOrigins: [config.SITE_URL],
    // Failed sign-ins are limited in the app's own database-backed limiter (session.server.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Its log lines may quote an email address.
    logger: { disabled: true },
  });
}

export type StudioAuth = ReturnType<typeof createStudioAuth>;
