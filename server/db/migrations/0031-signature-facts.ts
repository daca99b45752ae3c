import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Who signed is part of what is fixed (issue 37, decision 0049). An agreement
 * keeps the exact text its fingerprint was taken over (`signed_text`) and which
 * fingerprint that is (`hash_version`): 1 for agreements signed before this
 * migration (the quote's content alone, as 0018 stored it), 2 for every new one
 * (the content with the signer's name, company, email, time, user agent and
 * address digest). The database refuses a new agreement under version 1, and
 * refuses deleting an agreement unless the lead's privacy deletion (the
 * retention purge, or the person's request: server/leads/delete-lead.server.ts)
 * released that quote's agreement in the same transaction, by a row in
 * `agreement_releases` it removes before committing. A foreign key's cascade
 * (a quote deleted) fires the same trigger.
 */
export const SIGNATURE_HASH_VERSION = 2;
export const AGREEMENT_KEPT_MESSAGE = "an agreement cannot be deleted";
export const AGREEMENT_VERSION_MESSAGE = "an agreement is signed under the current fingerprint";

export async function up(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable("agreements")
    .addColumn("signed_text", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("agreements")
    .addColumn("hash_version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  // Version 1's fingerprint is of the content alone: that content is the text it signed. The update trigger is lifted for this one statement.
  if (postgres) {
    await sql`alter table agreements disable trigger agreements_fixed`.execute(db);
    await sql`update agreements set signed_text = content`.execute(db);
    await sql`alter table agreements enable trigger agreements_fixed`.execute(db);
  } else {
    await sql`drop trigger agreements_fixed`.execute(db);
    await sql`update agreements set signed_text = content`.execute(db);
    await sql
      .raw(
        `create trigger agreements_fixed before update on agreements begin select raise(abort, 'an agreement cannot change'); end`,
      )
      .execute(db);
  }
  // Never committed with a row in it: the deletion inserts and removes its rows in one transaction.
  await db.schema
    .createTable("agreement_releases")
    .addColumn("quote_id", "text", (c) => c.primaryKey())
    .execute();

  const released = "exists (select 1 from agreement_releases where quote_id = old.quote_id)";
  const current = `new.hash_version = ${SIGNATURE_HASH_VERSION}`;
  if (postgres) {
    await sql
      .raw(
        `create function agreements_kept() returns trigger language plpgsql as $$
        begin
          if not ${released} then raise exception '${AGREEMENT_KEPT_MESSAGE}'; end if;
          return old;
        end $$`,
      )
      .execute(db);
    await sql`create trigger agreements_kept before delete on agreements for each row execute function agreements_kept()`.execute(
      db,
    );
    await sql
      .raw(
        `create function agreements_current_hash() returns trigger language plpgsql as $$
        begin
          if not (${current}) then raise exception '${AGREEMENT_VERSION_MESSAGE}'; end if;
          return new;
        end $$`,
      )
      .execute(db);
    await sql`create trigger agreements_current_hash before insert on agreements for each row execute function agreements_current_hash()`.execute(
      db,
    );
    return;
  }
  await sql
    .raw(
      `create trigger agreements_kept before delete on agreements when not ${released}
      begin select raise(abort, '${AGREEMENT_KEPT_MESSAGE}'); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger agreements_current_hash before insert on agreements when not (${current})
      begin select raise(abort, '${AGREEMENT_VERSION_MESSAGE}'); end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const on = sql.raw(postgres ? "on agreements" : "");
  await sql`drop trigger if exists agreements_kept ${on}`.execute(db);
  await sql`drop trigger if exists agreements_current_hash ${on}`.execute(db);
  if (postgres) {
    await sql`drop function if exists agreements_kept()`.execute(db);
    await sql`drop function if exists agreements_current_hash()`.execute(db);
  }
  await db.schema.dropTable("agreement_releases").execute();
  await db.schema.alterTable("agreements").dropColumn("hash_version").execute();
  await db.schema.alterTable("agreements").dropColumn("signed_text").execute();
}
