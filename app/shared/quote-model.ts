import type { Selectable } from "kysely";

import { packageTypes, paymentPackage, type PackageType } from "~/content/payment";
import { siteConfig } from "~/content/site";
import { z } from "~/lib/zod";
import { MAX_AMOUNT_CENTS, MIN_AMOUNT_CENTS } from "~/schemas/payment";
import { printableName } from "~/schemas/printable-name";
import { lineIncluded } from "~/shared/quote-lines";
import { MAX_SCOPE_LENGTH } from "~/shared/scope-limits";
import {
  provinces,
  taxCodes,
  taxRefusal,
  taxShare,
  taxTotals,
  taxTotalSchema,
  type Province,
  type TaxTotal,
} from "~/shared/taxes";

import type { PaymentKind, QuoteStatus, QuoteTable } from "../../server/db/schema";

export const quoteLineSchema = z.object({
  label: z.string().trim().min(1, "Each line needs a label.").max(120),
  amountCents: z.number().int().min(0).max(MAX_AMOUNT_CENTS),
  /** The taxes this line carries (none on lines stored before per-line taxes). */
  taxes: z.array(z.enum(taxCodes)).max(taxCodes.length).default([]),
  /**
   * An option the client may tick before signing (issue 38). Absent (never false) on a line that
   * is always included, so the content of quotes made before options is what it was.
   */
  optional: z.literal(true).optional(),
  /** An option's tick: counted in the totals, signed and invoiced only when true. */
  chosen: z.boolean().optional(),
});

export { lineIncluded };

export type QuoteLine = z.infer<typeof quoteLineSchema>;

/** What the studio enters (CLI or the back office); every amount in integer cents. */
export const createQuoteSchema = z
  .object({
    inquiryId: z.string().trim().min(1).max(64),
    packageType: z.enum(packageTypes, { error: "The package must be 'basic' or 'pro'." }),
    /** The package's own line. */
    amountCents: z
      .number()
      .int()
      .min(MIN_AMOUNT_CENTS, "The amount must be at least 1.00 CAD.")
      .max(MAX_AMOUNT_CENTS),
    // A line's label is printed on the invoices and signed with the quote: no invisible characters in a new
    // one (quoteLineSchema alone still reads the lines stored before).
    lines: z
      .array(
        quoteLineSchema.extend({ label: quoteLineSchema.shape.label.check(printableName("A line's label")) }),
      )
      .max(20)
      .default([]),
    depositPercent: z
      .number()
      .int()
      .min(1, "The deposit is a percentage from 1 to 99.")
      .max(99, "The deposit is a percentage from 1 to 99.")
      .optional(),
    /** The taxes on the package's own line; each extra line names its own. */
    packageTaxes: z.array(z.enum(taxCodes)).max(taxCodes.length).default([]),
    /** The client's province: which taxes apply, at which rates. */
    province: z.enum(provinces, { error: "Choose the client's province or territory." }).default("BC"),
    expiresInDays: z.number().int().min(1).max(365).default(30),
    terms: z.string().trim().min(1).max(4000).default(siteConfig.quoteTerms),
    /** The scope of work, Markdown (app/shared/scope.ts); raw HTML in it is shown as text, never rendered. */
    scope: z
      .string()
      .trim()
      .max(
        MAX_SCOPE_LENGTH,
        `The scope of work is at most ${MAX_SCOPE_LENGTH.toLocaleString("en-CA")} characters.`,
      )
      .default(""),
  })
  .superRefine((q, ctx) => {
    const lines = [
      { taxes: q.packageTaxes, where: ["packageTaxes"] },
      ...q.lines.map((l, i) => ({ taxes: l.taxes, where: ["lines", i, "taxes"] })),
    ];
    for (const line of lines) {
      if (new Set(line.taxes).size !== line.taxes.length)
        ctx.addIssue({ code: "custom", path: line.where, message: "A tax is named twice on one line." });
      for (const code of line.taxes) {
        const refusal = taxRefusal(code, q.province);
        if (refusal) ctx.addIssue({ code: "custom", path: line.where, message: refusal });
      }
    }
  });

export type CreateQuoteInput = z.input<typeof createQuoteSchema>;

/** The form's name for each field of the schema, so a refusal reads as the studio's words, not a code (issue 37). */
const QUOTE_FIELD_NAMES: Record<string, string> = {
  packageType: "Package",
  amountCents: "Package amount",
  packageTaxes: "Taxes on the package",
  depositPercent: "Deposit",
  province: "Client's province or territory",
  expiresInDays: "Valid for (days)",
  terms: "Terms",
  scope: "Scope of work",
};

