import { z } from "~/lib/zod";

/**
 * Canada's sales taxes as a quote line can carry them (docs/product.md#taxes):
 * GST 5% everywhere but the HST provinces, BC's PST 7% beside it for a client
 * in BC, HST in its place for a client in an HST province. Rates are fixed
 * here, never taken from a form; a new rate is a code change with its date.
 */
export const taxCodes = ["GST", "PST", "HST"] as const;
export type TaxCode = (typeof taxCodes)[number];

export const provinces = [
  "AB",
  "BC",
  "MB",
  "NB",
  "NL",
  "NS",
  "NT",
  "NU",
  "ON",
  "PE",
  "QC",
  "SK",
  "YT",
] as const;
export type Province = (typeof provinces)[number];

/** Each province's and territory's name, as the owner reads it in a form (the code stays the value). */
export const provinceNames: Record<Province, string> = {
  AB: "Alberta",
  BC: "British Columbia",
  MB: "Manitoba",
  NB: "New Brunswick",
  NL: "Newfoundland and Labrador",
  NS: "Nova Scotia",
  NT: "Northwest Territories",
  NU: "Nunavut",
  ON: "Ontario",
  PE: "Prince Edward Island",
  QC: "Quebec",
  SK: "Saskatchewan",
  YT: "Yukon",
};

/**
 * HST in basis points by province. Nova Scotia's fell from 15% to 14% on
 * 2025-04-01 (Nova Scotia Finance, Budget 2025-26), so invoices from 2026 use 14%.
 */
const HST_BASIS_POINTS: Partial<Record<Province, number>> = {
  ON: 1300,
  NB: 1500,
  NL: 1500,
  NS: 1400,
  PE: 1500,
};

export const isHstProvince = (p: Province) => HST_BASIS_POINTS[p] !== undefined;

/** One tax as a document states it: "GST 5%", its rate and what it adds up to. */
export type TaxTotal = { code: TaxCode; label: string; basisPoints: number; cents: number };

/** The taxes a line may carry for a client in this province, with their rates. */
export function availableTaxes(province: Province): { code: TaxCode; basisPoints: number; label: string }[] {
  const hst = HST_BASIS_POINTS[province];
  if (hst !== undefined) return [{ code: "HST", basisPoints: hst, label: `HST ${hst / 100}% (${province})` }];
  const gst = { code: "GST" as const, basisPoints: 500, label: "GST 5%" };
  return province === "BC" ? [gst, { code: "PST", basisPoints: 700, label: "PST 7% (BC)" }] : [gst];
}

/** Why a tax cannot be charged on a line of this quote; null when it can. */
export function taxRefusal(code: TaxCode, province: Province): string | null {
  if (availableTaxes(province).some((t) => t.code === code)) return null;
  if (code === "PST") return "PST is charged only for a client in BC.";
  if (code === "HST")
    return `HST applies only to a client in an HST province (ON, NB, NL, NS, PE), not ${province}.`;
  return `A client in ${province} pays HST instead of GST.`;
}

export const SMALL_SUPPLIER_NOTICE =
  "No GST/HST registration number is set (Settings, Tax registration): the studio is a small supplier and charges no tax, so no tax can be added to a line.";

/**
 * Totals per tax: each tax is rounded once, to the cent, on the sum of the
 * lines that carry it (not line by line), as CRA's rounding rule allows.
 */
export function taxTotals(
  lines: readonly { amountCents: number; taxes: readonly TaxCode[] }[],
  province: Province,
): TaxTotal[] {
  return availableTaxes(province)
    .map((t) => {
      const base = lines.filter((l) => l.taxes.includes(t.code)).reduce((sum, l) => sum + l.amountCents, 0);
      return { ...t, cents: Math.round((base * t.basisPoints) / 10_000), base };
    })
    .filter((t) => t.base > 0)
    .map(({ base: _base, ...t }) => t);
}

/**
 * The part of each tax in one payment of a quote: the deposit carries its
 * share (rounded), the balance the rest, so both add up to the quote's taxes.
 */
export function taxShare(
  taxes: readonly TaxTotal[],
  part: { kind: "deposit" | "balance" | "full"; depositCents: number | null; totalCents: number },
): TaxTotal[] {
  if (part.kind === "full" || part.depositCents === null || part.totalCents === 0) return [...taxes];
  return taxes.map((t) => {
    const deposit = Math.round((t.cents * part.depositCents!) / part.totalCents);
    return { ...t, cents: part.kind === "deposit" ? deposit : t.cents - deposit };
  });
}

export const taxTotalSchema = z.object({
  code: z.enum(taxCodes),
  label: z.string(),
  basisPoints: z.number().int(),
  cents: z.number().int(),
});
