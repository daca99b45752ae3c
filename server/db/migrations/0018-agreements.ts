import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Accept means sign (docs/product.md#agreements, decision 0031): the client's
 * signature of a quote is an agreement row (one per quote: the unique key
 * settles two racing signatures), and a signed quote's content is fixed by the
 * database itself, so no code path (studio, CLI, a later feature) can change
 * what was signed. Editing makes a new quote row, a version linked to the one
 * it supersedes. A declined quote is withdrawn with declined_at set.
 */

/** The columns a client signs: every one that feeds the agreement's content (server/quotes/agreement.server.ts). */
export const SIGNED_QUOTE_COLUMNS = [
  "inquiry_id",
  "package",
  "lines",
  "subtotal_cents",
  "tax_label",
  "tax_basis_points",
  "tax_cents",
  // Per-line taxes (0017): the totals per tax and the province that sets them.
  "taxes",
  "tax_province",
  "total_cents",
  "deposit_percent",
  "deposit_cents",
  "terms",
  "expires_at",
  "version",
] as const;

export const SIGNED_QUOTE_MESSAGE = "quote is signed: its content cannot change";

export async function up(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable("quotes")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  // The quote this version replaces (same lead); plain text, so deleting a lead's quotes needs no order.
  await db.schema.alterTable("quotes").addColumn("supersedes_quote_id", "text").execute();
  await db.schema.alterTable("quotes").addColumn("declined_at", "text").execute();
  await db.schema
    .createIndex("quotes_supersedes")
    .unique()
    .on("quotes")
    .column("supersedes_quote_id")
    .execute();

  await db.schema
    .createTable("agreements")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("quote_id", "text", (c) => c.notNull().unique().references("quotes.id").onDelete("cascade"))
    .addColumn("inquiry_id", "text", (c) => c.notNull())
    // The full legal name and company the client typed, and the lead's address the quote was sent to.
    .addColumn("signer_name", "text", (c) => c.notNull())
    .addColumn("signer_company", "text")
    .addColumn("signer_email", "text", (c) => c.notNull())
    .addColumn("signed_at", "text", (c) => c.notNull())
    .addColumn("user_agent", "text")
    // HMAC-SHA-256 (hex) of the client's address under a server key: never the address itself.
    .addColumn("address_hash", "text", (c) => c.notNull())
    // The canonical JSON of what they saw, and its SHA-256 (hex).
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("content_sha256", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("agreements_inquiry").on("agreements").column("inquiry_id").execute();

  const changed = (op: string) => SIGNED_QUOTE_COLUMNS.map((c) => `new.${c} ${op} old.${c}`).join(" or ");
  if (postgres) {
    await sql
      .raw(
        `create function quotes_signed_content_fixed() returns trigger language plpgsql as $$
        begin
          if (${changed("is distinct from")}) and exists (select 1 from agreements where quote_id = old.id) then
            raise exception '${SIGNED_QUOTE_MESSAGE}';
          end if;
          return new;
        end $$`,
      )
      .execute(db);
    await sql`create trigger quotes_signed_content_fixed before update on quotes for each row execute function quotes_signed_content_fixed()`.execute(
      db,
    );
    await sql
      .raw(
        `create function agreements_fixed() returns trigger language plpgsql as $$ begin raise exception 'an agreement cannot change'; end $$`,
      )
      .execute(db);
    await sql`create trigger agreements_fixed before update on agreements for each row execute function agreements_fixed()`.execute(
      db,
    );
    return;
  }
  await sql
    .raw(
      `create trigger quotes_signed_content_fixed before update on quotes
      when (${changed("is not")}) and exists (select 1 from agreements where quote_id = old.id)
      begin select raise(abort, '${SIGNED_QUOTE_MESSAGE}'); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger agreements_fixed before update on agreements begin select raise(abort, 'an agreement cannot change'); end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`drop trigger if exists quotes_signed_content_fixed ${sql.raw(postgres ? "on quotes" : "")}`.execute(
    db,
  );
  if (postgres) {
    await sql`drop function if exists quotes_signed_content_fixed()`.execute(db);
    await sql`drop function if exists agreements_fixed() cascade`.execute(db);
  }
  await db.schema.dropTable("agreements").execute();
  await db.schema.dropIndex("quotes_supersedes").execute();
  for (const column of ["declined_at", "supersedes_quote_id", "version"])
    await db.schema.alterTable("quotes").dropColumn(column).execute();
}
