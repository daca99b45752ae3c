import { paymentKindLabels } from "~/content/quotes";
import { siteConfig } from "~/content/site";
import { formatCad } from "~/lib/money";
import { quoteReference } from "~/shared/quote-model";

import type { Executor } from "../db/database.server";
import type { SignedVia } from "../db/schema";
import type { AgreementRow } from "./agreement.server";

/** One line of a signed agreement's audit page: when (UTC ISO), what, and how the person was identified. */
export type AuditEvent = { at: string; event: string; detail: string };

/** How the client who signed was identified, in words (null: signed before it was recorded, migration 0042). */
export function identifiedBy(via: SignedVia | null | undefined, email: string) {
  if (via === "portal") return `signed in to the client portal as ${email}`;
  if (via === "email-link") return `the quote's private link, emailed to ${email}`;
  return "the quote's private link (how they were identified was not recorded then)";
}

/**
 * What happened to a signed quote, from what the database records (issue 38): sent (the
 * quote's sent_at), viewed (viewed_at), signed (the agreement), countersigned, and each payment
 * settled, with its receipt's number. Oldest first; the latest time is the seal's.
 */
export async function agreementAudit(db: Executor, agreement: AgreementRow): Promise<AuditEvent[]> {
  const quote = await db
    .selectFrom("quotes")
    .select(["id", "version", "sent_at", "viewed_at"])
    .where("id", "=", agreement.quote_id)
    .executeTakeFirst();
  const counter = await db
    .selectFrom("countersignatures")
    .select(["name", "role", "email", "signed_at"])
    .where("quote_id", "=", agreement.quote_id)
    .executeTakeFirst();
  const payments = await db
    .selectFrom("payments")
    .leftJoin("money_documents", (j) =>
      j.onRef("money_documents.payment_id", "=", "payments.id").on("money_documents.kind", "=", "receipt"),
    )
    .select(["payments.kind", "payments.amount_cents", "payments.paid_at", "payments.provider"])
    .select("money_documents.number as receipt")
    .where("payments.quote_id", "=", agreement.quote_id)
    .where("payments.status", "=", "paid")
    .execute();
  const reference = quoteReference(agreement.quote_id);
  const events: AuditEvent[] = [];
  if (quote?.sent_at)
    events.push({
      at: quote.sent_at,
      event: "Sent",
      detail: `${siteConfig.name} emailed quote ${reference} (version ${quote.version}) to ${agreement.signer_email}.`,
    });
  if (quote?.viewed_at)
    events.push({
      at: quote.viewed_at,
      event: "Viewed",
      detail: "The client opened the quote at its private link.",
    });
  events.push({
    at: agreement.signed_at,
    event: "Signed",
    detail:
      `${agreement.signer_name}${agreement.signer_company ? ` for ${agreement.signer_company}` : ""} signed by typing their full legal name. ` +
      `Identified by: ${identifiedBy(agreement.signed_via, agreement.signer_email)}.`,
  });
  if (counter)
    events.push({
      at: counter.signed_at,
      event: "Countersigned",
      detail: `${counter.name}, ${counter.role}, for ${siteConfig.name}. Identified by: signed in to the studio's back office as ${counter.email}.`,
    });
  for (const p of payments)
    if (p.paid_at && p.kind)
      events.push({
        at: p.paid_at,
        event: "Paid",
        detail:
          `${paymentKindLabels[p.kind]} of ${formatCad(Number(p.amount_cents), { withCode: true })} ` +
          `${p.provider === "sandbox" ? "in test mode (no money moved)" : "by card through Stripe"}` +
          `${p.receipt ? `, receipt ${p.receipt}` : ""}.`,
      });
  return events.sort((a, b) => a.at.localeCompare(b.at));
}
