import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { AccountingRow, AccountingTotals } from "../../server/billing/accounting.server";
import type { MoneyDocumentTable } from "../../server/db/schema";
import { testDatabaseKind } from "../helpers/databases";
import { builtSite } from "../helpers/site";
import { signedInStudio, type SignedInStudio } from "../helpers/studio";

type Page = {
  period: { from: string; to: string };
  rows: AccountingRow[];
  totals: { invoiced: AccountingTotals; refunded: AccountingTotals; received: AccountingTotals };
  error?: string;
};

/**
 * The back office's accounting export: the invoices and receipts of a period
 * of Vancouver days, totals per tax, and the CSV the accountant imports.
 * Documents are written as the issuing code writes them (tests/integration/invoices.test.ts issues them).
 */
describe(`studio accounting export on ${testDatabaseKind}`, () => {
  let h: SignedInStudio;
  beforeAll(async () => {
    h = await signedInStudio(
      { LOG_LEVEL: "silent", PAYMENTS_PROVIDER: "sandbox", GST_HST_NUMBER: "123456789RT0001" },
      { site: await builtSite() },
    );
    h.clock.now = Date.parse("2026-11-25T18:00:00.000Z");
    const taxes = (gst: number, pst: number) =>
      JSON.stringify([
        { code: "GST", label: "GST 5%", basisPoints: 500, cents: gst },
        ...(pst ? [{ code: "PST", label: "PST 7% (BC)", basisPoints: 700, cents: pst }] : []),
      ]);
    const doc = (
      number: string,
      issuedAt: string,
      amount: number,
      gst: number,
      pst: number,
      more: Partial<MoneyDocumentTable> = {},
    ): MoneyDocumentTable => ({
      id: randomUUID(),
      kind: number.startsWith("R") ? "receipt" : "invoice",
      number,
      quote_id: randomUUID(),
      lead_id: "lead-gone",
      payment_id: number.startsWith("R") ? `pay-${number}` : null,
      payment_kind: "deposit",
      amount_cents: amount,
      taxes: taxes(gst, pst),
      lines: "[]",
      terms: "Half now.",
      buyer_name: "Ada Lovelace, Analytical Engines Ltd",
      registration_number: "123456789 RT0001",
      status: number.startsWith("R") ? "paid" : "issued",
      issued_at: issuedAt,
      settled_at: null,
      ...more,
    });
    await h.database.db
      .insertInto("money_documents")
      .values([
        // 23:30 on October 31 in Vancouver (UTC-7): October's.
        doc("2026-0001", "2026-11-01T06:30:00.000Z", 11_200, 500, 700),
        // 00:30 on November 1 in Vancouver.
        doc("2026-0002", "2026-11-01T07:30:00.000Z", 56_000, 2_500, 3_500),
        doc("R2026-0001", "2026-11-02T18:00:00.000Z", 56_000, 2_500, 3_500),
        doc("2026-0003", "2026-11-10T18:00:00.000Z", 10_500, 500, 0, {
          status: "void",
          buyer_name: '=HYPERLINK("https://evil.example")',
        }),
        // 23:30 on November 30 in Vancouver: still November's.
        doc("2026-0004", "2026-12-01T06:30:00.000Z", 21_000, 1_000, 0),
        doc("2026-0005", "2026-12-01T07:30:00.000Z", 21_000, 1_000, 0),
        // A refund of 112.00 of the receipt: counted negative in November, when it was issued.
        doc("C2026-0001", "2026-11-20T18:00:00.000Z", 11_200, 500, 700, {
          kind: "credit_note",
          payment_id: "pay-R2026-0001",
          status: "issued",
          reason: "Scope reduced",
        }),
      ])
      .execute();
  });
  afterAll(async () => {
    await h?.dispose();
  });

  it("totals the GST, PST and HST of a period of Vancouver days: invoiced without the void ones, and received", async () => {
    const november = await h.browser.page<Page>(
      "/studio/accounting?from=2026-11-01&to=2026-11-30",
      "studio/accounting",
    );
    expect(november.rows.map((r) => r.number)).toEqual([
      "2026-0002",
      "2026-0003",
      "2026-0004",
      "R2026-0001",
      "C2026-0001",
    ]);
    expect(november.totals.invoiced).toEqual({
      count: 2,
      netCents: 50_000 + 20_000,
      taxes: { GST: 3_500, PST: 3_500, HST: 0 },
      totalCents: 77_000,
    });
    expect(november.totals.refunded).toEqual({
      count: 1,
      netCents: -10_000,
      taxes: { GST: -500, PST: -700, HST: 0 },
      totalCents: -11_200,
    });
    // Received is what the studio kept: the receipt less the credit note.
    expect(november.totals.received).toEqual({
      count: 2,
      netCents: 40_000,
      taxes: { GST: 2_000, PST: 2_800, HST: 0 },
      totalCents: 44_800,
    });
    // Without a period: this month so far, by the server's clock in Vancouver.
    const current = await h.browser.page<Page>("/studio/accounting", "studio/accounting");
    expect(current.period).toEqual({ from: "2026-11-01", to: "2026-11-25" });
    const bad = await h.browser.page<Page>(
      "/studio/accounting?from=2026-12-01&to=2026-11-01",
      "studio/accounting",
    );
    expect(bad.error).toBe("The period ends before it starts.");
  });

  it("downloads the period as CSV, one row per document, formulas neutralised; a bad period is refused", async () => {
    const response = await h.browser.request("/api/studio/accounting.csv?from=2026-11-01&to=2026-11-30");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/filename="accounting.csv"/);
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Date (Vancouver),Document,Number,Status,Quote,Part,Buyer,Before tax,GST,PST,HST,Total,Currency,GST/HST number,Payment id",
    );
    expect(lines.slice(1).map((l) => l.split(",").slice(0, 3).join(","))).toEqual([
      "2026-11-01,Invoice,2026-0002",
      "2026-11-10,Invoice,2026-0003",
      "2026-11-30,Invoice,2026-0004",
      "2026-11-02,Receipt,R2026-0001",
      "2026-11-20,Credit note,C2026-0001",
    ]);
    expect(lines[1]).toContain("500.00,25.00,35.00,0.00,560.00,CAD,123456789 RT0001");
    expect(lines[5]).toContain("-100.00,-5.00,-7.00,0.00,-112.00,CAD,123456789 RT0001,pay-R2026-0001");
    expect(lines[2]).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
    for (const query of [
      "?from=2026-11-31&to=2026-12-01",
      "?from=2026-12-01&to=2026-11-01",
      "?from=2020-01-01&to=2026-11-01",
      "",
    ]) {
      expect((await h.browser.request(`/api/studio/accounting.csv${query}`)).status, query).toBe(400);
    }
  });
});
