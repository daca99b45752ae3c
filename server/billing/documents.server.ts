import { randomUUID } from "node:crypto";

import { paymentKindLabels } from "~/content/quotes";
import { formatAddress, siteConfig } from "~/content/site";
import { formatCad } from "~/lib/money";
import { formatCalendarDate, formatSiteDate, siteYear } from "~/lib/site-time";
import { z } from "~/lib/zod";
import {
  lineIncluded,
  paymentPart,
  quoteContent,
  quoteLineSchema,
  quoteReference,
  type QuoteLine,
  type QuoteRow,
} from "~/shared/quote-model";
import { scopeSummary } from "~/shared/scope";
import { taxTotalSchema, type TaxTotal } from "~/shared/taxes";

import type { Executor } from "../db/database.server";
import type { MoneyDocumentKind, MoneyDocumentTable, PaymentKind, PaymentTable } from "../db/schema";
import {
  contentWidth,
  PDF_BRAND,
  PDF_FONT,
  PDF_FONT_BOLD,
  PDF_INK,
  PDF_MUTED,
  renderPdf,
} from "../documents/pdf";
import type { DocumentStamp } from "../documents/stamp.server";
import { pstNumber } from "../settings/settings.server";
import { balanceDueDay } from "./balance-due";

/**
 * Numbered invoices (each amount asked for: the deposit or the whole when the
 * client signs, the balance when it is requested), receipts (each settled
 * payment) and credit notes (each refund of one), issued inside the
 * transaction of the change that calls for them. Never when a quote is only
 * sent: an invoice makes GST/HST payable (docs/product.md#invoices, decision 0046).
 */

export type MoneyDocument = MoneyDocumentTable;

/**
 * The next number of a kind in a Vancouver year, gap-free: the counter row is
 * created if missing, then bumped by one UPDATE in the caller's transaction.
 * PostgreSQL holds the row's lock until commit, so a racing transaction waits
 * and reads the new value; SQLite's transactions take the write lock up front.
 * A rolled-back transaction gives its number back with it.
 */
export async function nextDocumentNumber(
  trx: Executor,
  kind: MoneyDocumentKind,
  at: number,
): Promise<string> {
  const year = siteYear(new Date(at));
  await trx
    .insertInto("document_counters")
    .values({ kind, year, last: 0 })
    .onConflict((oc) => oc.columns(["kind", "year"]).doNothing())
    .execute();
  const row = await trx
    .updateTable("document_counters")
    .set((eb) => ({ last: eb("last", "+", 1) }))
    .where("kind", "=", kind)
    .where("year", "=", year)
    .returning("last")
    .executeTakeFirstOrThrow();
  return `${NUMBER_PREFIX[kind]}${year}-${String(Number(row.last)).padStart(4, "0")}`;
}

/** Each kind its own series: invoices 2026-0001, receipts R2026-0001, credit notes C2026-0001. */
const NUMBER_PREFIX: Record<MoneyDocumentKind, string> = { invoice: "", receipt: "R", credit_note: "C" };

/**
 * The buyer as the documents name them: once the quote is signed, the legal name and company
 * the client signed with (issue 38); before, the lead's name, and company when given.
 */
async function buyerName(trx: Executor, quoteId: string, inquiryId: string) {
  const signed = await trx
    .selectFrom("agreements")
    .select(["signer_name", "signer_company"])
    .where("quote_id", "=", quoteId)
    .executeTakeFirst();
  if (signed)
    return signed.signer_company ? `${signed.signer_name}, ${signed.signer_company}` : signed.signer_name;
  const lead = await trx
    .selectFrom("leads")
    .select(["first_name", "last_name", "company"])
    .where("id", "=", inquiryId)
    .executeTakeFirst();
  if (!lead) return "";
  const name = `${lead.first_name} ${lead.last_name}`.trim();
  return lead.company ? `${name}, ${lead.company}` : name;
}

