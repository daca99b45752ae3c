import { afterEach, describe, expect, it } from "vitest";

import {
  beforeLeads,
  createEmptyDatabase,
  migratorUpTo,
  openDatabaseUpTo,
  testDatabaseKind,
} from "../../tests/helpers/databases";
import { nextDocumentNumber } from "../billing/documents.server";
import { openDatabase } from "./database.server";
import { migrations } from "./migrations";

describe(`migrations 0024-refunds and 0026-refund-provider-status on ${testDatabaseKind}`, () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
  });

  it("keeps the invoices, receipts and their counters as issued, takes credit notes in their own series, and still refuses a number twice or a second receipt", async () => {
    const empty = await createEmptyDatabase();
    const database = openDatabase(empty.options);
    cleanup = async () => {
      await database.close();
      await empty.dispose();
    };
    expect(
      (await migratorUpTo(database, "0023-analytics-dashboard").migrateToLatest()).error,
    ).toBeUndefined();
    const db = beforeLeads(database);
    const at = "2026-10-01T17:00:00.000Z";
    const doc = {
      id: "d1",
      kind: "invoice",
      number: "2026-0001",
      quote_id: "q1",
      inquiry_id: "lead-1",
      payment_id: null,
      payment_kind: "deposit",
      amount_cents: 11_200,
      taxes: "[]",
      lines: "[]",
      terms: "Half now.",
      buyer_name: "Ada Lovelace",
      registration_number: "123456789 RT0001",
      status: "paid",
      issued_at: at,
      settled_at: at,
    } as const;
    await db
      .insertInto("money_documents")
      .values([doc, { ...doc, id: "d2", kind: "receipt", number: "R2026-0001", payment_id: "p1" }])
      .execute();
    await db
      .insertInto("document_counters")
      .values([
        { kind: "invoice", year: 2026, last: 1 },
        { kind: "receipt", year: 2026, last: 1 },
      ])
      .execute();

    expect(Object.keys(migrations)).toContain("0024-refunds");
    expect((await migratorUpTo(database, "0024-refunds").migrateToLatest()).error).toBeUndefined();
    expect(
      await db
        .selectFrom("money_documents")
        .select(["id", "kind", "number", "amount_cents", "buyer_name", "status", "reason"])
        .orderBy("id")
        .execute(),
    ).toEqual([
      {
        id: "d1",
        kind: "invoice",
        number: "2026-0001",
        amount_cents: 11_200,
        buyer_name: "Ada Lovelace",
        status: "paid",
        reason: null,
      },
      {
        id: "d2",
        kind: "receipt",
        number: "R2026-0001",
        amount_cents: 11_200,
        buyer_name: "Ada Lovelace",
        status: "paid",
        reason: null,
      },
    ]);
    const t = Date.parse("2026-11-25T18:00:00.000Z");
    expect(await database.db.transaction().execute((trx) => nextDocumentNumber(trx, "receipt", t))).toBe(
      "R2026-0002",
    );
    expect(await database.db.transaction().execute((trx) => nextDocumentNumber(trx, "credit_note", t))).toBe(
      "C2026-0001",
    );
    await expect(
      db
        .insertInto("money_documents")
        .values({ ...doc, id: "d3", quote_id: "q2" })
        .execute(),
    ).rejects.toThrow(/unique/i);
    await expect(
      db
        .insertInto("money_documents")
        .values({ ...doc, id: "d4", kind: "receipt", number: "R2026-0009", payment_id: "p1" })
        .execute(),
    ).rejects.toThrow(/unique/i);
    await expect(
      db
        .insertInto("money_documents")
        .values({ ...doc, id: "d5", kind: "refund" as "invoice", number: "X-1" })
        .execute(),
    ).rejects.toThrow(/check/i);
  });

  it("0026 keeps the refunds made before it, their provider status unknown, and takes Stripe's status and reason from then on", async () => {
    const { database, dispose } = await openDatabaseUpTo("0025-analytics-rollup-marks");
    cleanup = dispose;
    const db = beforeLeads(database);
    const refund = {
      id: "rf_1",
      payment_id: "p1",
      inquiry_id: "lead-1",
      amount_cents: 5_000,
      reason: "Cancelled",
      status: "succeeded",
      provider_refund_id: "re_1",
      credit_note_id: "d9",
      requested_by: "owner@studio.example",
      created_at: "2026-11-25T17:00:00.000Z",
      settled_at: "2026-11-25T17:00:01.000Z",
    } as const;
    await db.insertInto("refunds").values(refund).execute();

    expect(
      (await migratorUpTo(database, "0026-refund-provider-status").migrateToLatest()).error,
    ).toBeUndefined();
    expect(await db.selectFrom("refunds").selectAll().execute()).toEqual([
      { ...refund, provider_status: null, failure_reason: null },
    ]);
    await db
      .insertInto("refunds")
      .values({
        ...refund,
        id: "rf_2",
        status: "failed",
        provider_status: "failed",
        failure_reason: "expired_or_canceled_card",
        credit_note_id: null,
      })
      .execute();
    expect(
      await db
        .selectFrom("refunds")
        .select(["id", "provider_status", "failure_reason"])
        .where("status", "=", "failed")
        .execute(),
    ).toEqual([{ id: "rf_2", provider_status: "failed", failure_reason: "expired_or_canceled_card" }]);
  });
});
