import type { Kysely } from "kysely";

/**
 * The studio's personal note in the quote email (issue 38): written when the studio sends the
 * quote, stored on the quote in the send's transaction (beside `sent_at`, the send event it
 * belongs to) so the outbox, which may deliver later or retry, emails exactly what was written.
 * Not part of what a client signs: the note is a message, not a term.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("quotes").addColumn("send_note", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("quotes").dropColumn("send_note").execute();
}
