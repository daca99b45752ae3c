import type { Kysely } from "kysely";

import { signedColumns, signedQuoteTrigger } from "./0034-quote-scope";

/**
 * The contract (issue 38). The owner's agreement template is versioned: each save is a new row
 * of `agreement_templates`, none changed after. A quote copies the version current when it is
 * sent (`contract_version`, `contract_text`; version 0 is the built-in default), so what the
 * client signs is fixed then, and both columns join what a signature fixes. The studio's
 * countersignature is a row of its own (agreements never change): one per quote, with who
 * signed for the studio, their role and when.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("agreement_templates")
    .addColumn("version", "integer", (c) => c.primaryKey())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("quotes").addColumn("contract_version", "integer").execute();
  await db.schema.alterTable("quotes").addColumn("contract_text", "text").execute();
  await signedQuoteTrigger(db, [...signedColumns(), "scope", "contract_version", "contract_text"]);
  await db.schema
    .createTable("countersignatures")
    .addColumn("quote_id", "text", (c) => c.primaryKey().references("quotes.id").onDelete("cascade"))
    .addColumn("agreement_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("signed_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("countersignatures").execute();
  await signedQuoteTrigger(db, [...signedColumns(), "scope"]);
  await db.schema.alterTable("quotes").dropColumn("contract_text").execute();
  await db.schema.alterTable("quotes").dropColumn("contract_version").execute();
  await db.schema.dropTable("agreement_templates").execute();
}
