import type { GoalRecorder } from "../analytics/service.server";
import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import type { LeadTimeline } from "../leads/timeline.server";
import type { Logger } from "../logger.server";
import { type OutboxTrigger } from "../outbox/outbox.server";
import type { PaymentService } from "../payments/service.server";
import { checkoutContext } from "./checkout-context.server";
import { pay, payRequest } from "./pay-quote.server";
import { documentPdf, returnLinks } from "./quote-documents.server";
import { reply } from "./reply-to-quote.server";
import { agreementDocument, seen, view } from "./view-quote.server";

/**
 * The client's side of a quote (the /quote/:token page): view it (the page reports
 * a person's view: seen) and pay what is due. The amount and kind come from the stored quote
 * alone; the request only says "pay".
 */
export function createQuoteCheckout(deps: {
  config: Pick<
    AppConfig,
    | "SITE_URL"
    | "TRUST_PROXY"
    | "STUDIO_AUTH_SECRET"
    | "BETTER_AUTH_SECRET"
    | "DATABASE_PATH"
    | "NODE_ENV"
    | "UNSUBSCRIBE_SECRET"
    | "RATE_LIMIT_DISABLED"
    | "GST_HST_NUMBER"
  >;
  database: AppDatabase;
  payments: Pick<PaymentService, "createQuotePayment" | "closeQuoteCheckouts">;
  timeline: LeadTimeline;
  logger: Logger;
  outbox?: OutboxTrigger;
  now?: () => number;
  /** Analytics: the quote's first view and its acceptance are goals of its lead (absent: none recorded). */
  goals?: GoalRecorder;
}) {
  const ctx = checkoutContext(deps);
  return {
    view: view.bind(null, ctx),
    seen: seen.bind(null, ctx),
    returnLinks: returnLinks.bind(null, ctx),
    pay: pay.bind(null, ctx),
    payRequest: payRequest.bind(null, ctx),
    documentPdf: documentPdf.bind(null, ctx),
    reply: reply.bind(null, ctx),
    agreementDocument: agreementDocument.bind(null, ctx),
  };
}

export type QuoteCheckout = ReturnType<typeof createQuoteCheckout>;
