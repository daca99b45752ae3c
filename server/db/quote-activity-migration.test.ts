import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";

import { beforeLeads, migratorUpTo, openDatabaseUpTo, testDatabaseKind } from "../../tests/helpers/databases";
import type { LeadTable } from "./schema";

describe(`migration 0009-quote-activity on ${testDatabaseKind}`, () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
  });

  it("keeps the timeline's rows, carries quote_events into it, drops quote_events, and widens the kinds; down restores them", async () => {
    const { database, dispose } = await openDatabaseUpTo("0006-quotes");
    cleanup = dispose;
    const db = beforeLeads(database);
    const at = "2026-01-01T12:00:00.000Z";
    // The schema as of 0006: no columns of later migrations.
    const early = db as unknown as Kysely<{
      inquiries: Omit<LeadTable, "search_text" | "quarantine_reason">;
    }>;
    await early
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
        message: "A site, please, with a form.",
        source: "api",
        created_at: at,
      })
      .execute();
    await db
      .insertInto("lead_activity")
      .values({
        id: "a1",
        inquiry_id: "lead-1",
        kind: "note",
        from_status: null,
        to_status: null,
        body: "Called her.",
        actor_email: "owner@example.com",
        created_at: at,
      })
      .execute();
    // 0006's stand-in table, gone from the schema types with 0009.
    const legacy = db as unknown as Kysely<{
      quote_events: {
        id: string;
        inquiry_id: string;
        kind: string;
        detail: string;
        actor: string;
        created_at: string;
      };
    }>;
    await legacy
      .insertInto("quote_events")
      .values([
        {
          id: "e1",
          inquiry_id: "lead-1",
          kind: "quote-sent",
          detail: "Q-1 sent",
          actor: "cli",
          created_at: at,
        },
        {
          id: "e2",
          inquiry_id: "lead-1",
          kind: "lead-status",
          detail: "quoted",
          actor: "cli",
          created_at: at,
        },
      ])
      .execute();

    expect((await migratorUpTo(database, "0009-quote-activity").migrateToLatest()).error).toBeUndefined();
    const rows = await db
      .selectFrom("lead_activity")
      .select(["id", "kind", "body", "actor_email"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: "a1", kind: "note", body: "Called her.", actor_email: "owner@example.com" },
      { id: "e1", kind: "quote-sent", body: "Q-1 sent", actor_email: "cli" },
    ]);
    await expect(legacy.selectFrom("quote_events").selectAll().execute()).rejects.toThrow();
    // The widened check takes every quote step and still refuses an unknown kind.
    await db
      .insertInto("lead_activity")
      .values({
        id: "a2",
        inquiry_id: "lead-1",
        kind: "quote-deposit_paid",
        from_status: null,
        to_status: null,
        body: "Q-1 deposit paid",
        actor_email: "client",
        created_at: at,
      })
      .execute();
    await expect(
      db
        .insertInto("lead_activity")
        .values({
          id: "a3",
          inquiry_id: "lead-1",
          kind: "gossip" as "note",
          from_status: null,
          to_status: null,
          body: null,
          actor_email: "x",
          created_at: at,
        })
        .execute(),
    ).rejects.toThrow(/check/i);

    const down = await migratorUpTo(database, "0009-quote-activity").migrateTo("0006-quotes");
    expect(down.error).toBeUndefined();
    expect((await db.selectFrom("lead_activity").select("id").execute()).map((r) => r.id)).toEqual(["a1"]);
    expect(await legacy.selectFrom("quote_events").select(["id", "kind"]).orderBy("id").execute()).toEqual([
      { id: "a2", kind: "quote-deposit_paid" },
      { id: "e1", kind: "quote-sent" },
    ]);
  });
});
