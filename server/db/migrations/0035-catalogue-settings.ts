import type { Kysely } from "kysely";

/**
 * What the studio sells (issue 38): its packages and add-ons, each with a default price and
 * the taxes it carries, kept on /studio/catalogue. A quote copies an item's name, price and
 * taxes into its own line when the studio saves the quote: a later price change never reaches
 * a quote. An item is archived, never deleted, so an old quote's line keeps a source to name.
 *
 * The settings the owner changes without a deploy (/studio/settings): one row per setting,
 * its value as JSON; a setting without a row is the environment's or the code's default.
 * Every change of a setting or of the catalogue is a row of `settings_changes`: who, when,
 * what it was before and what it became.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("catalogue_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    // "package" or "add_on"; checked by the service's schema.
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("price_cents", "integer", (c) => c.notNull())
    // JSON array of the tax codes it carries for a client in BC (GST, PST); elsewhere GST becomes the province's.
    .addColumn("taxes", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("archived_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("settings_changes")
    .addColumn("id", "text", (c) => c.primaryKey())
    // A setting's key, or "catalogue:<item id>".
    .addColumn("key", "text", (c) => c.notNull())
    // JSON of the value before (null: the default, or a new item) and after.
    .addColumn("before", "text")
    .addColumn("after", "text", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("changed_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("settings_changes_at").on("settings_changes").column("changed_at").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("settings_changes").execute();
  await db.schema.dropTable("settings").execute();
  await db.schema.dropTable("catalogue_items").execute();
}
