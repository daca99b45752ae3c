import { availableTaxes, type Province, type TaxCode } from "~/shared/taxes";

import type { Executor } from "../../db/database.server";
import type { BillingApi } from "./billing-api";

/** One of app/shared/taxes.ts's taxes for a province, and the Stripe tax rate that charges it. */
export type StripeTaxRate = { code: TaxCode; basisPoints: number; label: string; stripeId: string };

/**
 * The Stripe tax rates a client in this province pays, created from the very table the
 * quotes use (availableTaxes), so what Stripe charges on a renewal cannot differ from what a
 * quote would. Each rate is created once and remembered (stripe_tax_rates); the idempotency
 * key names the tax, province and rate, so two processes creating it at once get one rate.
 * A new rate in taxes.ts (a code change) makes a new Stripe rate; the old one stays for the
 * invoices that used it. A small supplier (no registration number) charges none.
 */
export async function stripeTaxRatesFor(
  db: Executor,
  stripe: BillingApi,
  province: Province,
  registered: boolean,
): Promise<StripeTaxRate[]> {
  if (!registered) return [];
  const rates: StripeTaxRate[] = [];
  for (const t of availableTaxes(province)) {
    const known = await db
      .selectFrom("stripe_tax_rates")
      .select("stripe_id")
      .where("code", "=", t.code)
      .where("province", "=", province)
      .where("basis_points", "=", t.basisPoints)
      .executeTakeFirst();
    let stripeId = known?.stripe_id;
    if (!stripeId) {
      const created = await stripe.taxRates.create(
        {
          display_name: t.code,
          description: t.label,
          percentage: t.basisPoints / 100,
          inclusive: false,
          country: "CA",
          state: province,
          jurisdiction: t.code === "GST" ? "CA" : province,
          tax_type: t.code === "GST" ? "gst" : t.code === "PST" ? "pst" : "hst",
          metadata: { code: t.code, province, basis_points: String(t.basisPoints) },
        },
        { idempotencyKey: `tax-rate-${t.code}-${province}-${t.basisPoints}` },
      );
      // The sandbox's rates name themselves (sandboxTaxRate): never remembered as Stripe's.
      if (!isSandboxTaxRate(created.id))
        await db
          .insertInto("stripe_tax_rates")
          .values({ code: t.code, province, basis_points: t.basisPoints, stripe_id: created.id })
          .onConflict((oc) => oc.doNothing())
          .execute();
      stripeId = created.id;
    }
    rates.push({ ...t, stripeId });
  }
  return rates;
}

/** Our tax behind a Stripe tax rate id, as a document states it (undefined: not a rate we created). */
export async function taxOfStripeRate(db: Executor, stripeId: string) {
  const sandbox = SANDBOX_RATE.exec(stripeId);
  if (sandbox)
    return availableTaxes(sandbox[2] as Province).find(
      (a) => a.code === sandbox[1] && a.basisPoints === Number(sandbox[3]),
    );
  const row = await db
    .selectFrom("stripe_tax_rates")
    .selectAll()
    .where("stripe_id", "=", stripeId)
    .executeTakeFirst();
  if (!row) return undefined;
  const t = availableTaxes(row.province as Province).find(
    (a) => a.code === row.code && a.basisPoints === Number(row.basis_points),
  );
  // A rate since changed in taxes.ts still states what it charged then.
  return (
    t ?? {
      code: row.code,
      basisPoints: Number(row.basis_points),
      label: `${row.code} ${Number(row.basis_points) / 100}%`,
    }
  );
}

/** The sandbox's stand-in for a Stripe tax rate: its id states the tax, province and rate, so it needs no table. */
const SANDBOX_RATE = /^sbx_txr_([A-Z]{2,3})_([A-Z]{2})_(\d{1,5})$/;
export const sandboxTaxRate = (code: string, province: string, basisPoints: number) =>
  `sbx_txr_${code}_${province}_${basisPoints}`;
export const isSandboxTaxRate = (id: string) => SANDBOX_RATE.test(id);
