import type { Kysely } from "kysely";

/**
 * The BC PST number a money document was issued under (issue 38: "the deposit invoice … PST
 * number"), copied from the studio's settings when the document is issued, as the GST/HST number
 * is: a later change of the setting leaves issued documents as they were. Null before.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("money_documents").addColumn("pst_number", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("money_documents").dropColumn("pst_number").execute();
}
