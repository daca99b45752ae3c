import type { AppDatabase } from "../db/database.server";
import type { DocumentStamp } from "../documents/stamp.server";
import type { Catalogue } from "../settings/catalogue.server";
import { countersign } from "./countersign.server";
import { create, send, withdraw } from "./lead-quote-actions.server";
import { agreement, documentPdf, list } from "./lead-quote-list.server";
import { leadQuotesContext } from "./lead-quotes-context.server";
import type { QuoteService } from "./service.server";

export function createLeadQuotes(deps: {
  database: AppDatabase;
  service: QuoteService;
  /** GST_HST_NUMBER is set: the form offers taxes per line; otherwise it says why not. */
  taxRegistered?: boolean;
  now?: () => number;
  catalogue?: Pick<Catalogue, "fillQuoteForm">;
  documents: DocumentStamp;
}) {
  const ctx = leadQuotesContext(deps);
  return {
    taxRegistered: ctx.taxRegistered,
    documentPdf: documentPdf.bind(null, ctx),
    list: list.bind(null, ctx),
    create: create.bind(null, ctx),
    send: send.bind(null, ctx),
    agreement: agreement.bind(null, ctx),
    withdraw: withdraw.bind(null, ctx),
    countersign: countersign.bind(null, ctx),
  };
}

export type LeadQuotes = ReturnType<typeof createLeadQuotes>;
