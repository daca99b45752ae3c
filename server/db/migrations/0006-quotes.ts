import { sql, type Kysely } from "kysely";

/**
 * Quotes a lead can pay, their history, and the link from a payment back to
 * its quote and lead. Line items are JSON on the quote: they are fixed when
 * the quote is created, always read with it and never queried one by one.
 * Money is integer cents.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("quotes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("inquiry_id", "text", (c) => c.notNull().references("inquiries.id").onDelete("cascade"))
    // The client's bearer link: 32 random bytes, base64url; unique so a look-up finds one quote.
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("package", "text", (c) => c.notNull().check(sql`package in ('basic', 'pro')`))
    .addColumn("lines", "text", (c) => c.notNull())
    .addColumn("subtotal_cents", "integer", (c) => c.notNull())
    .addColumn("tax_label", "text")
    .addColumn("tax_basis_points", "integer")
    .addColumn("tax_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total_cents", "integer", (c) => c.notNull())
    .addColumn("deposit_percent", "integer")
    .addColumn("deposit_cents", "integer")
    .addColumn("terms", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .check(
          sql`status in ('draft', 'sent', 'viewed', 'accepted', 'deposit_paid', 'paid', 'expired', 'withdrawn')`,
        ),
    )
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("viewed_at", "text")
    .addColumn("accepted_at", "text")
    .addColumn("deposit_paid_at", "text")
    .addColumn("balance_requested_at", "text")
    .addColumn("paid_at", "text")
    .addColumn("withdrawn_at", "text")
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("quotes_inquiry").on("quotes").columns(["inquiry_id", "created_at"]).execute();

  // The quote's side of the lead timeline (who did what, when), until the studio's timeline takes it over.
  await db.schema
    .createTable("quote_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("inquiry_id", "text", (c) => c.notNull().references("inquiries.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("quote_events_inquiry")
    .on("quote_events")
    .columns(["inquiry_id", "created_at"])
    .execute();

  // Payments made through a quote; null for the open /payment form.
  await db.schema.alterTable("payments").addColumn("quote_id", "text").execute();
  await db.schema.alterTable("payments").addColumn("inquiry_id", "text").execute();
  await db.schema.alterTable("payments").addColumn("kind", "text").execute();
  await db.schema.createIndex("payments_quote").on("payments").column("quote_id").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("payments_quote").execute();
  for (const column of ["kind", "inquiry_id", "quote_id"])
    await db.schema.alterTable("payments").dropColumn(column).execute();
  await db.schema.dropTable("quote_events").execute();
  await db.schema.dropTable("quotes").execute();
}
