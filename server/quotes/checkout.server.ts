import { checkoutContext, type CheckoutDeps } from "./checkout-context.server";
import { choose } from "./choose-options.server";
import { pay, payRequest } from "./pay-quote.server";
import { documentPdf, returnLinks } from "./quote-documents.server";
import { reply } from "./reply-to-quote.server";
import { agreementDocument, preview, seen, view } from "./view-quote.server";

/**
 * The client's side of a quote (the /quote/:token page): view it (the page reports
 * a person's view: seen) and pay what is due. The amount and kind come from the stored quote
 * alone; the request only says "pay".
 */
export function createQuoteCheckout(deps: CheckoutDeps) {
  const ctx = checkoutContext(deps);
  return {
    view: view.bind(null, ctx),
    preview: preview.bind(null, ctx),
    seen: seen.bind(null, ctx),
    returnLinks: returnLinks.bind(null, ctx),
    pay: pay.bind(null, ctx),
    payRequest: payRequest.bind(null, ctx),
    documentPdf: documentPdf.bind(null, ctx),
    reply: reply.bind(null, ctx),
    choose: choose.bind(null, ctx),
    agreementDocument: agreementDocument.bind(null, ctx),
  };
}

export type QuoteCheckout = ReturnType<typeof createQuoteCheckout>;
