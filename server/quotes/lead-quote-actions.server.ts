import { checkQuoteForm } from "~/shared/quote-form";

import { ofLead } from "./lead-quote-list.server";
import { requestKeySchema, type LeadQuotesContext } from "./lead-quotes-context.server";
import type { QuoteResult } from "./result";

export async function create(
  ctx: LeadQuotesContext,
  leadId: string,
  posted: Record<string, unknown>,
  actor: string,
): Promise<QuoteResult<{ id: string }>> {
  const { service } = ctx;
  // A line chosen from the catalogue and left empty takes the item's name, price and taxes now.
  const form = ctx.catalogue ? await ctx.catalogue.fillQuoteForm(posted, await ctx.taxRegistered()) : posted;
  // Checked here as the service will, so each refusal can sit beside its field; the service checks again.
  const parsed = checkQuoteForm(form);
  if (!parsed.ok) return { ok: false, status: 400, error: parsed.error, fieldErrors: parsed.fieldErrors };
  const key = requestKeySchema.safeParse(form.requestKey);
  const requestKey = key.success ? key.data : undefined;
  // "Replaces": an edit of one of this lead's quotes, made as its next version.
  if (typeof form.supersedes === "string" && form.supersedes !== "") {
    if (!(await ofLead(ctx, leadId, form.supersedes)))
      return { ok: false, status: 404, error: "No such quote for this lead." };
    const revised = await service.revise(form.supersedes, parsed.input, actor, requestKey);
    return revised.ok ? { ok: true, value: { id: revised.value.quote.id } } : revised;
  }
  const created = await service.create({ ...parsed.input, inquiryId: leadId }, actor, requestKey);
  return created.ok ? { ok: true, value: { id: created.value.quote.id } } : created;
}

/**
 * Sends a draft, or (deposit paid) asks for the balance: the quote service
 * tells which from its state. `from` is the state the page showed: when
 * that send already happened (a double click, a resubmit), it is done, not an error.
 */
export async function send(
  ctx: LeadQuotesContext,
  leadId: string,
  quoteId: string,
  actor: string,
  from?: unknown,
  note?: unknown,
): Promise<QuoteResult<unknown>> {
  const { service } = ctx;
  if (!(await ofLead(ctx, leadId, quoteId)))
    return { ok: false, status: 404, error: "No such quote for this lead." };
  const result = await service.send(quoteId, actor, { note: typeof note === "string" ? note : undefined });
  if (result.ok || result.status !== 409) return result;
  const quote = await service.get(quoteId);
  const done =
    (from === "draft" && quote?.sent_at) || (from === "deposit_paid" && quote?.balance_requested_at);
  return done ? { ok: true, value: quote } : result;
}

export async function withdraw(
  ctx: LeadQuotesContext,
  leadId: string,
  quoteId: string,
  actor: string,
): Promise<QuoteResult<unknown>> {
  const { service } = ctx;
  if (!(await ofLead(ctx, leadId, quoteId)))
    return { ok: false, status: 404, error: "No such quote for this lead." };
  return service.withdraw(quoteId, actor);
}
