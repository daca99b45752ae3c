import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { PaymentStatus } from "../../server/db/schema";
import { testDatabaseKind } from "../helpers/databases";
import { flagPayments } from "../helpers/flagged-refunds";
import { signedInStudio, type SignedInStudio } from "../helpers/studio";

type Listed = {
  payments: { id: string; amount_cents: number; status: string }[];
  totals: { month: string; currency: string; cents: number; count: number }[];
};

describe(`studio payments on ${testDatabaseKind}`, () => {
  let h: SignedInStudio;
  beforeEach(async () => {
    h = await signedInStudio();
  });
  afterEach(async () => {
    await h.dispose();
  });

  async function payment(
    createdAt: string,
    status: PaymentStatus,
    amountCents: number,
    extra: {
      package?: "basic" | "pro";
      provider?: "stripe" | "sandbox";
      session?: string;
      refund?: "needed" | "refunded";
    } = {},
  ) {
    const id = randomUUID();
    await h.database.db
      .insertInto("payments")
      .values({
        id,
        package: extra.package ?? "basic",
        amount_cents: amountCents,
        currency: "cad",
        status,
        provider: extra.provider ?? "stripe",
        provider_session_id: extra.session ?? `cs_test_${id.slice(0, 8)}`,
        idempotency_key: randomUUID(),
        failure_reason: null,
        created_at: createdAt,
        updated_at: createdAt,
        paid_at: status === "paid" ? createdAt : null,
        failed_at: null,
        lead_id: extra.refund ? "lead-flagged" : null,
      })
      .execute();
    if (extra.refund) {
      await flagPayments(
        h.database.db,
        [{ id, lead_id: "lead-flagged", amount_cents: amountCents }],
        "withdrawn",
      );
      if (extra.refund === "refunded")
        await h.database.db
          .updateTable("refunds")
          .set({ status: "succeeded" })
          .where("id", "=", id)
          .execute();
    }
    return id;
  }

  it("lists payments newest first with filters, and totals what was paid by month", async () => {
    const jan = await payment("2026-01-15T10:00:00.000Z", "paid", 34_000);
    const jan2 = await payment("2026-01-31T23:00:00.000Z", "paid", 50_050, { package: "pro" });
    const feb = await payment("2026-02-01T08:00:00.000Z", "failed", 12_300, { provider: "sandbox" });
    const mar = await payment("2026-03-02T08:00:00.000Z", "pending", 22_000);
    const listed = (query = "") => h.browser.page<Listed>(`/studio/payments${query}`, "studio/payments");
    const all = await listed();
    expect(all.payments.map((p) => p.id)).toEqual([mar, feb, jan2, jan]);
    expect(all.totals).toEqual([{ month: "2026-01", currency: "cad", cents: 84_050, count: 2 }]);
    const get = async (q: string) => (await listed(q)).payments.map((p) => p.id);
    expect(await get("?status=paid")).toEqual([jan2, jan]);
    expect(await get("?provider=sandbox")).toEqual([feb]);
    expect(await get("?package=pro")).toEqual([jan2]);
    expect(await get("?month=2026-01")).toEqual([jan2, jan]);
    // A month that is not one is ignored, and the page says so.
    expect(await listed("?month=2026-13")).toMatchObject({
      invalid: true,
      payments: [{ id: mar }, { id: feb }, { id: jan2 }, { id: jan }],
    });
  });

  it("exports payments as CSV, amounts in dollars, a hostile session id neutralised", async () => {
    await payment("2026-01-15T10:00:00.000Z", "paid", 34_000, { session: "=cmd|' /C calc'!A0" });
    const response = await h.browser.request("/api/studio/payments.csv?status=paid");
    expect(response.headers.get("content-disposition")).toMatch(/filename="payments.csv"/);
    const [header, row] = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toBe("Created,Paid,Package,Amount,Currency,Provider,Status,Refund,Session id,Id");
    expect(row).toMatch(
      /^2026-01-15T10:00:00.000Z,2026-01-15T10:00:00.000Z,basic,340.00,CAD,stripe,paid,,'=cmd\|' \/C calc'!A0,/,
    );
  });

  it("shows money that needs a refund as such, filters it, and leaves it out of the paid totals", async () => {
    await payment("2026-02-10T10:00:00.000Z", "paid", 10_000);
    const late = await payment("2026-02-11T10:00:00.000Z", "paid", 25_000, { refund: "needed" });
    await payment("2026-02-12T10:00:00.000Z", "paid", 5_000, { refund: "refunded" });
    const refunds = await h.browser.page<Listed>("/studio/payments?status=refund", "studio/payments");
    expect(refunds.payments.map((p) => p.id)).toEqual([late]);
    const all = await h.browser.page<Listed>("/studio/payments", "studio/payments");
    expect(all.totals).toEqual([{ month: "2026-02", currency: "cad", cents: 10_000, count: 1 }]);
  });
});
