import type { AppDatabase } from "../db/database.server";
import { engineName } from "../db/dialect";

const timestamps = { createdAt: "created_at", updatedAt: "updated_at" } as const;

/**
 * Where a better-auth instance keeps its users, sessions, accounts and verifications: the app's
 * own Kysely instance and one set of tables, `<prefix>_users`, `<prefix>_sessions`, ... with
 * snake_case columns (the studio's: migrations 0005 and 0007; the clients': 0032, decision 0051).
 * A fresh object for each instance: the library owns its options.
 */
export function betterAuthStore(database: AppDatabase, prefix: "studio" | "client") {
  return {
    database: { db: database.db, type: engineName(database) },
    session: {
      modelName: `${prefix}_sessions`,
      fields: {
        ...timestamps,
        userId: "user_id",
        expiresAt: "expires_at",
        ipAddress: "ip_address",
        userAgent: "user_agent",
      },
    },
    user: { modelName: `${prefix}_users`, fields: { ...timestamps, emailVerified: "email_verified" } },
    account: {
      modelName: `${prefix}_accounts`,
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
    verification: {
      modelName: `${prefix}_verifications`,
      fields: { ...timestamps, expiresAt: "expires_at" },
    },
  };
}
