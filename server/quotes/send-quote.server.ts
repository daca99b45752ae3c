import { quoteReference, type QuoteRow } from "~/shared/quote-model";
import { MAX_SEND_NOTE_LENGTH } from "~/shared/scope-limits";

import { issueInvoice } from "../billing/documents.server";
import { enqueue } from "../outbox/outbox.server";
import { currentContract } from "../settings/contract.server";
import { gstHstNumber } from "../settings/settings.server";
import { get } from "./list-quotes.server";
import { QUOTE_BALANCE_EMAIL, QUOTE_EMAIL, QUOTE_SUBJECT } from "./notifications.server";
import { type QuoteContext } from "./quote-context.server";
import type { QuoteResult } from "./result";

/**
 * Sends a draft to the client (the lead moves to Quoted), or, once the
 * deposit is paid, asks for the balance. The email is queued with the change;
 * a draft's note is stored with the send (`send_note`) for the email to carry.
 */
export async function send(
  ctx: QuoteContext,
  id: string,
  actor: string,
  options: { note?: string } = {},
): Promise<QuoteResult<QuoteRow>> {
  const { fail, clock, db, timeline, config, deps } = ctx;
  const quote = await get(ctx, id);
  if (!quote) return fail(404, `No quote with id ${id}.`);
  const t = clock();
  const at = new Date(t).toISOString();
  const balance = quote.status === "deposit_paid";
  if (quote.status !== "draft" && !(balance && !quote.balance_requested_at)) {
    return fail(
      409,
      `Quote ${quoteReference(id)} is ${quote.status.replace("_", " ")}: only a draft can be sent, and the balance requested once after the deposit.`,
    );
  }
  const note = options.note?.trim() ?? "";
  if (note.length > MAX_SEND_NOTE_LENGTH)
    return fail(400, `The note is at most ${MAX_SEND_NOTE_LENGTH.toLocaleString("en-CA")} characters.`);
  if (!balance && Date.parse(quote.expires_at) <= t)
    return fail(409, `Quote ${quoteReference(id)} has expired: create a new one.`);
  const row = await db.transaction().execute(async (trx) => {
    // The client signs the agreement version current now, copied into the quote (issue 38).
    const contract = balance ? undefined : await currentContract(trx);
    const updated = await trx
      .updateTable("quotes")
      .set(
        contract
          ? {
              status: "sent",
              sent_at: at,
              updated_at: at,
              contract_version: contract.version,
              contract_text: contract.text,
              send_note: note === "" ? null : note,
            }
          : { balance_requested_at: at, updated_at: at },
      )
      .where("id", "=", id)
      .where("status", "=", quote.status)
      .where(balance ? "balance_requested_at" : "sent_at", "is", null)
      .returningAll()
      .executeTakeFirst();
    if (!updated) return undefined;
    const ref = quoteReference(id);
    await timeline.record(
      trx,
      {
        leadId: quote.lead_id,
        kind: balance ? "quote-balance-requested" : "quote-sent",
        detail: balance ? `${ref} balance requested` : `${ref} sent${note ? " with a personal note" : ""}`,
        actor,
      },
      t,
    );
    if (!balance) await timeline.advance(trx, quote.lead_id, "quoted", actor, t);
    // The balance asked for now is an invoice, numbered in this transaction and attached to the email.
    // A quote sent is no invoice: the deposit's (or the whole's) is issued when the client signs (decision 0046).
    if (balance) await issueInvoice(trx, updated, "balance", await gstHstNumber(trx, config), t);
    await enqueue(
      trx,
      [{ subjectType: QUOTE_SUBJECT, subjectId: id, channel: balance ? QUOTE_BALANCE_EMAIL : QUOTE_EMAIL }],
      t,
    );
    return updated;
  });
  if (!row) return fail(409, `Quote ${quoteReference(id)} changed meanwhile; try again.`);
  deps.outbox?.wake();
  return { ok: true, value: row };
}
