import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";

import { beforeLeads, migratorUpTo, openDatabaseUpTo, testDatabaseKind } from "../../tests/helpers/databases";
import { createLeadService } from "../leads/service.server";
import type { LeadTable } from "./schema";

describe(`migration 0012-lead-trust on ${testDatabaseKind}`, () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
  });

  it("backfills the folded search text of leads stored before it, so both databases find café for cafe; down restores the old index", async () => {
    const { database, dispose } = await openDatabaseUpTo("0010-one-created-at-index");
    cleanup = dispose;
    const early = beforeLeads(database) as unknown as Kysely<{
      inquiries: Omit<LeadTable, "search_text" | "quarantine_reason">;
    }>;
    const lead = (id: string, message: string) => ({
      id,
      first_name: "Zoë",
      last_name: "Müller",
      email: `${id}@example.com`,
      project_type: "basic",
      message,
      source: "api",
      created_at: "2026-01-01T12:00:00.000Z",
    });
    await early
      .insertInto("inquiries")
      .values([lead("a", "A CAFÉ menu, please."), lead("b", "A bakery site.")])
      .execute();

    expect((await migratorUpTo(database, "0012-lead-trust").migrateToLatest()).error).toBeUndefined();
    const rows = await beforeLeads(database)
      .selectFrom("inquiries")
      .select(["id", "search_text", "quarantine_reason"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: "a", search_text: "zoe muller a@example.com  a cafe menu, please.", quarantine_reason: null },
      { id: "b", search_text: "zoe muller b@example.com  a bakery site.", quarantine_reason: null },
    ]);
    // The inbox's search runs on today's names (migration 0027 renamed the table), then back to 0012.
    expect((await migratorUpTo(database, "0027-leads").migrateToLatest()).error).toBeUndefined();
    const leads = createLeadService({ database, config: { WEB3FORMS_ACCESS_KEY: undefined } });
    const search = async (q: string) =>
      (await leads.list(leads.parseQuery(new URLSearchParams({ q })).query)).leads.map((l) => l.id);
    expect(await search("cafe")).toEqual(["a"]);
    expect(await search("Café")).toEqual(["a"]);
    expect(await search("muller zoe")).toEqual(["b", "a"]);
    expect((await migratorUpTo(database, "0027-leads").migrateTo("0012-lead-trust")).error).toBeUndefined();

    expect(
      (await migratorUpTo(database, "0012-lead-trust").migrateTo("0010-one-created-at-index")).error,
    ).toBeUndefined();
    await expect(
      beforeLeads(database).selectFrom("acknowledgements").selectAll().execute(),
    ).rejects.toThrow();
    expect(await early.selectFrom("inquiries").select("id").orderBy("id").execute()).toEqual([
      { id: "a" },
      { id: "b" },
    ]);
  });
});
