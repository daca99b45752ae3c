import { isbot } from "isbot";

import {
  duePayment,
  effectiveStatus,
  OPEN_STATUSES,
  quoteContent,
  quoteReference,
  type QuoteRow,
} from "~/shared/quote-model";
import { scopeBlocks } from "~/shared/scope";

import { documentLink, documentsOfQuote } from "../billing/documents.server";
import { notFlagged } from "../billing/flagged-refund";
import type { PaymentKind } from "../db/schema";
import { currentContract } from "../settings/contract.server";
import { agreementFile, countersignatureOf } from "./agreement.server";
import { documentPath, TOKEN_PATTERN, type CheckoutContext, type QuoteView } from "./checkout-context.server";
import { moveTo } from "./sign-quote.server";

export function byToken(ctx: CheckoutContext, token: string) {
  const { db } = ctx;
  if (!TOKEN_PATTERN.test(token)) return Promise.resolve(undefined);
  return db.selectFrom("quotes").selectAll().where("token", "=", token).executeTakeFirst();
}

/**
 * The quote for its page; an open one past its expiry is marked expired. Showing it does not
 * mark it viewed: a mail scanner's GET or HEAD of the link renders it too (issue 37). The page
 * itself reports a person's view (`seen`).
 */
export async function view(ctx: CheckoutContext, token: string): Promise<QuoteView | undefined> {
  const { clock, db, agreementOf } = ctx;
  let quote = await byToken(ctx, token);
  if (!quote || quote.status === "draft") return undefined;
  const t = clock();
  const status = effectiveStatus(quote, t);
  if (status === "expired" && quote.status !== "expired") quote = (await expire(ctx, quote, t)) ?? quote;
  const [paid, lead, documents, agreement, counter] = await Promise.all([
    db
      .selectFrom("payments")
      .select(["id", "kind", "amount_cents", "paid_at"])
      .where("quote_id", "=", quote.id)
      .where("status", "=", "paid")
      .where(notFlagged)
      .orderBy("paid_at")
      .execute(),
    db.selectFrom("leads").select(["first_name"]).where("id", "=", quote.lead_id).executeTakeFirst(),
    documentsOfQuote(db, [quote.id]),
    agreementOf(quote.id),
    countersignatureOf(db, quote.id),
  ]);
  return viewOf(quote, t, {
    payments: paid,
    firstName: lead?.first_name ?? "",
    documents: documents.map((d) => ({ ...documentLink(d), href: documentPath(token, d.id) })),
    receipts: new Map(
      documents.flatMap((d) =>
        d.kind === "receipt" && d.payment_id ? [[d.payment_id, d.number] as const] : [],
      ),
    ),
    agreement,
    counter: counter ?? null,
  });
}

/**
 * "Preview as the client" (issue 38): a draft as its client's page would show it once sent
 * (open, its first payment due, the service agreement that sending now would copy into it),
 * read only: no expiry, no view, no timeline line. The page renders it with every action off.
 */
export async function preview(ctx: CheckoutContext, quoteId: string): Promise<QuoteView | undefined> {
  const { clock, db } = ctx;
  const quote = await db.selectFrom("quotes").selectAll().where("id", "=", quoteId).executeTakeFirst();
  if (!quote || quote.status !== "draft") return undefined;
  const t = clock();
  const [lead, contract] = await Promise.all([
    db.selectFrom("leads").select(["first_name"]).where("id", "=", quote.lead_id).executeTakeFirst(),
    currentContract(db),
  ]);
  const asSent: QuoteRow = {
    ...quote,
    status: "sent",
    sent_at: new Date(t).toISOString(),
    contract_version: contract.version,
    contract_text: contract.text,
  };
  return viewOf(asSent, t, {
    payments: [],
    firstName: lead?.first_name ?? "",
    documents: [],
    receipts: new Map(),
    agreement: undefined,
    counter: null,
  });
}

