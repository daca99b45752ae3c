import { packageTypes } from "~/content/payment";
import { parseCents } from "~/lib/money";
import { MAX_AMOUNT_CENTS } from "~/schemas/payment";
import { z } from "~/lib/zod";
import type { AppDatabase } from "../db/database.server";
import type { PaymentKind, QuoteStatus } from "../db/schema";
import type { PaymentService } from "../payments/service.server";
import { type CreateQuoteInput, duePayment, effectiveStatus, quoteReference } from "./model";
import type { QuoteResult, QuoteService } from "./service.server";
import { type TaxCode, provinces, taxCodes } from "./taxes";
import { type DocumentLink, documentFilename, documentLink, documentsOfQuote, renderDocumentPdf } from "./documents.server";
import { agreementFile } from "./agreement.server";

/** Extra line rows the lead page's form offers (a fixed number, so it works without JavaScript). */
export const QUOTE_FORM_LINES = 3;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());

/** "1234.56" or "1,234.56" (thousands commas only) in CAD → integer cents; never a float. */
const cad = (what: string) =>
  z.string().transform((v, ctx) => {
    const text = v.trim();
    const r = parseCents(/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text) ? text.replace(/,/g, "") : text);
    if (r.ok && r.cents >= 0 && r.cents <= MAX_AMOUNT_CENTS) return r.cents;
    ctx.addIssue({ code: "custom", message: `${what}: enter an amount in CAD such as 1234.56.` });
    return z.NEVER;
  });

const whole = (what: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, `${what} must be a whole number.`)
    .transform(Number)
    .pipe(z.number().min(min, `${what} is from ${min} to ${max}.`).max(max, `${what} is from ${min} to ${max}.`));

/** A tax box of a line ("packageTaxGST", "line2TaxPST"): ticked or not. */
const taxBoxes = (prefix: string) => taxCodes.map((code) => [`${prefix}Tax${code}`, optional(z.literal("on"))] as const);

const lineFields = Object.fromEntries([
  ...Array.from({ length: QUOTE_FORM_LINES }, (_, i) => [
    [`line${i + 1}Label`, optional(z.string().trim().max(120, "A line's description is at most 120 characters."))],
    [`line${i + 1}Amount`, optional(cad(`Line ${i + 1}`))],
    ...taxBoxes(`line${i + 1}`),
  ]).flat(),
  ...taxBoxes("package"),
]) as Record<string, z.ZodType<unknown>>;

const ticked = (f: Record<string, unknown>, prefix: string): TaxCode[] => taxCodes.filter((code) => f[`${prefix}Tax${code}`] === "on");

/**
 * The lead page's "New quote" form, as posted (strings): amounts are parsed
 * to integer cents here and everything is checked again by the quote
 * service's own schema (caps, lengths) before anything is stored.
 */
export const studioQuoteFormSchema = z
  .object({
    package: z.enum(packageTypes, { error: "Choose the Basic or Pro package." }),
    amount: cad("Package amount"),
    deposit: optional(whole("The deposit", 1, 99)),
    // The studio is in BC: a form that does not say (an older page still open) means a BC client.
    province: optional(z.enum(provinces, { error: "Choose the client's province or territory." })),
    expiresDays: whole("Valid for", 1, 365),
    terms: z.string().trim().min(1, "Write the terms.").max(4000),
    ...lineFields,
  })
  .transform((f, ctx): Omit<CreateQuoteInput, "inquiryId"> => {
    const lines: { label: string; amountCents: number; taxes: TaxCode[] }[] = [];
    for (let i = 1; i <= QUOTE_FORM_LINES; i++) {
      const label = (f as Record<string, unknown>)[`line${i}Label`] as string | undefined;
      const amountCents = (f as Record<string, unknown>)[`line${i}Amount`] as number | undefined;
      if (label === undefined && amountCents === undefined) continue;
      if (label === undefined || amountCents === undefined) {
        ctx.addIssue({ code: "custom", message: `Line ${i} needs both a description and an amount.`, path: [`line${i}Label`] });
        continue;
      }
      lines.push({ label, amountCents, taxes: ticked(f, `line${i}`) });
    }
    const packageTaxes = ticked(f, "package");
    return { packageType: f.package, amountCents: f.amount, lines, depositPercent: f.deposit, packageTaxes, province: f.province ?? "BC", expiresInDays: f.expiresDays, terms: f.terms };
  });

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
  declined: boolean;
  /** What the studio may do now. */
  can: { send: boolean; withdraw: boolean; requestBalance: boolean; revise: boolean };
};

/**
 * The quotes of one lead for the back office's lead page: list them with what
 * was paid, create one from the form, send, withdraw, ask for the balance.
 * Every action names the lead, and a quote of another lead is "not found".
 */
