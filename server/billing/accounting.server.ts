import { paymentKindLabels } from "~/content/quotes";
import { siteDay, siteDayStart } from "~/lib/site-time";
import { z } from "~/lib/zod";
import { quoteReference } from "~/shared/quote-model";
import { taxCodes, taxTotalSchema, type TaxCode } from "~/shared/taxes";

import type { AppDatabase } from "../db/database.server";
import { documentKindLabels, type MoneyDocument } from "./documents.server";

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are written YYYY-MM-DD.")
  .refine((d) => {
    // Round-tripped: Date.parse rolls "2026-11-31" over to December 1 instead of refusing it.
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, "Not a date of the calendar.");

/** A period of Vancouver calendar days, both ends included, at most a little over a year. */
export const accountingQuerySchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((q) => q.from <= q.to, { message: "The period ends before it starts.", path: ["to"] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 400 * 86_400_000, {
    message: "A period is at most 400 days.",
    path: ["to"],
  });

export type AccountingQuery = z.infer<typeof accountingQuerySchema>;

/** One invoice or receipt as the accountant reads it: amounts in cents, one column per tax. */
export type AccountingRow = {
  day: string;
  kind: MoneyDocument["kind"];
  number: string;
  status: MoneyDocument["status"];
  quote: string;
  part: string;
  buyer: string;
  registration: string | null;
  netCents: number;
  taxes: Record<TaxCode, number>;
  totalCents: number;
  paymentId: string | null;
};

/** What a GST/HST and PST return needs for the period: sales before tax and each tax, invoiced and received. */
export type AccountingTotals = {
  count: number;
  netCents: number;
  taxes: Record<TaxCode, number>;
  totalCents: number;
};

const emptyTaxes = (): Record<TaxCode, number> => ({ GST: 0, PST: 0, HST: 0 });

/** Invoices, then receipts, then credit notes, each by number. */
const KIND_ORDER: Record<MoneyDocument["kind"], number> = { invoice: 0, receipt: 1, credit_note: 2 };

/**
 * The accounting export (the back office's Accounting page and its CSV):
 * every invoice, receipt and credit note issued in a period of Vancouver
 * days, and the totals per tax. Invoices count what was billed (void ones are
 * listed but not totalled), receipts what was received, credit notes (as
 * negative amounts) what was refunded.
 */
export function createAccounting({
  database,
  now = Date.now,
}: {
  database: AppDatabase;
  now?: () => number;
}) {
  const { db } = database;

  /** This month so far, in Vancouver: what the page shows first. */
  function currentMonth(): AccountingQuery {
    const today = siteDay(now());
    return { from: `${today.slice(0, 8)}01`, to: today };
  }

  /** Last month in Vancouver, first to last day: the home's "last month" is this page's for that period. */
  function previousMonth(): AccountingQuery {
    const first = Date.parse(`${siteDay(now()).slice(0, 8)}01T00:00:00Z`);
    const lastDay = new Date(first - 86_400_000).toISOString().slice(0, 10);
    return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
  }

  async function rows(query: AccountingQuery): Promise<AccountingRow[]> {
    const from = new Date(siteDayStart(query.from)).toISOString();
    const dayAfter = new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const until = new Date(siteDayStart(dayAfter)).toISOString();
    const docs = await db
      .selectFrom("money_documents")
      .selectAll()
      .where("issued_at", ">=", from)
      .where("issued_at", "<", until)
      .orderBy("number")
      .execute();
    docs.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
    return docs.map((d) => {
      // A credit note gives money and tax back: negative, in the period it was issued.
      const sign = d.kind === "credit_note" ? -1 : 1;
      const taxes = emptyTaxes();
      for (const t of z.array(taxTotalSchema).parse(JSON.parse(d.taxes))) taxes[t.code] += sign * t.cents;
      const total = sign * Number(d.amount_cents);
      return {
        day: siteDay(d.issued_at),
        kind: d.kind,
        number: d.number,
        status: d.status,
        quote: quoteReference(d.quote_id),
        part: d.renewal_id ? "Care plan renewal" : paymentKindLabels[d.payment_kind],
        buyer: d.buyer_name,
        registration: d.registration_number,
        netCents: total - taxCodes.reduce((sum, c) => sum + taxes[c], 0),
        taxes,
        totalCents: total,
        paymentId: d.payment_id,
      };
    });
  }

  function totals(list: readonly AccountingRow[]): {
    invoiced: AccountingTotals;
    refunded: AccountingTotals;
    received: AccountingTotals;
  } {
    const sum = (...kinds: AccountingRow["kind"][]) =>
      list
        .filter((r) => kinds.includes(r.kind) && r.status !== "void")
        .reduce<AccountingTotals>(
          (t, r) => ({
            count: t.count + 1,
            netCents: t.netCents + r.netCents,
            totalCents: t.totalCents + r.totalCents,
            taxes: {
              GST: t.taxes.GST + r.taxes.GST,
              PST: t.taxes.PST + r.taxes.PST,
              HST: t.taxes.HST + r.taxes.HST,
            },
          }),
          { count: 0, netCents: 0, totalCents: 0, taxes: emptyTaxes() },
        );
    // Received is what the studio kept: receipts less the period's credit notes.
    return {
      invoiced: sum("invoice"),
      refunded: sum("credit_note"),
      received: sum("receipt", "credit_note"),
    };
  }

  return {
    rows,
    totals,
    currentMonth,
    previousMonth,
    parseQuery: (q: Record<string, string>) => accountingQuerySchema.safeParse(q),
  };
}

export type Accounting = ReturnType<typeof createAccounting>;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The CSV's columns: one row per document, amounts in dollars with two decimals, one column per tax. */
export const ACCOUNTING_COLUMNS: {
  header: string;
  value: (row: AccountingRow) => unknown;
  numeric?: boolean;
}[] = [
  { header: "Date (Vancouver)", value: (r) => r.day },
  { header: "Document", value: (r) => documentKindLabels[r.kind] },
  { header: "Number", value: (r) => r.number },
  { header: "Status", value: (r) => r.status },
  { header: "Quote", value: (r) => r.quote },
  { header: "Part", value: (r) => r.part },
  { header: "Buyer", value: (r) => r.buyer },
  // Numeric: a credit note's negative amounts stay numbers the spreadsheet sums.
  { header: "Before tax", value: (r) => dollars(r.netCents), numeric: true },
  ...taxCodes.map((code) => ({
    header: code,
    value: (r: AccountingRow) => dollars(r.taxes[code]),
    numeric: true,
  })),
  { header: "Total", value: (r) => dollars(r.totalCents), numeric: true },
  { header: "Currency", value: () => "CAD" },
  { header: "GST/HST number", value: (r) => r.registration },
  { header: "Payment id", value: (r) => r.paymentId },
];
