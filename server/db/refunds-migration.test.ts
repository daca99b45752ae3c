import type { Kysely } from "kysely";
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

  it("0028 moves every flagged payment into a refund row (needed, requested with Stripe's refund, refunded), claims it whole, keeps the studio's refunds, and drops the old columns", async () => {
    const { database, dispose } = await openDatabaseUpTo("0027-leads");
    cleanup = dispose;
    const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const at = "2026-11-20T10:00:00.000Z";
    const payment = (id: string, extra: Record<string, unknown>) => ({
      id,
      package: "pro",
      amount_cents: 50_000,
      currency: "cad",
      status: "paid",
      provider: "stripe",
      provider_session_id: `cs_${id}`,
      idempotency_key: `key-${id}`,
      created_at: at,
      updated_at: at,
      paid_at: at,
      lead_id: "lead-1",
      quote_id: "q1",
      kind: "deposit",
      refund_status: null,
      refund_reason: null,
      refund_id: null,
      refunded_at: null,
      refund_claimed_cents: 0,
      refunded_cents: 0,
      ...extra,
    });
    await db
      .insertInto("payments")
      .values([
        payment("p-needed", { refund_status: "needed", refund_reason: "withdrawn" }),
        payment("p-asked", { refund_status: "requested", refund_reason: "duplicate", refund_id: "re_9" }),
        payment("p-done", {
          refund_status: "refunded",
          refund_reason: "expired",
          refund_id: "re_8",
          refunded_at: "2026-11-21T10:00:00.000Z",
        }),
        payment("p-kept", { refund_claimed_cents: 1_000, refunded_cents: 1_000 }),
      ])
      .execute();
    const studio = {
      id: "rf_studio",
      payment_id: "p-kept",
      lead_id: "lead-1",
      amount_cents: 1_000,
      reason: "Goodwill",
      status: "succeeded",
      provider_refund_id: "re_1",
      provider_status: "succeeded",
      failure_reason: null,
      credit_note_id: "d1",
      requested_by: "owner@studio.example",
      created_at: at,
      settled_at: at,
    };
    await db.insertInto("refunds").values(studio).execute();

    expect(Object.keys(migrations)).toContain("0028-one-refund-model");
    expect((await migratorUpTo(database, "0028-one-refund-model").migrateToLatest()).error).toBeUndefined();
    expect(
      await db
        .selectFrom("refunds")
        .select([
          "id",
          "payment_id",
          "cause",
          "status",
          "provider_refund_id",
          "provider_status",
          "settled_at",
        ])
        .orderBy("id")
        .execute(),
    ).toEqual([
      {
        id: "p-asked",
        payment_id: "p-asked",
        cause: "duplicate",
        status: "requested",
        provider_refund_id: "re_9",
        provider_status: "pending",
        settled_at: null,
      },
      {
        id: "p-done",
        payment_id: "p-done",
        cause: "expired",
        status: "succeeded",
        provider_refund_id: "re_8",
        provider_status: "succeeded",
        settled_at: "2026-11-21T10:00:00.000Z",
      },
      {
        id: "p-needed",
        payment_id: "p-needed",
        cause: "withdrawn",
        status: "needed",
        provider_refund_id: null,
        provider_status: null,
        settled_at: null,
      },
      {
        id: "rf_studio",
        payment_id: "p-kept",
        cause: null,
        status: "succeeded",
        provider_refund_id: "re_1",
        provider_status: "succeeded",
        settled_at: at,
      },
    ]);
    expect(
      await db
        .selectFrom("payments")
        .select(["id", "refund_claimed_cents", "refunded_cents"])
        .orderBy("id")
        .execute(),
    ).toEqual([
      { id: "p-asked", refund_claimed_cents: 50_000, refunded_cents: 0 },
      { id: "p-done", refund_claimed_cents: 50_000, refunded_cents: 50_000 },
      { id: "p-kept", refund_claimed_cents: 1_000, refunded_cents: 1_000 },
      { id: "p-needed", refund_claimed_cents: 50_000, refunded_cents: 0 },
    ]);
    const [row] = await db.selectFrom("payments").selectAll().where("id", "=", "p-done").execute();
    for (const gone of ["refund_status", "refund_reason", "refund_id", "refunded_at"])
      expect(row).not.toHaveProperty(gone);
    // One flagged refund per payment, and only the statuses and causes the model knows.
    await expect(
      db
        .insertInto("refunds")
        .values({ ...studio, id: "again", payment_id: "p-needed", cause: "duplicate" })
        .execute(),
    ).rejects.toThrow(/unique/i);
    await expect(
      db
        .insertInto("refunds")
        .values({ ...studio, id: "odd", status: "lost" })
        .execute(),
    ).rejects.toThrow(/check/i);
    await expect(
      db
        .insertInto("refunds")
        .values({ ...studio, id: "odd2", cause: "whim" })
        .execute(),
    ).rejects.toThrow(/check/i);
  });
});