async function issue(
  trx: Executor,
  kind: MoneyDocumentKind,
  quote: QuoteRow,
  paymentKind: PaymentKind,
  registration: string | null,
  at: number,
  payment?: Pick<PaymentTable, "id" | "amount_cents">,
) {
  const content = quoteContent(quote);
  const part = paymentPart(content, paymentKind);
  const iso = new Date(at).toISOString();
  const row: MoneyDocument = {
    id: randomUUID(),
    kind,
    number: await nextDocumentNumber(trx, kind, at),
    quote_id: quote.id,
    lead_id: quote.lead_id,
    payment_id: payment?.id ?? null,
    payment_kind: paymentKind,
    // A receipt states the money received; it is the part due, as the checkout charged exactly that.
    amount_cents: payment ? Number(payment.amount_cents) : part.amountCents,
    taxes: JSON.stringify(part.taxes),
    // What the client signed for: the options they did not tick are not billed.
    lines: JSON.stringify(content.lines.filter(lineIncluded)),
    terms: content.terms,
    scope_summary: content.scope ? scopeSummary(content.scope) : null,
    buyer_name: await buyerName(trx, quote.id, quote.lead_id),
    registration_number: registration,
    pst_number: await pstNumber(trx),
    status: kind === "receipt" ? "paid" : "issued",
    issued_at: iso,
    settled_at: kind === "receipt" ? iso : null,
  };
  await trx.insertInto("money_documents").values(row).execute();
  return row;
}

/** The invoice for one amount of a quote, issued once: an existing one is returned as it is. */
export async function issueInvoice(
  trx: Executor,
  quote: QuoteRow,
  paymentKind: PaymentKind,
  registration: string | null,
  at: number,
) {
  const existing = await trx
    .selectFrom("money_documents")
    .selectAll()
    .where("kind", "=", "invoice")
    .where("quote_id", "=", quote.id)
    .where("payment_kind", "=", paymentKind)
    .executeTakeFirst();
  return existing ?? issue(trx, "invoice", quote, paymentKind, registration, at);
}

/**
 * The invoice of what a signature makes due to start (the deposit, or the
 * whole without one), issued in the signing transaction from the quote as it
 * stands in it; a second signature finds it and issues nothing.
 */
export async function issueSigningInvoice(
  trx: Executor,
  quoteId: string,
  registration: string | null,
  at: number,
) {
  const quote = await trx
    .selectFrom("quotes")
    .selectAll()
    .where("id", "=", quoteId)
    .executeTakeFirstOrThrow();
  return issueInvoice(trx, quote, quote.deposit_cents === null ? "full" : "deposit", registration, at);
}

/**
 * A settled payment: its invoice is marked paid (issued now if the quote was
 * sent before invoices existed) and its receipt issued, in the same transaction.
 */
export async function issueReceipt(
  trx: Executor,
  quote: QuoteRow,
  payment: Pick<PaymentTable, "id" | "amount_cents">,
  paymentKind: PaymentKind,
  registration: string | null,
  at: number,
) {
  const invoice = await issueInvoice(trx, quote, paymentKind, registration, at);
  const iso = new Date(at).toISOString();
  await trx
    .updateTable("money_documents")
    .set({ status: "paid", settled_at: iso, payment_id: payment.id })
    .where("id", "=", invoice.id)
    .where("status", "=", "issued")
    .execute();
  return issue(trx, "receipt", quote, paymentKind, registration, at, payment);
}

/**
 * A quote that ends unpaid (withdrawn, declined, replaced by a new version,
 * expired) asks for nothing more: its unpaid invoices are void, in the
 * transaction that ends it (their numbers stay used, and the accounting
 * export lists them without counting them as invoiced).
 */
export async function voidOpenInvoices(trx: Executor, quoteId: string, at: number) {
  await trx
    .updateTable("money_documents")
    .set({ status: "void", settled_at: new Date(at).toISOString() })
    .where("quote_id", "=", quoteId)
    .where("kind", "=", "invoice")
    .where("status", "=", "issued")
    .execute();
}

