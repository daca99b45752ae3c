import { parseCents } from "~/lib/money";
import { z } from "~/lib/zod";
import { MAX_AMOUNT_CENTS } from "~/schemas/payment";
import { printableName } from "~/schemas/printable-name";
import { availableTaxes, type Province, type TaxCode } from "~/shared/taxes";

/*
 * The studio's catalogue (issue 38): packages and add-ons with a default price and taxes. An
 * item's taxes are stated as for a client in BC (GST, PST); for a client elsewhere its GST
 * becomes that province's federal tax (GST or HST) and PST falls away (catalogueTaxes).
 */

export const catalogueKinds = ["package", "add_on"] as const;
export type CatalogueKind = (typeof catalogueKinds)[number];
export const catalogueKindLabels: Record<CatalogueKind, string> = { package: "Package", add_on: "Add-on" };

/** An item as the back office and the quote form read it. */
export type CatalogueItem = {
  id: string;
  kind: CatalogueKind;
  name: string;
  description: string;
  priceCents: number;
  taxes: ("GST" | "PST")[];
  archived: boolean;
};

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** The catalogue form as posted (strings): name, kind, price in CAD, the GST and PST boxes. */
export const catalogueFormSchema = z.object({
  id: z.preprocess((v) => (blank(v) ? undefined : v), z.string().uuid().optional()),
  kind: z.enum(catalogueKinds, { error: "Choose Package or Add-on." }),
  name: z
    .string({ error: "Name the item." })
    .trim()
    .min(1, "Name the item.")
    .max(120, "The name is at most 120 characters.")
    .check(printableName("The name")),
  description: z.preprocess(
    (v) => (blank(v) ? "" : v),
    z.string().trim().max(500, "The description is at most 500 characters."),
  ),
  price: z.string({ error: "Enter a price such as 450.00." }).transform((v, ctx) => {
    const r = parseCents(v.trim().replace(/,/g, ""));
    if (r.ok && r.cents >= 0 && r.cents <= MAX_AMOUNT_CENTS) return r.cents;
    ctx.addIssue({ code: "custom", message: "Enter a price in CAD such as 450.00." });
    return z.NEVER;
  }),
  taxGST: z.preprocess((v) => v === "on", z.boolean()),
  taxPST: z.preprocess((v) => v === "on", z.boolean()),
});

/** The taxes an item carries on a quote for a client in this province. */
export function catalogueTaxes(taxes: readonly ("GST" | "PST")[], province: Province): TaxCode[] {
  const available = availableTaxes(province).map((t) => t.code);
  const federal: TaxCode = available.includes("HST") ? "HST" : "GST";
  return [
    ...(taxes.includes("GST") ? [federal] : []),
    ...(taxes.includes("PST") && available.includes("PST") ? (["PST"] as const) : []),
  ];
}

/** "1234.56": an amount as the quote form's fields take it. */
export const centsField = (cents: number) => (cents / 100).toFixed(2);
