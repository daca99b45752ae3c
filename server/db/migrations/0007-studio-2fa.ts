import { PostgresAdapter, type Kysely } from "kysely";

/**
 * The studio's second ways in (server/auth/auth.server.ts): better-auth's
 * passkey table (WebAuthn credentials) and two-factor table (the encrypted
 * TOTP secret and backup codes, with the plugin's own failure counter), and the
 * user's two-factor flag. Same type rules as 0005: Date/boolean on PostgreSQL,
 * ISO text and 0/1 on SQLite.
 */
export async function up(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = postgres ? "timestamptz" : "text";
  const bool = postgres ? "boolean" : "integer";
  const no = postgres ? false : 0;

  await db.schema
    .alterTable("studio_users")
    .addColumn("two_factor_enabled", bool, (c) => c.notNull().defaultTo(no))
    .execute();

  await db.schema
    .createTable("studio_passkeys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("studio_users.id").onDelete("cascade"))
    .addColumn("name", "text")
    .addColumn("credential_id", "text", (c) => c.notNull().unique())
    .addColumn("public_key", "text", (c) => c.notNull())
    // The WebAuthn signature counter: a 32-bit value that synced passkeys leave at 0.
    .addColumn("counter", "integer", (c) => c.notNull())
    .addColumn("device_type", "text", (c) => c.notNull())
    .addColumn("backed_up", bool, (c) => c.notNull())
    .addColumn("transports", "text")
    .addColumn("aaguid", "text")
    .addColumn("created_at", time)
    .execute();
  await db.schema.createIndex("studio_passkeys_user_id").on("studio_passkeys").column("user_id").execute();

  await db.schema
    .createTable("studio_two_factors")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) =>
      c.notNull().unique().references("studio_users.id").onDelete("cascade"),
    )
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("backup_codes", "text", (c) => c.notNull())
    .addColumn("verified", bool, (c) => c.notNull().defaultTo(no))
    .addColumn("failed_verification_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_until", time)
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("studio_two_factors").execute();
  await db.schema.dropTable("studio_passkeys").execute();
  await db.schema.alterTable("studio_users").dropColumn("two_factor_enabled").execute();
}