/**
 * The part of each of a receipt's taxes that a refund gives back. Each tax is
 * rounded once on what has been refunded so far, so successive partial
 * refunds add up to the receipt's taxes exactly, and a full refund reverses
 * exactly them (decision 0035).
 */
export function refundTaxes(
  receiptTaxes: readonly TaxTotal[],
  receiptCents: number,
  refundedBeforeCents: number,
  amountCents: number,
): TaxTotal[] {
  const upTo = (t: TaxTotal, cents: number) =>
    cents >= receiptCents ? t.cents : Math.round((t.cents * cents) / receiptCents);
  return receiptTaxes.map((t) => ({
    ...t,
    cents: upTo(t, refundedBeforeCents + amountCents) - upTo(t, refundedBeforeCents),
  }));
}

/**
 * A refund the provider accepted: its credit note, numbered in its own
 * series in the caller's transaction (which holds the payment's row lock),
 * stating the buyer, lines and registration number of the receipt it credits.
 */
export async function issueCreditNote(
  trx: Executor,
  receipt: MoneyDocument,
  refund: { amountCents: number; refundedBeforeCents: number; reason: string },
  at: number,
) {
  const invoice = await trx
    .selectFrom("money_documents")
    .select("number")
    .where("kind", "=", "invoice")
    .where("quote_id", "=", receipt.quote_id)
    .where("payment_kind", "=", receipt.payment_kind)
    .executeTakeFirst();
  const receiptTaxes = z.array(taxTotalSchema).parse(JSON.parse(receipt.taxes)) as TaxTotal[];
  const row: MoneyDocument = {
    id: randomUUID(),
    kind: "credit_note",
    number: await nextDocumentNumber(trx, "credit_note", at),
    quote_id: receipt.quote_id,
    lead_id: receipt.lead_id,
    payment_id: receipt.payment_id,
    payment_kind: receipt.payment_kind,
    amount_cents: refund.amountCents,
    taxes: JSON.stringify(
      refundTaxes(receiptTaxes, Number(receipt.amount_cents), refund.refundedBeforeCents, refund.amountCents),
    ),
    lines: receipt.lines,
    terms: receipt.terms,
    buyer_name: receipt.buyer_name,
    registration_number: receipt.registration_number,
    pst_number: receipt.pst_number ?? null,
    status: "issued",
    issued_at: new Date(at).toISOString(),
    settled_at: null,
    reason: refund.reason,
    credited_invoice: invoice?.number ?? null,
    credited_receipt: receipt.number,
  };
  await trx.insertInto("money_documents").values(row).execute();
  return row;
}

export function documentsOfQuote(db: Executor, quoteIds: readonly string[]) {
  if (quoteIds.length === 0) return Promise.resolve([] as MoneyDocument[]);
  return db
    .selectFrom("money_documents")
    .selectAll()
    .where("quote_id", "in", quoteIds)
    .orderBy("issued_at")
    .orderBy("number")
    .execute();
}

/** One document as a page lists it. */
export type DocumentLink = {
  id: string;
  kind: MoneyDocumentKind;
  number: string;
  title: string;
  amountCents: number;
  issuedAt: string;
  status: MoneyDocument["status"];
};

export function documentLink(d: MoneyDocument): DocumentLink {
  return {
    id: d.id,
    kind: d.kind,
    number: d.number,
    title: documentTitle(d),
    amountCents: Number(d.amount_cents),
    issuedAt: d.issued_at,
    status: d.status,
  };
}

export const documentKindLabels: Record<MoneyDocumentKind, string> = {
  invoice: "Invoice",
  receipt: "Receipt",
  credit_note: "Credit note",
};

export function documentTitle(d: Pick<MoneyDocument, "kind" | "number" | "payment_kind" | "renewal_id">) {
  const part = d.renewal_id ? "care plan" : paymentKindLabels[d.payment_kind].toLowerCase();
  return `${documentKindLabels[d.kind]} ${d.number} (${part})`;
}

