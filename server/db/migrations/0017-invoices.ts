import { sql, type Kysely } from "kysely";

/**
 * Per-line taxes and the documents a quote's money issues (docs/product.md#invoices-and-receipts).
 * - quotes.taxes: the quote's totals per tax (JSON), and tax_province, the client's province
 *   the rates follow. An older quote's single tax becomes its one entry, so it reads the same.
 * - money_documents: numbered invoices and receipts. What a document states is copied in
 *   when it is issued (buyer, lines, terms, registration number), and there is no foreign key
 *   to the lead: tax records outlive the lead's retention (CRA: six years).
 * - document_counters: the last number issued per kind and year, bumped in the transaction
 *   that issues the document, so numbers are gap-free and unique however many race.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("quotes")
    .addColumn("taxes", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema
    .alterTable("quotes")
    .addColumn("tax_province", "text", (c) => c.notNull().defaultTo("BC"))
    .execute();
  // The old single tax (label, rate) on the whole subtotal: one entry, code guessed from its label.
  const old = await sql<{ id: string; tax_label: string; tax_basis_points: number; tax_cents: number }>`
    select id, tax_label, tax_basis_points, tax_cents from quotes where tax_label is not null and tax_basis_points is not null`.execute(
    db,
  );
  for (const q of old.rows) {
    const label = String(q.tax_label);
    const code = /\bHST\b/i.test(label) ? "HST" : /\bPST\b/i.test(label) ? "PST" : "GST";
    const taxes = JSON.stringify([
      {
        code,
        label: `${label} ${Number(q.tax_basis_points) / 100}%`,
        basisPoints: Number(q.tax_basis_points),
        cents: Number(q.tax_cents),
      },
    ]);
    await sql`update quotes set taxes = ${taxes} where id = ${q.id}`.execute(db);
  }

  await db.schema
    .createTable("document_counters")
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('invoice', 'receipt')`))
    // The year in Vancouver time of the documents it numbers.
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("last", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("document_counters_pk", ["kind", "year"])
    .execute();

  await db.schema
    .createTable("money_documents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('invoice', 'receipt')`))
    // "2026-0001" (invoice) or "R2026-0001" (receipt): unique, the backstop of the counter.
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("quote_id", "text", (c) => c.notNull())
    .addColumn("inquiry_id", "text", (c) => c.notNull())
    // The payment a receipt acknowledges (one receipt per payment) or that settled an invoice.
    .addColumn("payment_id", "text")
    .addColumn("payment_kind", "text", (c) =>
      c.notNull().check(sql`payment_kind in ('deposit', 'balance', 'full')`),
    )
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    // JSON: [{ code, label, basisPoints, cents }], this document's part of each tax.
    .addColumn("taxes", "text", (c) => c.notNull())
    // JSON: the quote's lines with their taxes, and its terms, as they stood when issued.
    .addColumn("lines", "text", (c) => c.notNull())
    .addColumn("terms", "text", (c) => c.notNull())
    .addColumn("buyer_name", "text", (c) => c.notNull())
    .addColumn("registration_number", "text")
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('issued', 'paid', 'void')`))
    .addColumn("issued_at", "text", (c) => c.notNull())
    .addColumn("settled_at", "text")
    .execute();
  await sql`create unique index money_documents_one_receipt on money_documents (payment_id) where kind = 'receipt'`.execute(
    db,
  );
  await sql`create unique index money_documents_one_invoice on money_documents (quote_id, payment_kind) where kind = 'invoice'`.execute(
    db,
  );
  await db.schema
    .createIndex("money_documents_issued")
    .on("money_documents")
    .columns(["issued_at"])
    .execute();
  await db.schema.createIndex("money_documents_quote").on("money_documents").columns(["quote_id"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("money_documents").execute();
  await db.schema.dropTable("document_counters").execute();
  await db.schema.alterTable("quotes").dropColumn("tax_province").execute();
  await db.schema.alterTable("quotes").dropColumn("taxes").execute();
}
