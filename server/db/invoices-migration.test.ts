import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";

import { quoteContent } from "~/shared/quote-model";

import {
  beforeLeads,
  createEmptyDatabase,
  migratorUpTo,
  testDatabaseKind,
} from "../../tests/helpers/databases";
import { openDatabase } from "./database.server";
import { migrations } from "./migrations";

describe(`migration 0017-invoices on ${testDatabaseKind}`, () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
  });

  it("keeps a quote made with the old single tax readable: its tax becomes its one entry per tax, amounts unchanged", async () => {
    const empty = await createEmptyDatabase();
    const database = openDatabase(empty.options);
    cleanup = async () => {
      await database.close();
      await empty.dispose();
    };
    expect((await migratorUpTo(database, "0016-analytics").migrateToLatest()).error).toBeUndefined();
    const db = beforeLeads(database);
    const at = "2026-10-01T17:00:00.000Z";
    await db
      .insertInto("inquiries")
      .values({
        id: "lead-1",
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada@example.com",
        phone: null,
        company: null,
        project_type: "pro",
        budget: null,
        timeline: null,
        message: "A site.",
        source: "form",
        created_at: at,
        search_text: "ada",
      })
      .execute();
    const quote = (id: string, tax: { label: string; bp: number; cents: number } | null) => ({
      id,
      inquiry_id: "lead-1",
      token: `token-${id}`,
      package: "pro" as const,
      lines: JSON.stringify([{ label: "Pro Website", amountCents: 138456 }]),
      subtotal_cents: 138456,
      tax_label: tax?.label ?? null,
      tax_basis_points: tax?.bp ?? null,
      tax_cents: tax?.cents ?? 0,
      total_cents: 138456 + (tax?.cents ?? 0),
      deposit_percent: null,
      deposit_cents: null,
      terms: "Half now.",
      status: "sent" as const,
      expires_at: "2026-12-01T00:00:00.000Z",
      created_by: "cli",
      created_at: at,
      updated_at: at,
    });
    // Written as the build before 0017 wrote them: no taxes or province columns yet.
    await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto("quotes")
      .values([
        quote("q-gst", { label: "GST", bp: 500, cents: 6923 }),
        quote("q-hst", { label: "HST (ON)", bp: 1300, cents: 17999 }),
        quote("q-none", null),
      ])
      .execute();

    expect(Object.keys(migrations)).toContain("0017-invoices");
    expect((await migratorUpTo(database, "0017-invoices").migrateToLatest()).error).toBeUndefined();
    const rows = await database.db.selectFrom("quotes").selectAll().orderBy("id").execute();
    expect(
      rows.map((q) => [
        q.id,
        quoteContent(q).taxes,
        quoteContent(q).totalCents,
        quoteContent(q).lines[0]!.taxes,
      ]),
    ).toEqual([
      ["q-gst", [{ code: "GST", label: "GST 5%", basisPoints: 500, cents: 6923 }], 145379, []],
      ["q-hst", [{ code: "HST", label: "HST (ON) 13%", basisPoints: 1300, cents: 17999 }], 156455, []],
      ["q-none", [], 138456, []],
    ]);
    // Invoice numbers are unique, whatever issues them.
    const doc = {
      id: "d1",
      kind: "invoice",
      number: "2026-0001",
      quote_id: "q-gst",
      inquiry_id: "lead-1",
      payment_id: null,
      payment_kind: "full",
      amount_cents: 1,
      taxes: "[]",
      lines: "[]",
      terms: "",
      buyer_name: "",
      registration_number: null,
      status: "issued",
      issued_at: at,
      settled_at: null,
    } as const;
    await db.insertInto("money_documents").values(doc).execute();
    await expect(
      db
        .insertInto("money_documents")
        .values({ ...doc, id: "d2", quote_id: "q-hst" })
        .execute(),
    ).rejects.toThrow(/unique/i);
  });
});
