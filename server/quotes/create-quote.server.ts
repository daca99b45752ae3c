import { randomUUID } from "node:crypto";
import type { z } from "zod";

import { formatCad } from "~/lib/money";
import { MAX_AMOUNT_CENTS } from "~/schemas/payment";
import {
  computeTotals,
  createQuoteSchema,
  OPEN_STATUSES,
  quoteIssueText,
  quoteReference,
  totalsOfLines,
  type CreateQuoteInput,
  type QuoteRow,
} from "~/shared/quote-model";
import { SMALL_SUPPLIER_NOTICE } from "~/shared/taxes";

import { voidOpenInvoices } from "../billing/documents.server";
import { gstHstNumber } from "../settings/settings.server";
import { get } from "./list-quotes.server";
import { newQuoteToken, quoteLink, type QuoteContext } from "./quote-context.server";
import type { QuoteResult } from "./result";

/**
 * requestKey: the back-office form's one-time key; the same form posted
 * twice (a double click, a resubmit) answers with the quote it created.
 */
export function create(
  ctx: QuoteContext,
  input: CreateQuoteInput,
  actor: string,
  requestKey?: string,
): Promise<QuoteResult<{ quote: QuoteRow; link: string }>> {
  return store(ctx, input, actor, requestKey);
}

/**
 * Editing a quote (decision 0031): its content never changes once sent; a new
 * draft version with the new content is linked to it, and the previous one is
 * withdrawn in the same transaction (its open checkouts closed after). A signed
 * quote keeps its agreement, still readable; the new version needs a new
 * signature. Once money was taken (deposit or whole), there is nothing to edit.
 */
export async function revise(
  ctx: QuoteContext,
  id: string,
  input: Omit<CreateQuoteInput, "inquiryId">,
  actor: string,
  requestKey?: string,
): Promise<QuoteResult<{ quote: QuoteRow; link: string }>> {
  const { fail, deps, db, config } = ctx;
  const previous = await get(ctx, id);
  if (!previous) return fail(404, `No quote with id ${id}.`);
  const result = await store(ctx, { ...input, inquiryId: previous.lead_id }, actor, requestKey, previous);
  if (result.ok) {
    await deps.checkouts.closeQuoteCheckouts(id, "quote withdrawn");
    return result;
  }
  // The same form again (a double click): the version it made is the answer.
  const made = requestKey
    ? await db.selectFrom("quotes").selectAll().where("request_key", "=", requestKey).executeTakeFirst()
    : undefined;
  return made?.supersedes_quote_id === id
    ? { ok: true, value: { quote: made, link: quoteLink(config.SITE_URL, made.token) } }
    : result;
}

export async function store(
  ctx: QuoteContext,
  input: CreateQuoteInput,
  actor: string,
  requestKey?: string,
  previous?: QuoteRow,
): Promise<QuoteResult<{ quote: QuoteRow; link: string }>> {
  const { fail, db, config, clock } = ctx;
  const checked = await checkQuote(ctx, input);
  if (!checked.ok) return checked;
  const { q, totals } = checked.value;
  const t = clock();
  const quote = quoteRow(q, totals, { t, actor, requestKey, previous });
  const stored = await insertVersion(ctx, quote, actor, t, previous);
  if (stored === "moved") {
    const now = await get(ctx, previous!.id);
    return fail(
      409,
      `Quote ${quoteReference(previous!.id)} is ${now?.status.replace("_", " ") ?? "gone"}: only a draft or an unpaid quote can be edited.`,
    );
  }
  if (!stored) {
    // The same form again: its quote (of this lead) is the answer, and nothing new is stored.
    const first = requestKey
      ? await db.selectFrom("quotes").selectAll().where("request_key", "=", requestKey).executeTakeFirst()
      : undefined;
    if (!first || first.lead_id !== q.inquiryId)
      return fail(409, "This form was already used for another quote; reload the page.");
    return { ok: true, value: { quote: first, link: quoteLink(config.SITE_URL, first.token) } };
  }
  return { ok: true, value: { quote, link: quoteLink(config.SITE_URL, quote.token) } };
}

type ParsedQuote = z.infer<typeof createQuoteSchema>;

