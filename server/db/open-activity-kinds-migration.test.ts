import { afterEach, describe, expect, it } from "vitest";

import { beforeLeads, migratorUpTo, openDatabaseUpTo, testDatabaseKind } from "../../tests/helpers/databases";
import type { LeadActivityKind } from "./schema";

describe(`migration 0014-open-activity-kinds on ${testDatabaseKind}`, () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
  });

  it("keeps every timeline row and lets a new feature's kind in, while an empty or overlong kind is refused", async () => {
    const { database, dispose } = await openDatabaseUpTo("0013-job-leases");
    cleanup = dispose;
    const db = beforeLeads(database);
    const at = "2026-01-01T12:00:00.000Z";
    await db
      .insertInto("inquiries")
      .values({
        id: "lead-1",
        first_name: "Ada",
        last_name: "L",
        email: "ada@example.com",
        phone: null,
        company: null,
        project_type: "basic",
        budget: null,
        timeline: null,
        message: "A site.",
        source: "test",
        created_at: at,
        search_text: "",
      })
      .execute();
    const row = (id: string, kind: string) => ({
      id,
      inquiry_id: "lead-1",
      kind: kind as LeadActivityKind,
      from_status: null,
      to_status: null,
      body: null,
      actor_email: "owner@example.com",
      created_at: at,
    });
    await db
      .insertInto("lead_activity")
      .values([row("a1", "note"), row("a2", "quote-sent")])
      .execute();
    await expect(
      db.insertInto("lead_activity").values(row("a3", "booking-created")).execute(),
    ).rejects.toThrow(/check/i);

    expect(
      (await migratorUpTo(database, "0014-open-activity-kinds").migrateToLatest()).error,
    ).toBeUndefined();
    expect(await db.selectFrom("lead_activity").select(["id", "kind"]).orderBy("id").execute()).toEqual([
      { id: "a1", kind: "note" },
      { id: "a2", kind: "quote-sent" },
    ]);
    await db.insertInto("lead_activity").values(row("a3", "booking-created")).execute();
    await expect(db.insertInto("lead_activity").values(row("a4", "")).execute()).rejects.toThrow(/check/i);
    await expect(
      db
        .insertInto("lead_activity")
        .values(row("a5", "x".repeat(41)))
        .execute(),
    ).rejects.toThrow(/check/i);
    // The timeline's cascade from its lead survives the rebuild.
    await db.deleteFrom("inquiries").where("id", "=", "lead-1").execute();
    expect(await db.selectFrom("lead_activity").select("id").execute()).toEqual([]);
  });
});
