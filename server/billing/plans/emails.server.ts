import { formatSiteDate } from "~/lib/site-time";

import type { AppDatabase } from "../../db/database.server";
import { carePlanDocumentsEmail, carePlanFailedEmail } from "../../mail/emails/care-plan";
import type { Mailer } from "../../mail/mailer.server";
import { messageId, type OutboxHandlers, type OutboxRow } from "../../outbox/outbox.server";
import { documentFile } from "../documents.server";
import { portalUrl } from "./portal-links.server";
import { isSandboxInvoice, RENEWAL_DOCUMENTS_EMAIL, RENEWAL_FAILED_EMAIL } from "./renewals.server";

type Ctx = { database: AppDatabase; mailer: Mailer; siteUrl: string; linkKey: Buffer };

/** A renewal with its subscription and plan; the address is the one Stripe billed. */
async function loadRenewal({ database }: Ctx, row: OutboxRow) {
  const r = await database.db
    .selectFrom("plan_renewals")
    .innerJoin("plan_subscriptions as s", "s.id", "plan_renewals.subscription_id")
    .innerJoin("care_plans as p", "p.id", "s.plan_id")
    .select([
      "plan_renewals.id",
      "plan_renewals.amount_cents",
      "plan_renewals.period_start",
      "plan_renewals.period_end",
      "plan_renewals.stripe_invoice_id",
      "s.id as subscription_id",
      "s.email",
      "p.name as plan_name",
    ])
    .where("plan_renewals.id", "=", row.subject_id)
    .executeTakeFirst();
  if (!r) throw new Error(`plan renewal ${row.subject_id} not found`);
  return r;
}

async function sendDocuments(ctx: Ctx, row: OutboxRow) {
  const r = await loadRenewal(ctx, row);
  // The checkout's completion brings the address; until then (events out of order) the outbox retries.
  if (!r.email) throw new Error(`plan renewal ${r.id}: no billing address yet`);
  const docs = await ctx.database.db
    .selectFrom("money_documents")
    .selectAll()
    .where("renewal_id", "=", r.id)
    .orderBy("kind")
    .execute();
  const invoice = docs.find((d) => d.kind === "invoice");
  const receipt = docs.find((d) => d.kind === "receipt");
  if (!invoice || !receipt) throw new Error(`plan renewal ${r.id} has no documents`);
  const period =
    r.period_start && r.period_end
      ? `${formatSiteDate(r.period_start)} to ${formatSiteDate(r.period_end)}`
      : "this month";
  const email = await carePlanDocumentsEmail({
    planName: r.plan_name,
    period,
    amountCents: Number(receipt.amount_cents),
    invoiceNumber: invoice.number,
    receiptNumber: receipt.number,
    paidOn: formatSiteDate(receipt.issued_at),
    test: isSandboxInvoice(r.stripe_invoice_id),
  });
  const attachments = await Promise.all(
    [invoice, receipt].map(async (d) => {
      // Care plans bill through Stripe only: never a sandbox (TEST) document.
      const file = await documentFile(ctx.database.db, d);
      return { filename: file.filename, content: file.pdf, contentType: "application/pdf" };
    }),
  );
  await ctx.mailer.send({
    ...email,
    to: r.email,
    replyTo: ctx.mailer.companyInbox,
    messageId: messageId(row),
    attachments,
  });
}

async function sendFailed(ctx: Ctx, row: OutboxRow) {
  const r = await loadRenewal(ctx, row);
  if (!r.email) throw new Error(`plan renewal ${r.id}: no billing address yet`);
  const email = await carePlanFailedEmail({
    planName: r.plan_name,
    amountCents: Number(r.amount_cents),
    updateUrl: portalUrl(ctx.siteUrl, ctx.linkKey, r.subscription_id),
    test: isSandboxInvoice(r.stripe_invoice_id),
  });
  await ctx.mailer.send({
    ...email,
    to: r.email,
    replyTo: ctx.mailer.companyInbox,
    messageId: messageId(row),
  });
}

/** How the outbox worker delivers the care plans' emails to the client. */
export function carePlanDeliveryHandlers(ctx: Ctx): OutboxHandlers {
  return {
    [RENEWAL_DOCUMENTS_EMAIL]: { enabled: ctx.mailer.configured, deliver: (row) => sendDocuments(ctx, row) },
    [RENEWAL_FAILED_EMAIL]: { enabled: ctx.mailer.configured, deliver: (row) => sendFailed(ctx, row) },
  };
}
