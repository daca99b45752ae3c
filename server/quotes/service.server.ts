import { type QuoteRow } from "~/shared/quote-model";

import { create, revise } from "./create-quote.server";
import { get, list } from "./list-quotes.server";
import { quoteContext, quoteLink, type QuoteServiceDeps } from "./quote-context.server";
import { send } from "./send-quote.server";
import { expireDue, withdraw } from "./withdraw-quote.server";

/**
 * The studio's side of quotes (the CLI and the back office's lead page):
 * create, send (queues the client's email; on a deposit-paid quote it asks
 * for the balance), withdraw, expire and list. Each change is recorded in the
 * lead's timeline in the same transaction.
 */
export function createQuoteService(deps: QuoteServiceDeps) {
  const ctx = quoteContext(deps);
  return {
    create: create.bind(null, ctx),
    revise: revise.bind(null, ctx),
    get: get.bind(null, ctx),
    send: send.bind(null, ctx),
    withdraw: withdraw.bind(null, ctx),
    expireDue: expireDue.bind(null, ctx),
    list: list.bind(null, ctx),
    link: (quote: Pick<QuoteRow, "token">) => quoteLink(ctx.config.SITE_URL, quote.token),
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;