/** The form's one-time key (a hidden field the page renders): the same form posted twice creates one quote. */
const requestKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export function createLeadQuotes({
  database,
  service,
  payments,
  taxRegistered = false,
  now = Date.now,
}: {
  database: AppDatabase;
  service: QuoteService;
  payments: Pick<PaymentService, "refund">;
  /** GST_HST_NUMBER is set: the form offers taxes per line; otherwise it says why not. */
  taxRegistered?: boolean;
  now?: () => number;
}) {
  const { db } = database;

  async function ofLead(leadId: string, quoteId: string) {
    const quote = await service.get(quoteId);
    return quote?.inquiry_id === leadId ? quote : undefined;
  }

  return {
    taxRegistered,

    /** One of this lead's documents as a PDF download; undefined when it is not this lead's. */
    async documentPdf(leadId: string, documentId: string) {
      const doc = await db.selectFrom("money_documents").selectAll().where("id", "=", documentId).where("inquiry_id", "=", leadId).executeTakeFirst();
      return doc ? { filename: documentFilename(doc), pdf: await renderDocumentPdf(doc) } : undefined;
    },

    async list(leadId: string): Promise<LeadQuote[]> {
      const quotes = await service.list({ inquiryId: leadId });
      if (quotes.length === 0) return [];
      const payments = await db
        .selectFrom("payments")
        .select(["quote_id", "kind", "amount_cents"])
        .where("quote_id", "in", quotes.map((q) => q.id))
        .where("status", "=", "paid")
        // Money flagged for a refund did not pay for the quote.
        .where("refund_status", "is", null)
        .orderBy("paid_at")
        .execute();
      const documents = await documentsOfQuote(db, quotes.map((q) => q.id));
      const agreements = await db
        .selectFrom("agreements")
        .select(["quote_id", "signer_name", "signer_company", "signed_at", "content_sha256"])
        .where("quote_id", "in", quotes.map((q) => q.id))
        .execute();
      const t = now();
      return quotes.map((q) => {
        const a = agreements.find((r) => r.quote_id === q.id);
        const status = effectiveStatus(q, t);
        return {
          id: q.id,
          reference: quoteReference(q.id),
          status,
          packageType: q.package,
          totalCents: Number(q.total_cents),
          depositCents: q.deposit_cents === null ? null : Number(q.deposit_cents),
          paid: payments.filter((p) => p.quote_id === q.id).map((p) => ({ kind: p.kind ?? "full", amountCents: Number(p.amount_cents) })),
          link: service.link(q),
          createdAt: q.created_at,
          expiresAt: q.expires_at,
          balanceRequested: q.balance_requested_at !== null,
          documents: documents.filter((d) => d.quote_id === q.id).map(documentLink),
          version: Number(q.version),
          signed: a ? { name: a.signer_name, company: a.signer_company, at: a.signed_at, sha256: a.content_sha256, pdf: `/api/studio/leads/${q.inquiry_id}/quotes/${q.id}/agreement.pdf` } : null,
          declined: q.declined_at !== null,
          can: {
            send: status === "draft",
            withdraw: status === "draft" || (duePayment(q, t) !== null && status !== "deposit_paid"),
            requestBalance: status === "deposit_paid" && q.balance_requested_at === null,
            // Replaced by a new version: anything with no money taken and not closed.
            revise: ["draft", "sent", "viewed", "accepted"].includes(status),
          },
        };
      });
    },

    async create(leadId: string, form: Record<string, unknown>, actor: string): Promise<QuoteResult<{ id: string }>> {
      const parsed = studioQuoteFormSchema.safeParse(form);
      if (!parsed.success) return { ok: false, status: 400, error: parsed.error.issues.map((i) => i.message).join(" ") };
      const key = requestKeySchema.safeParse(form.requestKey);
      const requestKey = key.success ? key.data : undefined;
      // "Replaces": an edit of one of this lead's quotes, made as its next version.
      if (typeof form.supersedes === "string" && form.supersedes !== "") {
        if (!(await ofLead(leadId, form.supersedes))) return { ok: false, status: 404, error: "No such quote for this lead." };
        const revised = await service.revise(form.supersedes, parsed.data, actor, requestKey);
        return revised.ok ? { ok: true, value: { id: revised.value.quote.id } } : revised;
      }
      const created = await service.create({ ...parsed.data, inquiryId: leadId }, actor, requestKey);
      return created.ok ? { ok: true, value: { id: created.value.quote.id } } : created;
    },

    /**
     * Sends a draft, or (deposit paid) asks for the balance: the quote service
     * tells which from its state. `from` is the state the page showed: when
     * that send already happened (a double click, a resubmit), it is done, not an error.
     */
    async send(leadId: string, quoteId: string, actor: string, from?: unknown): Promise<QuoteResult<unknown>> {
      if (!(await ofLead(leadId, quoteId))) return { ok: false, status: 404, error: "No such quote for this lead." };
      const result = await service.send(quoteId, actor);
      if (result.ok || result.status !== 409) return result;
      const quote = await service.get(quoteId);
      const done = (from === "draft" && quote?.sent_at) || (from === "deposit_paid" && quote?.balance_requested_at);
      return done ? { ok: true, value: quote } : result;
    },

    /** The signed agreement's PDF of one of this lead's quotes; undefined when there is none. */
    async agreement(leadId: string, quoteId: string) {
      if (!(await ofLead(leadId, quoteId))) return undefined;
      const agreement = await db.selectFrom("agreements").selectAll().where("quote_id", "=", quoteId).executeTakeFirst();
      return agreement ? agreementFile(agreement) : undefined;
    },

    /** Gives back a payment flagged as needing a refund; only one of this lead's. */
    async refund(leadId: string, paymentId: string): Promise<QuoteResult<unknown>> {
      const payment = await db.selectFrom("payments").select(["inquiry_id"]).where("id", "=", paymentId).executeTakeFirst();
      if (!payment || payment.inquiry_id !== leadId) return { ok: false, status: 404, error: "No such payment for this lead." };
      const result = await payments.refund(paymentId);
      return result.ok ? { ok: true, value: result.state } : { ok: false, status: result.status === 502 ? 409 : result.status, error: result.error };
    },

    async withdraw(leadId: string, quoteId: string, actor: string): Promise<QuoteResult<unknown>> {
      if (!(await ofLead(leadId, quoteId))) return { ok: false, status: 404, error: "No such quote for this lead." };
      return service.withdraw(quoteId, actor);
    },
  };
}

export type LeadQuotes = ReturnType<typeof createLeadQuotes>;