export const documentFilename = (d: Pick<MoneyDocument, "kind" | "number">) =>
  `${d.kind.replace("_", "-")}-${d.number}.pdf`;

/**
 * What the Canada Revenue Agency requires a document to show for the
 * recipient to claim input tax credits, by its amount (tax included):
 * under $100 the supplier, date and total; from $100 also the registration
 * number and the tax charged; from $500 also the buyer's name, a description
 * and the terms. Source: GST/HST Memorandum 8.4 and the Input Tax Credit
 * Information (GST/HST) Regulations, s. 3 (thresholds raised from $30 and $150 in 2021); docs/product.md#taxes.
 */
export function craTier(amountCents: number) {
  return { taxAndNumber: amountCents >= 10_000, buyerAndTerms: amountCents >= 50_000 };
}

const cad = (cents: number) => formatCad(cents, { withCode: true });

/** What the work is, in one line from the quote's scope of work (issue 38), above the lines it is priced in. */
function scopeLine(doc: PDFKit.PDFDocument, summary: string | null | undefined, width: number) {
  if (summary) doc.font(PDF_FONT).fontSize(10).text(`Scope: ${summary}`, { width }).moveDown(0.3);
}

/** A label on the left and its amount on the right, on one line (or more, the label wrapping). */
function amountRow(doc: PDFKit.PDFDocument, width: number, label: string, value: string, bold: boolean) {
  const y = doc.y;
  doc
    .font(PDF_FONT)
    .fontSize(10.5)
    .text(label, doc.page.margins.left, y, { width: width * 0.62 });
  const after = doc.y;
  doc
    .font(bold ? PDF_FONT_BOLD : PDF_FONT)
    .text(value, doc.page.margins.left + width * 0.62, y, { width: width * 0.38, align: "right" });
  doc.y = Math.max(after, doc.y);
  doc.x = doc.page.margins.left;
}

/** The first words of a line the built-in sandbox billed (a care plan's renewal without Stripe): data that says TEST. */
export const SANDBOX_LINE_PREFIX = "TEST (sandbox, no money moved): ";

/**
 * When an invoice is due (issue 38): what a signature makes due to start (the deposit, or the
 * whole) is due on receipt, as the agreement says the deposit is due to start and the client pays
 * it from the page they signed on; a care plan's month is charged when Stripe bills it; the
 * balance invoice, issued when the studio requests the balance, BALANCE_DUE_DAYS later (its
 * Vancouver calendar day plus the days).
 */
export function invoiceDue(d: Pick<MoneyDocument, "payment_kind" | "issued_at" | "renewal_id">): string {
  if (d.renewal_id || d.payment_kind !== "balance") return "Due on receipt";
  return `Due: ${formatCalendarDate(balanceDueDay(d.issued_at))}`;
}

const LINE_RULE = "#cbd5e1";

/**
 * The lines of the work as an accountant reads an invoice (issue 38, after Stripe's and Invoice
 * Ninja's): Description, Qty, Unit price, Tax, Amount, money right-aligned, a description
 * wrapping inside its column; a row that would cross the bottom margin starts a new page under
 * the column heads again. A line has no quantity of its own: it is one of what it describes.
 */
