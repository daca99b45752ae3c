import type { AppDatabase } from "../db/database.server";
import type { DocumentStamp } from "../documents/stamp.server";
import type { Catalogue } from "../settings/catalogue.server";
import type { QuoteCheckout } from "./checkout.server";
import { countersign } from "./countersign.server";
import { create, send, withdraw } from "./lead-quote-actions.server";
import { agreement, documentPdf, list, ofLead } from "./lead-quote-list.server";
import { leadQuotesContext } from "./lead-quotes-context.server";
import type { QuoteService } from "./service.server";

export function createLeadQuotes(deps: {
  database: AppDatabase;
  service: QuoteService;
  /** GST_HST_NUMBER is set (the default of /studio/settings's number): the form offers taxes per line. */
  taxRegistered?: boolean;
  now?: () => number;
  catalogue?: Pick<Catalogue, "fillQuoteForm">;
  /** A draft as its client's page would show it ("Preview as the client"). */
  preview?: QuoteCheckout["preview"];
  documents: DocumentStamp;
}) {
  const ctx = leadQuotesContext(deps);
  return {
    /** A GST/HST number is in force now (settings, else environment): the form offers taxes per line. */
    taxRegistered: ctx.taxRegistered,
    documentPdf: documentPdf.bind(null, ctx),
    list: list.bind(null, ctx),
    create: create.bind(null, ctx),
    send: send.bind(null, ctx),
    agreement: agreement.bind(null, ctx),
    withdraw: withdraw.bind(null, ctx),
    countersign: countersign.bind(null, ctx),
    /** One of this lead's drafts as its client will see it once sent; undefined for another lead's, or a quote already sent. */
    async preview(leadId: string, quoteId: string) {
      if (!deps.preview || !(await ofLead(ctx, leadId, quoteId))) return undefined;
      return deps.preview(quoteId);
    },
  };
}

export type LeadQuotes = ReturnType<typeof createLeadQuotes>;
