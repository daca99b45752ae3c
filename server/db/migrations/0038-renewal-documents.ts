import { sql, type Kysely } from "kysely";

/**
 * A care plan's paid renewal issues an invoice and a receipt in the one numbering
 * (server/billing/documents.server.ts). `renewal_id` names its plan_renewals row; the
 * subscription stands where a quote's id does. The one-invoice-per-quote-part index now
 * holds for quotes only, and a renewal has at most one invoice and one receipt, whatever
 * number of webhook deliveries or processes race to issue them.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("money_documents").addColumn("renewal_id", "text").execute();
  await sql`drop index money_documents_one_invoice`.execute(db);
  await sql`create unique index money_documents_one_invoice on money_documents (quote_id, payment_kind) where kind = 'invoice' and renewal_id is null`.execute(
    db,
  );
  await sql`create unique index money_documents_one_per_renewal on money_documents (renewal_id, kind) where renewal_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index money_documents_one_per_renewal`.execute(db);
  await sql`drop index money_documents_one_invoice`.execute(db);
  await sql`create unique index money_documents_one_invoice on money_documents (quote_id, payment_kind) where kind = 'invoice'`.execute(
    db,
  );
  await db.schema.alterTable("money_documents").dropColumn("renewal_id").execute();
}