function lineTable(doc: PDFKit.PDFDocument, width: number, lines: readonly QuoteLine[]) {
  const left = doc.page.margins.left;
  const gap = 10;
  const fixed = { qty: 34, unit: 86, tax: 72, amount: 86 };
  const description = width - fixed.qty - fixed.unit - fixed.tax - fixed.amount;
  // Each column: where it starts, how wide its text is, and its alignment.
  const columns = [
    { x: left, w: description - gap, align: "left" as const },
    { x: left + description, w: fixed.qty, align: "right" as const },
    { x: left + description + fixed.qty, w: fixed.unit, align: "right" as const },
    { x: left + description + fixed.qty + fixed.unit + gap, w: fixed.tax - gap, align: "left" as const },
    { x: left + width - fixed.amount, w: fixed.amount, align: "right" as const },
  ];
  const rule = (y: number) =>
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.6)
      .strokeColor(LINE_RULE)
      .stroke();
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const row = (cells: string[], font: string, size: number, color: string) => {
    doc.font(font).fontSize(size);
    const height = Math.max(
      ...cells.map((c, i) => doc.heightOfString(c, { width: columns[i]!.w, align: columns[i]!.align })),
    );
    return {
      height,
      draw(y: number) {
        doc.fillColor(color).font(font).fontSize(size);
        cells.forEach((c, i) =>
          doc.text(c, columns[i]!.x, y, { width: columns[i]!.w, align: columns[i]!.align }),
        );
      },
    };
  };
  const head = () => {
    const h = row(["Description", "Qty", "Unit price", "Tax", "Amount"], PDF_FONT_BOLD, 9, PDF_MUTED);
    const y = doc.y;
    h.draw(y);
    rule(y + h.height + 4);
    doc.y = y + h.height + 9;
  };
  head();
  for (const l of lines) {
    const r = row(
      [
        l.label,
        "1",
        formatCad(l.amountCents),
        l.taxes.length ? l.taxes.join(" + ") : "none",
        formatCad(l.amountCents),
      ],
      PDF_FONT,
      10,
      PDF_INK,
    );
    if (doc.y + r.height + 8 > bottom()) {
      doc.addPage();
      head();
    }
    const y = doc.y;
    r.draw(y);
    rule(y + r.height + 4);
    doc.y = y + r.height + 9;
  }
  doc.x = left;
  doc.fillColor(PDF_INK);
}

/** Where an unpaid invoice is paid: its quote's page, printed and linked (only the client and the studio get the PDF). */
function payLink(doc: PDFKit.PDFDocument, width: number, url: string) {
  doc
    .moveDown(0.6)
    .font(PDF_FONT_BOLD)
    .fontSize(10.5)
    .fillColor(PDF_INK)
    .text("Pay online, on your quote's page:", { width });
  // On a line of its own, so a reader (and pdftotext) keeps the address whole.
  doc.font(PDF_FONT).fontSize(9.5).fillColor(PDF_BRAND).text(url, { link: url, underline: true, width });
  doc.fillColor(PDF_INK);
}

/**
 * What a document states beyond its own row, read when it is printed (issue 38): the invoice a
 * receipt pays, and what remains due on the quote once it is paid (none for a care plan's month).
 */
export type DocumentFacts = {
  paysInvoice?: string | null;
  balanceCents?: number | null;
  /** An unpaid invoice's pay link: its quote's page (issue 38); none once paid or void. */
  payUrl?: string | null;
};

export async function documentFacts(
  db: Executor,
  d: MoneyDocument,
  siteUrl?: string,
): Promise<DocumentFacts> {
  if (d.kind === "invoice") {
    if (d.status !== "issued" || d.renewal_id || !siteUrl) return {};
    const quote = await db
      .selectFrom("quotes")
      .select("token")
      .where("id", "=", d.quote_id)
      .executeTakeFirst();
    return { payUrl: quote ? `${siteUrl}/quote/${quote.token}` : null };
  }
  if (d.kind !== "receipt") return {};
  let invoice = db.selectFrom("money_documents").select("number").where("kind", "=", "invoice");
  invoice = d.renewal_id
    ? invoice.where("renewal_id", "=", d.renewal_id)
    : invoice.where("quote_id", "=", d.quote_id).where("payment_kind", "=", d.payment_kind);
  const paid = await invoice.executeTakeFirst();
  if (d.renewal_id) return { paysInvoice: paid?.number ?? null };
  const quote = await db
    .selectFrom("quotes")
    .select("total_cents")
    .where("id", "=", d.quote_id)
    .executeTakeFirst();
  // The quote's receipts up to this one (its own included): what was paid by then.
  const receipts = await db
    .selectFrom("money_documents")
    .select(["amount_cents", "issued_at", "number"])
    .where("kind", "=", "receipt")
    .where("quote_id", "=", d.quote_id)
    .execute();
  const upTo = receipts
    .filter((r) => r.issued_at < d.issued_at || (r.issued_at === d.issued_at && r.number <= d.number))
    .reduce((sum, r) => sum + Number(r.amount_cents), 0);
  return {
    paysInvoice: paid?.number ?? null,
    balanceCents: quote ? Math.max(0, Number(quote.total_cents) - upTo) : null,
  };
}

