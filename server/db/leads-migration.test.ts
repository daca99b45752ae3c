import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";

import { beforeLeads, migratorUpTo, openDatabaseUpTo, testDatabaseKind } from "../../tests/helpers/databases";
import { SIGNED_QUOTE_MESSAGE } from "./migrations/0018-agreements";

describe(`migration 0027-leads on ${testDatabaseKind}`, () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
  });

  /** The names of the schema's own indexes, constraints and triggers (not the database's internal ones). */
  async function schemaNames(database: Awaited<ReturnType<typeof openDatabaseUpTo>>["database"]) {
    const rows =
      testDatabaseKind === "postgres"
        ? await sql<{ name: string }>`
            select indexname as name from pg_indexes where schemaname = current_schema()
            union select conname from pg_constraint co join pg_class cl on cl.oid = co.conrelid
              where cl.relnamespace = current_schema()::regnamespace
            union select tgname from pg_trigger t join pg_class cl on cl.oid = t.tgrelid
              where cl.relnamespace = current_schema()::regnamespace and not t.tgisinternal`.execute(
            database.db,
          )
        : await sql<{ name: string }>`select name from sqlite_master where name not like 'sqlite_%'`.execute(
            database.db,
          );
    return rows.rows.map((r) => r.name).sort();
  }

  it("renames the leads' table and their columns with every index, key and trigger, keeping each row searchable", async () => {
    const { database, dispose } = await openDatabaseUpTo("0026-refund-provider-status");
    cleanup = dispose;
    const at = "2026-10-01T17:00:00.000Z";
    const old = beforeLeads(database);
    await old
      .insertInto("inquiries")
      .values({
        id: "lead-1",
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada@example.com",
        phone: null,
        company: "Analytical Engines",
        project_type: "basic",
        budget: null,
        timeline: null,
        message: "A site for the engine.",
        source: "test",
        created_at: at,
        search_text: "ada lovelace ada example com analytical engines a site for the engine",
      })
      .execute();
    await old
      .insertInto("lead_activity")
      .values({
        id: "a1",
        inquiry_id: "lead-1",
        kind: "note",
        actor_email: "owner@example.com",
        created_at: at,
      })
      .execute();
    const before = await schemaNames(database);

    expect((await migratorUpTo(database, "0027-leads").migrateToLatest()).error).toBeUndefined();
    const db = database.db;
    expect(await db.selectFrom("leads").select(["id", "email"]).execute()).toEqual([
      { id: "lead-1", email: "ada@example.com" },
    ]);
    expect(await db.selectFrom("lead_activity").select(["id", "lead_id"]).execute()).toEqual([
      { id: "a1", lead_id: "lead-1" },
    ]);
    const after = await schemaNames(database);
    expect(after.filter((n) => /inquir/.test(n))).toEqual([]);
    // Renamed, none lost: as many names as before, each old one under its new name.
    expect(after.length).toBe(before.length);
    expect(after).toEqual(
      expect.arrayContaining(["leads_name_order", "leads_ref_created_at", "payments_lead_id", "quotes_lead"]),
    );

    // The search index follows its table: the stored lead, then one inserted after, are found.
    const search =
      testDatabaseKind === "postgres"
        ? (word: string) =>
            sql<{
              id: string;
            }>`select id from leads where to_tsvector('simple'::regconfig, regexp_replace(coalesce(search_text, ''), '[^[:alnum:]]+', ' ', 'g')) @@ to_tsquery('simple', ${word})`.execute(
              db,
            )
        : (word: string) =>
            sql<{
              id: string;
            }>`select leads.id from leads where leads.rowid in (select rowid from leads_fts where leads_fts match ${word})`.execute(
              db,
            );
    expect((await search("lovelace")).rows).toEqual([{ id: "lead-1" }]);

    // The signed-quote guard names the column by its new name, and still refuses a change.
    await db
      .insertInto("quotes")
      .values({
        id: "q1",
        lead_id: "lead-1",
        token: "t".repeat(43),
        package: "basic",
        lines: "[]",
        subtotal_cents: 100,
        tax_label: null,
        tax_basis_points: null,
        tax_cents: 0,
        taxes: "[]",
        tax_province: "BC",
        total_cents: 100,
        deposit_percent: null,
        deposit_cents: null,
        terms: "",
        status: "accepted",
        expires_at: at,
        created_by: "owner@example.com",
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto("agreements")
      .values({
        id: "ag1",
        quote_id: "q1",
        lead_id: "lead-1",
        signer_name: "Ada Lovelace",
        signer_company: null,
        signer_email: "ada@example.com",
        signed_at: at,
        user_agent: null,
        address_hash: "x",
        content: "{}",
        content_sha256: "y",
      })
      .execute();
    await expect(
      db.updateTable("quotes").set({ total_cents: 1 }).where("id", "=", "q1").execute(),
    ).rejects.toThrow(SIGNED_QUOTE_MESSAGE);

    // Deleting the lead still takes its timeline and quotes with it (the foreign keys followed the rename).
    await db.deleteFrom("agreements").execute();
    await db.deleteFrom("leads").where("id", "=", "lead-1").execute();
    expect(await db.selectFrom("lead_activity").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("quotes").select("id").execute()).toEqual([]);
    expect((await search("lovelace")).rows).toEqual([]);

    // And back: the names of 0026 again.
    expect(
      (await migratorUpTo(database, "0027-leads").migrateTo("0026-refund-provider-status")).error,
    ).toBeUndefined();
    expect(await schemaNames(database)).toEqual(before);
  });
});
