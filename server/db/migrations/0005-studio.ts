import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * The studio back office: better-auth's four tables (users, sessions,
 * credential accounts, verification values) under snake_case names mapped in
 * server/auth/auth.server.ts, each lead's pipeline status, and the activity
 * timeline. better-auth hands PostgreSQL real Date and boolean values and
 * SQLite ISO text and 0/1, so those columns take each database's own type.
 */
export async function up(db: Kysely<unknown>) {
  await authTables(db);
  await pipeline(db);
}

/** better-auth's four tables. */
async function authTables(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = postgres ? "timestamptz" : "text";
  const bool = postgres ? "boolean" : "integer";

  await db.schema
    .createTable("studio_users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("email_verified", bool, (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("updated_at", time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("studio_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("studio_users.id").onDelete("cascade"))
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", time, (c) => c.notNull())
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("updated_at", time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("studio_sessions_user_id").on("studio_sessions").column("user_id").execute();

  await db.schema
    .createTable("studio_accounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("studio_users.id").onDelete("cascade"))
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
  await db.schema.createIndex("studio_accounts_user_id").on("studio_accounts").column("user_id").execute();

  await db.schema
    .createTable("studio_verifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expires_at", time, (c) => c.notNull())
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("updated_at", time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("studio_verifications_identifier")
    .on("studio_verifications")
    .column("identifier")
    .execute();
}

/** Each lead's pipeline status, the inbox's indexes and the activity timeline. */
async function pipeline(db: Kysely<unknown>) {
  // Every lead starts New; Lost carries its reason.
  await db.schema
    .alterTable("inquiries")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("new")
        .check(sql`status in ('new', 'contacted', 'quoted', 'won', 'lost')`),
    )
    .execute();
  await db.schema.alterTable("inquiries").addColumn("lost_reason", "text").execute();
  // The inbox pages by (created_at, id) newest first, optionally within one status or project type.
  await db.schema
    .createIndex("inquiries_created_at_id")
    .on("inquiries")
    .columns(["created_at", "id"])
    .execute();
  await db.schema
    .createIndex("inquiries_status_created_at")
    .on("inquiries")
    .columns(["status", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("inquiries_project_type_created_at")
    .on("inquiries")
    .columns(["project_type", "created_at", "id"])
    .execute();

  await db.schema
    .createTable("lead_activity")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("inquiry_id", "text", (c) => c.notNull().references("inquiries.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('status', 'note', 'retry')`))
    .addColumn("from_status", "text")
    .addColumn("to_status", "text")
    .addColumn("body", "text")
    // Who: kept as text so the timeline still reads after the account is removed.
    .addColumn("actor_email", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("lead_activity_inquiry")
    .on("lead_activity")
    .columns(["inquiry_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("lead_activity").execute();
  await db.schema.dropIndex("inquiries_project_type_created_at").execute();
  await db.schema.dropIndex("inquiries_status_created_at").execute();
  await db.schema.dropIndex("inquiries_created_at_id").execute();
  await db.schema.alterTable("inquiries").dropColumn("lost_reason").execute();
  await db.schema.alterTable("inquiries").dropColumn("status").execute();
  for (const t of ["studio_verifications", "studio_accounts", "studio_sessions", "studio_users"])
    await db.schema.dropTable(t).execute();
}