/** A document as it leaves the server (a download, an attachment): its name and its PDF with the facts of the day. */
export async function documentFile(
  db: Executor,
  d: MoneyDocument,
  stamp?: Pick<DocumentStamp, "test"> & Partial<Pick<DocumentStamp, "siteUrl">>,
) {
  return {
    filename: documentFilename(d),
    pdf: await renderDocumentPdf(d, stamp, await documentFacts(db, d, stamp?.siteUrl)),
  };
}

/** The document as a PDF in the studio's look (server/documents/pdf.ts), the same bytes for the same row and facts. */
export function renderDocumentPdf(
  d: MoneyDocument,
  stamp?: Pick<DocumentStamp, "test">,
  facts: DocumentFacts = {},
): Promise<Buffer> {
  const taxes = z.array(taxTotalSchema).parse(JSON.parse(d.taxes)) as TaxTotal[];
  const lines = z.array(quoteLineSchema).parse(JSON.parse(d.lines));
  const amount = Number(d.amount_cents);
  const invoice = d.kind === "invoice";
  const credit = d.kind === "credit_note";
  // A credit note states the registration number, the tax adjusted and the buyer at any amount (Excise Tax Act s. 232(3)).
  const tier = credit ? { taxAndNumber: true, buyerAndTerms: true } : craTier(amount);
  const issued = formatSiteDate(d.issued_at);
  const title = `${documentKindLabels[d.kind]} ${d.number}`;
  const part = paymentKindLabels[d.payment_kind].toLowerCase();
  const of = d.renewal_id ? "the care plan" : `quote ${quoteReference(d.quote_id)}`;
  return renderPdf(
    {
      title,
      // A care plan renewal's documents name the plan's subscription where a quote's name the quote.
      subtitle: `${invoice || credit ? "Issued" : "Paid"} ${issued}  ·  ${d.renewal_id ? "Care plan" : "Quote"} ${quoteReference(d.quote_id)}`,
      createdAt: new Date(d.issued_at),
      // Marked TEST under the sandbox provider, and wherever the sandbox billed the line itself.
      test: stamp?.test || lines.some((l) => l.label.startsWith(SANDBOX_LINE_PREFIX)),
    },
    (doc) => {
      const width = contentWidth(doc);
      const row = (label: string, value: string, bold = false) => amountRow(doc, width, label, value, bold);
      const heading = (text: string) => {
        doc.moveDown(0.8).font(PDF_FONT_BOLD).fontSize(12).text(text).moveDown(0.3);
      };
      partiesAndDates(doc, d, taxes, tier);
      if (credit) {
        // What it credits and why, whatever its amount: the accountant matches it to the original documents.
        doc
          .moveDown(0.5)
          .font(PDF_FONT)
          .text(
            `Credits invoice ${d.credited_invoice ?? "(none issued)"} and receipt ${d.credited_receipt ?? ""}.`,
          );
        doc.text(`Reason: ${d.reason ?? ""}`, { width });
      }

      if (credit) {
        // The credit itself, not the quote's lines: what was paid and how much of it goes back.
        heading("Description");
        doc
          .font(PDF_FONT)
          .fontSize(10.5)
          .text(
            `Refund of ${cad(amount)} of the ${part} paid on ${of} (receipt ${d.credited_receipt ?? ""}).`,
            { width },
          );
      } else if (tier.buyerAndTerms) {
        // The table's first column says "Description": the heading names the section.
        heading("The work");
        scopeLine(doc, d.scope_summary, width);
        lineTable(doc, width, lines);
        row("Work before tax", cad(lines.reduce((sum, l) => sum + l.amountCents, 0)));
      }
      heading(invoice ? "Amount due" : credit ? "Amount refunded" : "Payment received");
      const taxCents = taxes.reduce((sum, t) => sum + t.cents, 0);
      if (tier.taxAndNumber) {
        row(
          `${paymentKindLabels[d.payment_kind]} before tax${credit ? " refunded" : ""}`,
          cad(amount - taxCents),
        );
        for (const t of taxes) row(credit ? `${t.label} reversed` : t.label, cad(t.cents));
        if (taxes.length === 0) row(credit ? "Tax reversed" : "Tax charged", "none");
      }
      row(invoice ? "Total due" : credit ? "Total refunded" : "Total paid", cad(amount), true);
      if (invoice && facts.payUrl) payLink(doc, width, facts.payUrl);
      if (d.kind === "receipt") receiptFacts(doc, width, facts, part, of);
      if (d.status === "void")
        doc
          .moveDown(0.5)
          .font(PDF_FONT_BOLD)
          .fontSize(11)
          .text("VOID: this invoice was cancelled and nothing is due on it.");

      // Payment terms belong on the invoice that asks for the money (CRA: from $500), not on a receipt or a credit note.
      if (invoice && tier.buyerAndTerms) {
        heading("Terms");
        doc.font(PDF_FONT).fontSize(10).text(d.terms, { width });
      }
    },
  );
}

