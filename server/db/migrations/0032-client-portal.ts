import { PostgresAdapter, type Kysely } from "kysely";

/**
 * The client portal's sign-in (issue 39, decision 0051): better-auth's four tables for client
 * accounts, apart from the studio's (0005) so a client session can never be a studio session.
 * A client is one proven email; which leads are theirs is read from that email, not stored here.
 * better-auth hands PostgreSQL real Date and boolean values and SQLite ISO text and 0/1.
 */
export async function up(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = postgres ? "timestamptz" : "text";
  const bool = postgres ? "boolean" : "integer";

  await db.schema
    .createTable("client_users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("email_verified", bool, (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("updated_at", time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("client_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("client_users.id").onDelete("cascade"))
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", time, (c) => c.notNull())
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("updated_at", time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("client_sessions_user_id").on("client_sessions").column("user_id").execute();

  // better-auth's account model; a magic link creates none, but the library expects the table.
  await db.schema
    .createTable("client_accounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("client_users.id").onDelete("cascade"))
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("provider_id", "text", (c) => c.notNull())
    .addColumn("access_token", "text")
    .addColumn("refresh_token", "text")
    .addColumn("id_token", "text")
    .addColumn("access_token_expires_at", time)
    .addColumn("refresh_token_expires_at", time)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("updated_at", time, (c) => c.notNull())
    .execute();

  // Sign-in links: the identifier holds a SHA-256 of the link's token, never the token.
  await db.schema
    .createTable("client_verifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expires_at", time, (c) => c.notNull())
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("updated_at", time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("client_verifications_identifier")
    .on("client_verifications")
    .column("identifier")
    .execute();
}