/** The form's quote, parsed, for a lead in the inbox, with taxes the studio may charge and a total one payment takes. */
async function checkQuote(
  ctx: QuoteContext,
  input: CreateQuoteInput,
): Promise<QuoteResult<{ q: ParsedQuote; totals: ReturnType<typeof computeTotals> }>> {
  const { fail, db, config } = ctx;
  const parsed = createQuoteSchema.safeParse(input);
  if (!parsed.success) return fail(400, parsed.error.issues.map(quoteIssueText).join(" "));
  const q = parsed.data;
  const lead = await db
    .selectFrom("leads")
    .select(["id", "quarantine_reason"])
    .where("id", "=", q.inquiryId)
    .executeTakeFirst();
  if (!lead) return fail(404, `No inquiry with id ${q.inquiryId}.`);
  // Suspected spam is not worked on until the studio has moved it to the inbox.
  if (lead.quarantine_reason) return fail(409, "This lead is in Spam: move it to the inbox first.");
  // Without a registration number the studio may not charge GST/HST (or collect PST on its invoices).
  // The number in force now: /studio/settings's, else the environment's (issue 38).
  if (
    (q.packageTaxes.length > 0 || q.lines.some((l) => l.taxes.length > 0)) &&
    !(await gstHstNumber(db, config))
  )
    return fail(400, SMALL_SUPPLIER_NOTICE);
  const totals = computeTotals(q);
  // The most the client can make it, every option ticked, is what one payment must take.
  const most = totalsOfLines(
    totals.lines.map((l) => (l.optional ? { ...l, chosen: true } : l)),
    q.province,
    q.depositPercent ?? null,
  );
  if (most.totalCents > MAX_AMOUNT_CENTS)
    return fail(
      400,
      `The total is above ${formatCad(MAX_AMOUNT_CENTS, { withCode: true })}, the most one payment takes.`,
    );
  return { ok: true, value: { q, totals } };
}

/** The new quote's row: a draft, or the next version of `previous`. */
function quoteRow(
  q: ParsedQuote,
  totals: ReturnType<typeof computeTotals>,
  made: { t: number; actor: string; requestKey?: string; previous?: QuoteRow },
): QuoteRow {
  const { t, previous } = made;
  const at = new Date(t).toISOString();
  return {
    id: randomUUID(),
    lead_id: q.inquiryId,
    token: newQuoteToken(),
    package: q.packageType,
    lines: JSON.stringify(totals.lines),
    subtotal_cents: totals.subtotalCents,
    // The single tax of older quotes; new ones carry their taxes per line and per tax.
    tax_label: null,
    tax_basis_points: null,
    tax_cents: totals.taxCents,
    taxes: JSON.stringify(totals.taxes),
    tax_province: q.province,
    total_cents: totals.totalCents,
    deposit_percent: q.depositPercent ?? null,
    deposit_cents: totals.depositCents,
    terms: q.terms,
    scope: q.scope,
    status: "draft",
    expires_at: new Date(t + q.expiresInDays * 86_400_000).toISOString(),
    sent_at: null,
    viewed_at: null,
    accepted_at: null,
    deposit_paid_at: null,
    balance_requested_at: null,
    paid_at: null,
    withdrawn_at: null,
    request_key: made.requestKey ?? null,
    created_by: made.actor,
    created_at: at,
    updated_at: at,
    version: previous ? Number(previous.version) + 1 : 1,
    supersedes_quote_id: previous?.id ?? null,
    declined_at: null,
    // Set when sent: the agreement version current then (send-quote.server.ts).
    contract_version: null,
    contract_text: null,
    send_note: null,
  };
}

/**
 * Stores the quote and its timeline line in one transaction; a new version withdraws the one it
 * replaces in it. "moved": that one was no longer editable; false: the form's key was used before.
 */
async function insertVersion(
  ctx: QuoteContext,
  quote: QuoteRow,
  actor: string,
  t: number,
  previous?: QuoteRow,
) {
  const { db, timeline } = ctx;
  const at = quote.created_at;
  return db.transaction().execute(async (trx) => {
    if (previous) {
      // Only from a state the studio may still change, read in this statement: a signature, a payment
      // or another edit that committed first decides (the new version then is not stored).
      const replaced = await trx
        .updateTable("quotes")
        .set({ status: "withdrawn", withdrawn_at: at, updated_at: at })
        .where("id", "=", previous.id)
        .where("status", "in", ["draft", ...OPEN_STATUSES])
        .returning("status")
        .executeTakeFirst();
      if (!replaced) return "moved" as const;
      // The replaced version asks for nothing more: an invoice its signature issued is void (decision 0046).
      await voidOpenInvoices(trx, previous.id, t);
    }
    // A new version's insert never skips: its one conflict (a second successor) rolls the withdraw back with it.
    const insert = trx.insertInto("quotes").values(quote);
    const inserted = await (previous ? insert : insert.onConflict((oc) => oc.doNothing()))
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return false;
    const ref = quoteReference(quote.id);
    await timeline.record(
      trx,
      previous
        ? {
            leadId: quote.lead_id,
            kind: "quote-revised",
            detail: `${ref} (version ${quote.version}) replaces ${quoteReference(previous.id)}, now withdrawn`,
            actor,
          }
        : { leadId: quote.lead_id, kind: "quote-created", detail: `${ref} created`, actor },
      t,
    );
    return true;
  });
}
