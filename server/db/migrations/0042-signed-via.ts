import type { Kysely } from "kysely";

/**
 * How the client who signed was identified (issue 38's audit page): "portal" when they were
 * signed in to the client portal as the quote's email, "email-link" when they came by the quote's
 * private link only. Null for agreements signed before: the audit page says it was not recorded.
 * Not part of the fingerprint (decision 0049): the sealed PDF carries it (decision 0057).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("agreements").addColumn("signed_via", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("agreements").dropColumn("signed_via").execute();
}
