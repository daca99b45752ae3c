import { afterEach, describe, expect, it } from "vitest";

import { seedCarePlans } from "~/content/care-plans";

import { createEmptyDatabase, migratorUpTo, testDatabaseKind } from "../../tests/helpers/databases";
import { openDatabase } from "./database.server";
import { migrations } from "./migrations";

const LAST = Object.keys(migrations).at(-1)!;

describe(`migrations 0037-care-plans and 0038-renewal-documents on ${testDatabaseKind}`, () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
  });

  it("seeds the plans, keeps one invoice per quote part, allows one invoice and one receipt per renewal, and goes back down", async () => {
    const empty = await createEmptyDatabase();
    const database = openDatabase(empty.options);
    cleanup = async () => {
      await database.close();
      await empty.dispose();
    };
    expect((await migratorUpTo(database, LAST).migrateToLatest()).error).toBeUndefined();
    const { db } = database;
    const plans = await db.selectFrom("care_plans").selectAll().orderBy("position").execute();
    expect(plans.map((p) => [p.id, Number(p.price_cents), JSON.parse(p.included)])).toEqual(
      seedCarePlans.map((p) => [p.id, p.priceCents, p.included]),
    );

    const at = "2026-10-01T17:00:00.000Z";
    const doc = {
      id: "d1",
      kind: "invoice" as const,
      number: "2026-0001",
      quote_id: "q1",
      lead_id: "lead-1",
      payment_id: null,
      payment_kind: "full" as const,
      amount_cents: 5_600,
      taxes: "[]",
      lines: "[]",
      terms: "",
      buyer_name: "Ada",
      registration_number: null,
      status: "paid" as const,
      issued_at: at,
      settled_at: at,
    };
    await db.insertInto("money_documents").values(doc).execute();
    // A quote's part still has one invoice.
    await expect(
      db
        .insertInto("money_documents")
        .values({ ...doc, id: "d2", number: "2026-0002" })
        .execute(),
    ).rejects.toThrow();
    // Renewals of one subscription (its id where a quote's stands): an invoice each, never two for one renewal.
    const renewal = { ...doc, quote_id: "sub-1", renewal_id: "r1", id: "d3", number: "2026-0003" };
    await db.insertInto("money_documents").values(renewal).execute();
    await db
      .insertInto("money_documents")
      .values({ ...renewal, renewal_id: "r2", id: "d4", number: "2026-0004" })
      .execute();
    await expect(
      db
        .insertInto("money_documents")
        .values({ ...renewal, id: "d5", number: "2026-0005" })
        .execute(),
    ).rejects.toThrow();

    await db.deleteFrom("money_documents").where("renewal_id", "is not", null).execute();
    expect((await migratorUpTo(database, LAST).migrateTo("0031-signature-facts")).error).toBeUndefined();
    expect((await migratorUpTo(database, LAST).migrateToLatest()).error).toBeUndefined();
  });
});