/** Who issues it (with the registration numbers its tier asks for), its dates and who it is for. */
function partiesAndDates(
  doc: PDFKit.PDFDocument,
  d: MoneyDocument,
  taxes: TaxTotal[],
  tier: { taxAndNumber: boolean; buyerAndTerms: boolean },
) {
  const invoice = d.kind === "invoice";
  const credit = d.kind === "credit_note";
  const issued = formatSiteDate(d.issued_at);
  doc.fillColor(PDF_INK).font(PDF_FONT_BOLD).fontSize(10.5).text(`From: ${siteConfig.name}`);
  doc.font(PDF_FONT).text(formatAddress());
  if (tier.taxAndNumber)
    doc.text(
      d.registration_number
        ? `GST/HST registration number: ${d.registration_number}`
        : "Not registered for GST/HST (small supplier): no GST/HST is charged.",
    );
  // The studio's BC PST number where PST is charged, kept on the document as issued.
  if (tier.taxAndNumber && d.pst_number && taxes.some((t) => t.code === "PST"))
    doc.text(`PST registration number: ${d.pst_number}`);
  doc.text(`Date: ${issued}`);
  if (invoice && d.status !== "void") doc.font(PDF_FONT_BOLD).text(invoiceDue(d)).font(PDF_FONT);
  if (invoice && d.status === "paid" && d.settled_at) doc.text(`Paid: ${formatSiteDate(d.settled_at)}`);
  if (tier.buyerAndTerms)
    doc
      .moveDown(0.5)
      .font(PDF_FONT_BOLD)
      .text(`${credit ? "Credited to" : "Billed to"}: ${d.buyer_name}`)
      .font(PDF_FONT);
}

/** Under a receipt's total: the invoice it pays and what remains due on the quote. */
function receiptFacts(
  doc: PDFKit.PDFDocument,
  width: number,
  facts: DocumentFacts,
  part: string,
  of: string,
) {
  doc.moveDown(0.3);
  if (facts.paysInvoice !== undefined)
    doc
      .font(PDF_FONT)
      .fontSize(10.5)
      .text(
        facts.paysInvoice
          ? `Pays invoice ${facts.paysInvoice} (the ${part} of ${of}).`
          : `Pays the ${part} of ${of}.`,
        { width },
      );
  if (facts.balanceCents !== undefined && facts.balanceCents !== null)
    amountRow(
      doc,
      width,
      facts.balanceCents > 0 ? `Balance remaining on ${of}` : `Nothing remains due on ${of}`,
      cad(facts.balanceCents),
      true,
    );
}
