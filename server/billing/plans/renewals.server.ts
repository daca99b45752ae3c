import { randomUUID } from "node:crypto";

import { formatSiteDate } from "~/lib/site-time";
import type { TaxTotal } from "~/shared/taxes";

import type { Executor } from "../../db/database.server";
import type { PlanSubscriptionTable } from "../../db/schema";
import { enqueue } from "../../outbox/outbox.server";
import { pstNumber } from "../../settings/settings.server";
import { nextDocumentNumber, SANDBOX_LINE_PREFIX, type MoneyDocument } from "../documents.server";
import type { BillingInvoice } from "./stripe-objects";
import { taxOfStripeRate } from "./tax-rates.server";

export const RENEWAL_SUBJECT = "plan-renewal";
/** The client's invoice and receipt of a paid renewal, PDFs attached. */
export const RENEWAL_DOCUMENTS_EMAIL = "care-plan-documents-email";
/** A renewal Stripe could not charge: the client is asked to update the card. */
export const RENEWAL_FAILED_EMAIL = "care-plan-failed-email";

export const RENEWAL_TERMS =
  "Care plan billed monthly by card until cancelled; cancelling takes effect at the end of the paid month. Hours of changes not used in a month do not carry over.";

/** The built-in sandbox's invoices (sandbox-billing.server.ts): no money moved, their documents and emails say TEST. */
export const isSandboxInvoice = (stripeInvoiceId: string) => stripeInvoiceId.startsWith("sbx_");

/** The taxes Stripe charged on an invoice, each as our table states it, to the cent Stripe charged. */
export async function chargedTaxes(trx: Executor, invoice: BillingInvoice): Promise<TaxTotal[]> {
  const taxes: TaxTotal[] = [];
  for (const t of invoice.total_taxes ?? []) {
    const rate = t.tax_rate_details?.tax_rate;
    const ours = rate ? await taxOfStripeRate(trx, rate) : undefined;
    // A tax we did not create (added in Stripe's dashboard) would make a document we cannot state: Stripe retries, the log says why.
    if (!ours)
      throw new Error(`invoice ${invoice.id} charges tax rate ${rate ?? "(none)"} that is not one of ours`);
    taxes.push({ ...ours, cents: t.amount });
  }
  return taxes;
}

/**
 * A paid Stripe invoice of a plan: its renewal row turns paid once (inserted, or a failed
 * one recovered), and only the transaction that turned it issues the invoice and receipt, in
 * the studio's numbering, with the taxes Stripe charged, and queues their email. A second
 * delivery, or a second process racing, finds the row paid and issues nothing (on PostgreSQL
 * the unique invoice id makes it wait for the first to commit); the unique (renewal, kind)
 * index is the backstop.
 */
export async function recordPaidRenewal(
  trx: Executor,
  sub: PlanSubscriptionTable,
  plan: { name: string },
  invoice: BillingInvoice,
  opts: { registration: string | null; at: number },
): Promise<MoneyDocument[]> {
  const iso = new Date(opts.at).toISOString();
  const period = invoice.lines.data[0]?.period;
  const periodStart = period ? new Date(period.start * 1000).toISOString() : null;
  const periodEnd = period ? new Date(period.end * 1000).toISOString() : null;
  const inserted = await trx
    .insertInto("plan_renewals")
    .values({
      id: randomUUID(),
      subscription_id: sub.id,
      stripe_invoice_id: invoice.id,
      status: "paid",
      amount_cents: invoice.amount_paid,
      period_start: periodStart,
      period_end: periodEnd,
      created_at: iso,
      updated_at: iso,
    })
    .onConflict((oc) => oc.column("stripe_invoice_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  const renewal =
    inserted ??
    (await trx
      .updateTable("plan_renewals")
      .set({ status: "paid", amount_cents: invoice.amount_paid, updated_at: iso })
      .where("stripe_invoice_id", "=", invoice.id)
      .where("status", "=", "failed")
      .returning("id")
      .executeTakeFirst());
  if (!renewal) return [];

  const taxes = await chargedTaxes(trx, invoice);
  const when = period ? `${formatSiteDate(periodStart!)} to ${formatSiteDate(periodEnd!)}` : "one month";
  const base = {
    quote_id: sub.id,
    lead_id: sub.lead_id ?? sub.id,
    payment_id: null,
    payment_kind: "full" as const,
    amount_cents: invoice.amount_paid,
    taxes: JSON.stringify(taxes),
    lines: JSON.stringify([
      {
        label: `${isSandboxInvoice(invoice.id) ? SANDBOX_LINE_PREFIX : ""}${plan.name} care plan, ${when}`,
        amountCents: invoice.subtotal,
        taxes: taxes.map((t) => t.code),
      },
    ]),
    terms: RENEWAL_TERMS,
    buyer_name: invoice.customer_name?.trim() || sub.name || invoice.customer_email || sub.email || "",
    registration_number: opts.registration,
    pst_number: await pstNumber(trx),
    status: "paid" as const,
    issued_at: iso,
    settled_at: iso,
    renewal_id: renewal.id,
  };
  const documents: MoneyDocument[] = [];
  for (const kind of ["invoice", "receipt"] as const) {
    const row = { ...base, id: randomUUID(), kind, number: await nextDocumentNumber(trx, kind, opts.at) };
    await trx.insertInto("money_documents").values(row).execute();
    documents.push(row);
  }
  await enqueue(
    trx,
    [{ subjectType: RENEWAL_SUBJECT, subjectId: renewal.id, channel: RENEWAL_DOCUMENTS_EMAIL }],
    opts.at,
    { once: true },
  );
  return documents;
}
