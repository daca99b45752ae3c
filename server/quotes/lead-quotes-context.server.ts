import { z } from "~/lib/zod";

import { type DocumentLink } from "../billing/documents.server";
import type { AppDatabase } from "../db/database.server";
import type { PaymentKind, QuoteStatus } from "../db/schema";
import type { DocumentStamp } from "../documents/stamp.server";
import type { Catalogue } from "../settings/catalogue.server";
import { gstHstNumber } from "../settings/settings.server";
import type { QuoteService } from "./service.server";

/** One quote as the lead page lists it. */
export type LeadQuote = {
  id: string;
  reference: string;
  status: QuoteStatus;
  packageType: "basic" | "pro";
  totalCents: number;
  depositCents: number | null;
  paid: { kind: PaymentKind; amountCents: number }[];
  link: string;
  createdAt: string;
  expiresAt: string;
  balanceRequested: boolean;
  /** Its invoices and receipts, each downloadable from the lead's page. */
  documents: DocumentLink[];
  version: number;
  /** The client's signature, if any: its PDF downloads from the lead's page. */
  signed: { name: string; company: string | null; at: string; sha256: string; pdf: string } | null;
  /** The studio's countersignature (issue 38): who signed for the studio, in which role, when. */
  countersigned: { name: string; role: string; at: string } | null;
  declined: boolean;
  /** The personal note the quote email carried, if the studio wrote one when sending (issue 38). */
  note: string | null;
  /** What the studio may do now. */
  can: { send: boolean; withdraw: boolean; requestBalance: boolean; revise: boolean };
};

/**
 * The quotes of one lead for the back office's lead page: list them with what
 * was paid, create one from the form, send, withdraw, ask for the balance.
 * Every action names the lead, and a quote of another lead is "not found".
 */
export /** The form's one-time key (a hidden field the page renders): the same form posted twice creates one quote. */
const requestKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** What the back office's quote verbs work with: the deps and the lead's quote look-up. */
export function leadQuotesContext({
  database,
  service,

  taxRegistered = false,
  now = Date.now,
  catalogue,
  documents,
}: {
  database: AppDatabase;
  /** How its PDFs are printed: sealed agreements, TEST under the sandbox provider. */
  documents: DocumentStamp;
  service: QuoteService;
  /** The catalogue a form's line may name an item of (issue 38). */
  catalogue?: Pick<Catalogue, "fillQuoteForm">;
  /** GST_HST_NUMBER is set: the form offers taxes per line; otherwise it says why not. */
  taxRegistered?: boolean;
  now?: () => number;
}) {
  const { db } = database;
  // Registered now: the GST/HST number of /studio/settings, else the environment's (`taxRegistered`).
  const registered = async () =>
    (await gstHstNumber(db, { GST_HST_NUMBER: taxRegistered ? "environment" : undefined })) !== null;
  return { database, service, taxRegistered: registered, now, db, catalogue, documents };
}

export type LeadQuotesContext = ReturnType<typeof leadQuotesContext>;
