import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Refunds of settled quote payments and their credit notes (docs/product.md#refunds-and-credit-notes, decision 0035).
 * - payments.refund_claimed_cents: refunded or being asked of the provider; one conditional UPDATE
 *   keeps it at most amount_cents however many refunds race. payments.refunded_cents: refunded
 *   with a credit note (what revenue leaves out).
 * - refunds: each refund asked for, its own id the provider's idempotency key.
 * - money_documents and document_counters take a third kind, credit_note ("C2026-0001"), with the
 *   reason and the numbers of the invoice and receipt it credits copied in.
 */
const kindCheck = sql`kind in ('invoice', 'receipt', 'credit_note')`;

export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("payments")
    .addColumn("refund_claimed_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("payments")
    .addColumn("refunded_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("refunds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("payment_id", "text", (c) => c.notNull())
    .addColumn("inquiry_id", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("reason", "text", (c) => c.notNull())
    // requested: claimed, the provider being asked; succeeded: accepted, credit note issued; failed: refused, claim given back.
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('requested', 'succeeded', 'failed')`),
    )
    .addColumn("provider_refund_id", "text")
    .addColumn("credit_note_id", "text")
    .addColumn("requested_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("settled_at", "text")
    .execute();
  await db.schema.createIndex("refunds_payment").on("refunds").columns(["payment_id"]).execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table money_documents drop constraint if exists money_documents_kind_check`.execute(db);
    await sql`alter table money_documents add constraint money_documents_kind_check check (${kindCheck})`.execute(
      db,
    );
    await sql`alter table document_counters drop constraint if exists document_counters_kind_check`.execute(
      db,
    );
    await sql`alter table document_counters add constraint document_counters_kind_check check (${kindCheck})`.execute(
      db,
    );
    await addCreditColumns(db);
    return;
  }
  // SQLite cannot alter a check: rebuild both tables under the same names, rows kept (nothing references them).
  await db.schema
    .createTable("document_counters_next")
    .addColumn("kind", "text", (c) => c.notNull().check(kindCheck))
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("last", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("document_counters_pk", ["kind", "year"])
    .execute();
  await sql`insert into document_counters_next (kind, year, last) select kind, year, last from document_counters`.execute(
    db,
  );
  await db.schema.dropTable("document_counters").execute();
  await db.schema.alterTable("document_counters_next").renameTo("document_counters").execute();

  const columns =
    "id, kind, number, quote_id, inquiry_id, payment_id, payment_kind, amount_cents, taxes, lines, terms, buyer_name, registration_number, status, issued_at, settled_at";
  await db.schema
    .createTable("money_documents_next")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(kindCheck))
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("quote_id", "text", (c) => c.notNull())
    .addColumn("inquiry_id", "text", (c) => c.notNull())
    .addColumn("payment_id", "text")
    .addColumn("payment_kind", "text", (c) =>
      c.notNull().check(sql`payment_kind in ('deposit', 'balance', 'full')`),
    )
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("taxes", "text", (c) => c.notNull())
    .addColumn("lines", "text", (c) => c.notNull())
    .addColumn("terms", "text", (c) => c.notNull())
    .addColumn("buyer_name", "text", (c) => c.notNull())
    .addColumn("registration_number", "text")
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('issued', 'paid', 'void')`))
    .addColumn("issued_at", "text", (c) => c.notNull())
    .addColumn("settled_at", "text")
    .execute();
  await sql
    .raw(`insert into money_documents_next (${columns}) select ${columns} from money_documents`)
    .execute(db);
  await db.schema.dropTable("money_documents").execute();
  await db.schema.alterTable("money_documents_next").renameTo("money_documents").execute();
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
  await addCreditColumns(db);
}

/** What a credit note states beyond an invoice's: why, and which invoice and receipt it credits. */
async function addCreditColumns(db: Kysely<unknown>) {
  await db.schema.alterTable("money_documents").addColumn("reason", "text").execute();
  await db.schema.alterTable("money_documents").addColumn("credited_invoice", "text").execute();
  await db.schema.alterTable("money_documents").addColumn("credited_receipt", "text").execute();
}

// Going back keeps the wider checks and columns: credit notes are tax records and must not be dropped.
export async function down() {}
