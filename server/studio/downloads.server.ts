import { Hono, type Context } from "hono";
import type { z } from "zod";

import { budgetOptions, optionLabel, projectTypeOptions, timelineOptions } from "~/schemas/inquiry-fields";

import { analyticsDownloads } from "../analytics/downloads.server";
import { ACCOUNTING_COLUMNS, accountingQuerySchema } from "../billing/accounting.server";
import { leadQuerySchema } from "../leads/lead-context.server";
import { paymentQuerySchema } from "../payments/view.server";
import type { StudioServices } from "../services.server";
import { csvResponse, toCsv } from "./csv.server";
import type { StudioEnv } from "./guard.server";

/** The pages' download links: the inbox's, the payments, accounting and analytics pages' CSV, a lead's documents, and one lead's data as JSON (its privacy export). */
export function studioDownloads({
  leads,
  payments,
  privacy,
  quotes,
  accounting,
  analytics,
}: Pick<StudioServices, "leads" | "payments" | "privacy" | "quotes" | "accounting" | "analytics">) {
  const downloads = new Hono<StudioEnv>();
  downloads.get("/leads.csv", (c) =>
    exportCsv(c, leadQuerySchema, leads.exportRows, LEAD_COLUMNS, "leads.csv"),
  );
  downloads.get("/payments.csv", (c) =>
    exportCsv(c, paymentQuerySchema, payments.exportRows, PAYMENT_COLUMNS, "payments.csv"),
  );
  downloads.route("/analytics", analyticsDownloads(analytics));
  downloads.get("/leads/:id/export.json", async (c) => {
    const data = await privacy.export(c.req.param("id"));
    if (!data) return c.json({ success: false, error: "No such lead." }, 404);
    c.header("Content-Disposition", `attachment; filename="lead-${c.req.param("id")}.json"`);
    return c.json(data);
  });
  // The accounting export: every invoice and receipt of a period of Vancouver days.
  downloads.get("/accounting.csv", (c) =>
    exportCsv(c, accountingQuerySchema, accounting.rows, ACCOUNTING_COLUMNS, "accounting.csv"),
  );
  // An invoice or receipt of this lead's quotes, as its PDF.
  downloads.get("/leads/:id/documents/:documentId", async (c) => {
    const found = await quotes.documentPdf(c.req.param("id"), c.req.param("documentId"));
    return found ? pdfResponse(found) : c.json({ success: false, error: "No such document." }, 404);
  });
  // A signed agreement of one of the lead's quotes, as the client got it.
  downloads.get("/leads/:id/quotes/:quoteId/agreement.pdf", async (c) => {
    const file = await quotes.agreement(c.req.param("id"), c.req.param("quoteId"));
    return file
      ? pdfResponse(file)
      : c.json({ success: false, error: "No signed agreement for this quote." }, 404);
  });
  return downloads;
}

/** A document's PDF as a download, never cached by a shared cache. */
export function pdfResponse({ filename, pdf }: { filename: string; pdf: Buffer }) {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** The rows the query string's filters select, as a CSV download. */
async function exportCsv<Q, R>(
  c: Context<StudioEnv>,
  schema: z.ZodType<Q>,
  rows: (query: Q) => Promise<R[]>,
  columns: { header: string; value: (row: R) => unknown }[],
  filename: string,
) {
  const query = schema.safeParse(c.req.query());
  if (!query.success) return c.json({ success: false, error: "Invalid filters." }, 400);
  return csvResponse(toCsv(columns, await rows(query.data)), filename);
}

type LeadRow = Awaited<ReturnType<StudioServices["leads"]["exportRows"]>>[number];
const LEAD_COLUMNS: { header: string; value: (row: LeadRow) => unknown }[] = [
  { header: "Received", value: (r) => r.created_at },
  { header: "Status", value: (r) => r.status },
  { header: "First name", value: (r) => r.first_name },
  { header: "Last name", value: (r) => r.last_name },
  { header: "Email", value: (r) => r.email },
  { header: "Phone", value: (r) => r.phone },
  { header: "Company", value: (r) => r.company },
  { header: "Project type", value: (r) => optionLabel(projectTypeOptions, r.project_type) },
  { header: "Budget", value: (r) => optionLabel(budgetOptions, r.budget) },
  { header: "Timeline", value: (r) => optionLabel(timelineOptions, r.timeline) },
  { header: "Message", value: (r) => r.message },
  { header: "Lost reason", value: (r) => r.lost_reason },
  { header: "Page", value: (r) => r.page },
  { header: "Ref", value: (r) => r.ref },
  { header: "UTM source", value: (r) => r.utm_source },
  { header: "UTM medium", value: (r) => r.utm_medium },
  { header: "UTM campaign", value: (r) => r.utm_campaign },
  { header: "UTM term", value: (r) => r.utm_term },
  { header: "UTM content", value: (r) => r.utm_content },
  { header: "Id", value: (r) => r.id },
];

type PaymentRow = Awaited<ReturnType<StudioServices["payments"]["exportRows"]>>[number];
const PAYMENT_COLUMNS: { header: string; value: (row: PaymentRow) => unknown }[] = [
  { header: "Created", value: (r) => r.created_at },
  { header: "Paid", value: (r) => r.paid_at },
  { header: "Package", value: (r) => r.package },
  { header: "Amount", value: (r) => (r.amount_cents / 100).toFixed(2) },
  { header: "Currency", value: (r) => r.currency.toUpperCase() },
  { header: "Provider", value: (r) => r.provider },
  { header: "Status", value: (r) => r.status },
  // needed / requested / refunded: money kept only to be given back (a late or duplicate quote payment).
  { header: "Refund", value: (r) => r.refund_status },
  { header: "Session id", value: (r) => r.provider_session_id },
  { header: "Id", value: (r) => r.id },
];
