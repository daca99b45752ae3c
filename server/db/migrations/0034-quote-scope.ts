import { PostgresAdapter, sql, type Kysely } from "kysely";

import { SIGNED_QUOTE_COLUMNS, SIGNED_QUOTE_MESSAGE } from "./0018-agreements";

/**
 * A quote's own scope of work (issue 38): Markdown the studio writes, shown on the quote page,
 * signed in the agreement, and summarised on its invoices (`money_documents.scope_summary`, a
 * copy made when the document is issued, as its lines are). The scope is part of what a client
 * signs, so the refusal to change a signed quote (0018, 0027) now names it too.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("quotes")
    .addColumn("scope", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("money_documents").addColumn("scope_summary", "text").execute();
  await signedQuoteTrigger(db, [...signedColumns(), "scope"]);
}

export async function down(db: Kysely<unknown>) {
  await signedQuoteTrigger(db, signedColumns());
  await db.schema.alterTable("money_documents").dropColumn("scope_summary").execute();
  await db.schema.alterTable("quotes").dropColumn("scope").execute();
}

/** 0018's list, with the lead column under its name since 0027. */
export function signedColumns(): string[] {
  return SIGNED_QUOTE_COLUMNS.map((c) => (c === "inquiry_id" ? "lead_id" : c));
}

/** The refusal to change a signed quote, over these columns (exported: a later migration adds its own). */
export async function signedQuoteTrigger(db: Kysely<unknown>, columns: readonly string[]) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    const changed = columns.map((c) => `new.${c} is distinct from old.${c}`).join(" or ");
    await sql
      .raw(
        `create or replace function quotes_signed_content_fixed() returns trigger language plpgsql as $$
        begin
          if (${changed}) and exists (select 1 from agreements where quote_id = old.id) then
            raise exception '${SIGNED_QUOTE_MESSAGE}';
          end if;
          return new;
        end $$`,
      )
      .execute(db);
    return;
  }
  const changed = columns.map((c) => `new.${c} is not old.${c}`).join(" or ");
  await sql`drop trigger if exists quotes_signed_content_fixed`.execute(db);
  await sql
    .raw(
      `create trigger quotes_signed_content_fixed before update on quotes
      when (${changed}) and exists (select 1 from agreements where quote_id = old.id)
      begin select raise(abort, '${SIGNED_QUOTE_MESSAGE}'); end`,
    )
    .execute(db);
}