/** The client's page of a quote as stored (or as it would be sent), from the rows it shows. */
function viewOf(
  quote: QuoteRow,
  t: number,
  rows: {
    payments: { id: string; kind: PaymentKind | null; amount_cents: number; paid_at: string | null }[];
    firstName: string;
    documents: QuoteView["documents"];
    /** Each paid payment's receipt number, by payment id. */
    receipts: ReadonlyMap<string, string>;
    agreement: Awaited<ReturnType<CheckoutContext["agreementOf"]>>;
    counter: NonNullable<QuoteView["agreement"]>["countersigned"];
  },
): QuoteView {
  const { agreement, counter } = rows;
  const content = quoteContent(quote);
  const due = duePayment(quote, t);
  return {
    reference: quoteReference(quote.id),
    status: effectiveStatus(quote, t),
    packageType: quote.package,
    lines: content.lines,
    subtotalCents: content.subtotalCents,
    taxes: content.taxes,
    totalCents: content.totalCents,
    depositPercent: content.depositPercent,
    depositCents: content.depositCents,
    balanceCents: content.balanceCents,
    terms: content.terms,
    scope: scopeBlocks(content.scope),
    contract:
      quote.contract_text != null
        ? { version: Number(quote.contract_version ?? 0), blocks: scopeBlocks(quote.contract_text) }
        : null,
    expiresAt: quote.expires_at,
    due,
    payments: rows.payments.map((p) => ({
      kind: p.kind ?? "full",
      amountCents: Number(p.amount_cents),
      paidAt: p.paid_at ?? "",
      // Its receipt's number, which the studio can look up; none for money the quote did not take.
      receipt: rows.receipts.get(p.id) ?? null,
    })),
    clientName: rows.firstName,
    documents: rows.documents,
    version: Number(quote.version),
    needsSignature: due !== null && due.kind !== "balance" && !agreement,
    agreement: agreement
      ? {
          signerName: agreement.signer_name,
          signerCompany: agreement.signer_company,
          signedAt: agreement.signed_at,
          sha256: agreement.content_sha256,
          countersigned: counter,
        }
      : null,
    declined: quote.declined_at !== null,
    canDecline: due !== null && due.kind !== "balance",
  };
}

/**
 * A person's browser showed the quote page: the first time, a sent quote becomes viewed (the
 * lead's timeline, the analytics goal). Only the page's own script reports it, once the page
 * has been visible for a second (app/routes/quote.tsx), so a HEAD, a link scanner's GET and a
 * prefetch count for nothing; a client that says it is a bot (isbot, which takes headless
 * browsers too, as link scanners that run scripts are) counts for nothing either.
 */
export async function seen(
  ctx: CheckoutContext,
  token: string,
  client: { userAgent: string | null },
): Promise<boolean> {
  if (!client.userAgent || isbot(client.userAgent)) return false;
  const quote = await byToken(ctx, token);
  const t = ctx.clock();
  if (!quote || quote.status !== "sent" || effectiveStatus(quote, t) !== "sent") return false;
  return (
    (await moveTo(ctx, quote, ["sent"], "viewed", { viewed_at: new Date(t).toISOString() }, t)) !== undefined
  );
}

/** Marks an open quote past its expiry expired, and closes its open checkouts: none may take money now. */
export async function expire(ctx: CheckoutContext, quote: QuoteRow, t: number) {
  const { payments } = ctx;
  const row = await moveTo(ctx, quote, OPEN_STATUSES, "expired", {}, t);
  if (row) await payments.closeQuoteCheckouts(row.id, "quote expired");
  return row;
}

/** The signed agreement's PDF for the client's link; undefined when the quote has no signature. */
export async function agreementDocument(
  ctx: CheckoutContext,
  token: string,
): Promise<{ filename: string; pdf: Buffer } | undefined> {
  const { agreementOf } = ctx;
  const quote = await byToken(ctx, token);
  if (!quote || quote.status === "draft") return undefined;
  const agreement = await agreementOf(quote.id);
  return agreement ? agreementFile(agreement, ctx) : undefined;
}