/** One refusal of createQuoteSchema as the studio reads it: "Taxes on the package: A client in ON pays HST instead of GST." */
export function quoteIssueText(issue: { path: PropertyKey[]; message: string }): string {
  const [head, index] = issue.path;
  const place =
    head === "lines" && typeof index === "number"
      ? `Line ${index + 1}`
      : typeof head === "string"
        ? QUOTE_FIELD_NAMES[head]
        : undefined;
  return place ? `${place}: ${issue.message}` : issue.message;
}

export type QuoteTotals = {
  lines: QuoteLine[];
  subtotalCents: number;
  taxes: TaxTotal[];
  taxCents: number;
  totalCents: number;
  depositCents: number | null;
};

/**
 * The amounts, fixed once on the server: each tax on the sum of its lines
 * (taxTotals), deposit = round(total × pct / 100), balance = total − deposit,
 * so the two always add up to the total.
 */
export function computeTotals(input: z.output<typeof createQuoteSchema>): QuoteTotals {
  const lines: QuoteLine[] = [
    {
      label: paymentPackage(input.packageType).name,
      amountCents: input.amountCents,
      taxes: input.packageTaxes,
    },
    // An option starts unticked unless the studio ticked it: the client decides.
    ...input.lines.map((l) => (l.optional ? { ...l, chosen: l.chosen ?? false } : l)),
  ];
  return totalsOfLines(lines, input.province, input.depositPercent ?? null);
}

/** The totals of these lines (the options not ticked left out), each tax on the sum of its lines. */
export function totalsOfLines(
  lines: QuoteLine[],
  province: Province,
  depositPercent: number | null,
): QuoteTotals {
  const counted = lines.filter(lineIncluded);
  const subtotalCents = counted.reduce((sum, l) => sum + l.amountCents, 0);
  const taxes = taxTotals(counted, province);
  const taxCents = taxes.reduce((sum, t) => sum + t.cents, 0);
  const totalCents = subtotalCents + taxCents;
  const depositCents = depositPercent ? Math.round((totalCents * depositPercent) / 100) : null;
  return { lines, subtotalCents, taxes, taxCents, totalCents, depositCents };
}

/**
 * The stored quote with the client's ticks (the indexes of the options chosen): its lines and
 * every amount recomputed on the server from the stored lines, never from the browser.
 */
export function withChoices(quote: QuoteRow, chosen: ReadonlySet<number>) {
  const lines = parseLines(quote).map((l, i) => (l.optional ? { ...l, chosen: chosen.has(i) } : l));
  const deposit = quote.deposit_percent === null ? null : Number(quote.deposit_percent);
  const t = totalsOfLines(lines, quote.tax_province as Province, deposit);
  return {
    lines: JSON.stringify(t.lines),
    subtotal_cents: t.subtotalCents,
    taxes: JSON.stringify(t.taxes),
    tax_cents: t.taxCents,
    total_cents: t.totalCents,
    deposit_cents: t.depositCents,
  };
}

/** The options of a quote as a client's post ticks them: "option-3" = "on" ticks line 3. */
export function chosenOptions(quote: Pick<QuoteRow, "lines">, form: Record<string, unknown>): Set<number> {
  const lines = parseLines(quote);
  return new Set(lines.flatMap((l, i) => (l.optional && form[`option-${i}`] === "on" ? [i] : [])));
}

/**
 * A stored quote's content as every reader states it (the client's page, the
 * emails, invoices and receipts, the signed agreement): its lines with their
 * taxes, the total per tax and the amounts. One function, so all show the same figures.
 */
export function quoteContent(quote: QuoteRow) {
  const total = Number(quote.total_cents);
  const deposit = quote.deposit_cents === null ? null : Number(quote.deposit_cents);
  return {
    lines: parseLines(quote),
    province: quote.tax_province as Province,
    subtotalCents: Number(quote.subtotal_cents),
    taxes: z.array(taxTotalSchema).parse(JSON.parse(quote.taxes)),
    taxCents: Number(quote.tax_cents),
    totalCents: total,
    depositPercent: quote.deposit_percent === null ? null : Number(quote.deposit_percent),
    depositCents: deposit,
    balanceCents: deposit === null ? null : total - deposit,
    terms: quote.terms,
    scope: quote.scope ?? "",
  };
}

