import { afterEach, describe, expect, it } from "vitest";

import { createEmptyDatabase, migratorUpTo, testDatabaseKind } from "../../tests/helpers/databases";
import { openDatabase } from "./database.server";

describe(`migration 0011-quote-checkouts on ${testDatabaseKind}`, () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
  });

  it("keeps the newest of the open checkouts an earlier build opened for one stage, then allows one open checkout per stage", async () => {
    const empty = await createEmptyDatabase();
    const database = openDatabase(empty.options);
    cleanup = async () => {
      await database.close();
      await empty.dispose();
    };
    expect(
      (await migratorUpTo(database, "0010-one-created-at-index").migrateToLatest()).error,
    ).toBeUndefined();
    const { db } = database;
    const payment = (
      id: string,
      createdAt: string,
      kind: "deposit" | "balance",
      status: "pending" | "paid" = "pending",
    ) => ({
      id,
      package: "pro" as const,
      amount_cents: 61728,
      currency: "cad",
      status,
      provider: "stripe" as const,
      provider_session_id: `cs_${id}`,
      idempotency_key: `payment-${id}`,
      failure_reason: null,
      created_at: createdAt,
      updated_at: createdAt,
      paid_at: null,
      failed_at: null,
      quote_id: "quote-1",
      inquiry_id: "lead-1",
      kind,
    });
    // Two clicks on one deposit under the old build, a paid one, and a balance: only the older open deposit is closed.
    await db
      .insertInto("payments")
      .values([
        payment("p1", "2026-11-01T10:00:00.000Z", "deposit"),
        payment("p2", "2026-11-01T10:00:05.000Z", "deposit"),
        payment("p3", "2026-11-01T09:00:00.000Z", "deposit", "paid"),
        payment("p4", "2026-11-01T10:00:00.000Z", "balance"),
      ])
      .execute();

    expect((await migratorUpTo(database, "0011-quote-checkouts").migrateToLatest()).error).toBeUndefined();
    const rows = await db
      .selectFrom("payments")
      .select(["id", "status", "failure_reason"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: "p1", status: "failed", failure_reason: "superseded by a newer checkout" },
      { id: "p2", status: "pending", failure_reason: null },
      { id: "p3", status: "paid", failure_reason: null },
      { id: "p4", status: "pending", failure_reason: null },
    ]);
    // The database itself refuses a second open checkout for the stage; a closed one may sit beside it.
    await expect(
      db
        .insertInto("payments")
        .values(payment("p5", "2026-11-01T11:00:00.000Z", "deposit"))
        .execute(),
    ).rejects.toThrow(/unique/i);
    await db
      .insertInto("payments")
      .values({ ...payment("p6", "2026-11-01T11:00:00.000Z", "deposit"), status: "failed" })
      .execute();

    expect(
      (await migratorUpTo(database, "0011-quote-checkouts").migrateTo("0010-one-created-at-index")).error,
    ).toBeUndefined();
  });
});