export type QuoteContent = ReturnType<typeof quoteContent>;

/** What one payment of the quote (deposit, balance or the whole) comes to, with its part of each tax. */
export function paymentPart(
  content: QuoteContent,
  kind: PaymentKind,
): { amountCents: number; taxes: TaxTotal[] } {
  const amountCents =
    kind === "full" ? content.totalCents : kind === "deposit" ? content.depositCents! : content.balanceCents!;
  return {
    amountCents,
    taxes: taxShare(content.taxes, {
      kind,
      depositCents: content.depositCents,
      totalCents: content.totalCents,
    }),
  };
}

/** The short reference a client and the studio quote for a quote: the start of its id. */
export function quoteReference(quoteId: string) {
  return `Q-${quoteId.slice(0, 8).toUpperCase()}`;
}

/** Statuses in which the client may still accept (and which expire). */
export const OPEN_STATUSES = ["sent", "viewed", "accepted"] as const satisfies readonly QuoteStatus[];

export type QuoteRow = Selectable<QuoteTable>;

/** The status as the client sees it now: an open quote past its expiry is expired even before a job marks it. */
export function effectiveStatus(quote: Pick<QuoteRow, "status" | "expires_at">, now: number): QuoteStatus {
  return (OPEN_STATUSES as readonly string[]).includes(quote.status) && Date.parse(quote.expires_at) <= now
    ? "expired"
    : quote.status;
}

/** Which payment the client can make now, and for how much; null when none. */
export function duePayment(quote: QuoteRow, now: number): { kind: PaymentKind; amountCents: number } | null {
  const status = effectiveStatus(quote, now);
  const total = Number(quote.total_cents);
  const deposit = quote.deposit_cents === null ? null : Number(quote.deposit_cents);
  if ((OPEN_STATUSES as readonly string[]).includes(status))
    return deposit === null
      ? { kind: "full", amountCents: total }
      : { kind: "deposit", amountCents: deposit };
  if (status === "deposit_paid" && quote.balance_requested_at && deposit !== null)
    return { kind: "balance", amountCents: total - deposit };
  return null;
}

export function parseLines(quote: Pick<QuoteRow, "lines">): QuoteLine[] {
  return z.array(quoteLineSchema).parse(JSON.parse(quote.lines));
}

export type { PackageType };

/**
 * What a client signs (docs/product.md#agreements): the scope, the lines, the
 * taxes, the totals, the payment schedule, the terms and the expiry, read
 * from the stored quote through the same functions the page uses. The
 * agreement's hash is taken over canonicalJson() of this.
 */
export function agreementContent(quote: QuoteRow) {
  const pkg = paymentPackage(quote.package);
  // The same figures the quote page and the invoices show (quoteContent), so what is signed is what is billed.
  const content = quoteContent(quote);
  return {
    format: 1,
    studio: siteConfig.name,
    reference: quoteReference(quote.id),
    version: Number(quote.version),
    currency: "CAD",
    // The quote's own scope only when it has one: an agreement signed before scopes keeps its content (and fingerprint).
    scope: { package: pkg.name, summary: pkg.summary, details: quote.scope ? quote.scope : undefined },
    lines: content.lines,
    province: content.province,
    subtotalCents: content.subtotalCents,
    taxes: content.taxes,
    totalCents: content.totalCents,
    schedule:
      content.depositCents === null
        ? [{ kind: "full", percent: 100, cents: content.totalCents }]
        : [
            { kind: "deposit", percent: Number(content.depositPercent), cents: content.depositCents },
            {
              kind: "balance",
              percent: 100 - Number(content.depositPercent),
              cents: content.totalCents - content.depositCents,
            },
          ],
    terms: content.terms,
    // The agreement the quote was sent with (issue 38); absent on quotes sent before contracts.
    contract:
      quote.contract_text != null
        ? { version: Number(quote.contract_version ?? 0), text: quote.contract_text }
        : undefined,
    expiresAt: quote.expires_at,
  };
}

export type AgreementContent = ReturnType<typeof agreementContent>;

/**
 * One text for one value: object keys sorted by code unit, no whitespace, as
 * RFC 8785 does for the values used here (strings, integers, arrays, objects).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  if (typeof value === "number" && !Number.isSafeInteger(value))
    throw new Error("canonicalJson: only integers (amounts are in cents)");
  return JSON.stringify(value);
}
