import { randomBytes, randomUUID } from "node:crypto";

import { formatCad } from "~/lib/money";
import { MAX_AMOUNT_CENTS } from "~/schemas/payment";
import {
  computeTotals,
  createQuoteSchema,
  OPEN_STATUSES,
  quoteReference,
  type CreateQuoteInput,
  type QuoteRow,
} from "~/shared/quote-model";
import { SMALL_SUPPLIER_NOTICE } from "~/shared/taxes";

import { issueInvoice, voidOpenInvoices } from "../billing/documents.server";
import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import type { LeadTimeline } from "../leads/timeline.server";
import { enqueue, type OutboxTrigger } from "../outbox/outbox.server";
import { QUOTE_BALANCE_EMAIL, QUOTE_EMAIL, QUOTE_SUBJECT } from "./notifications.server";
import type { QuoteResult } from "./result";

/** 32 random bytes (256 bits) as base64url: the client's link, a bearer secret. */
export function newQuoteToken() {
  return randomBytes(32).toString("base64url");
}

export function quoteLink(siteUrl: string, token: string) {
  return `${siteUrl}/quote/${token}`;
}

/** Closes a quote's open checkouts (the payments capability), so a withdrawn or expired quote takes no money. */
export type QuoteCheckouts = {
  closeQuoteCheckouts(quoteId: string, reason: "quote withdrawn" | "quote expired"): Promise<void>;
};

export type QuoteServiceDeps = {
  config: Pick<AppConfig, "SITE_URL" | "GST_HST_NUMBER">;
  database: AppDatabase;
  timeline: LeadTimeline;
  checkouts: QuoteCheckouts;
  outbox?: OutboxTrigger;
  now?: () => number;
};

/**
 * The studio's side of quotes (the CLI and the back office's lead page):
 * create, send (queues the client's email; on a deposit-paid quote it asks
 * for the balance), withdraw, expire and list. Each change is recorded in the
 * lead's timeline in the same transaction.
 */
export function createQuoteService(deps: QuoteServiceDeps) {
  const { config, database, timeline } = deps;
  const { db } = database;
  const clock = deps.now ?? Date.now;

  const fail = (status: 400 | 404 | 409, error: string) => ({ ok: false as const, status, error });

  /**
   * requestKey: the back-office form's one-time key; the same form posted
   * twice (a double click, a resubmit) answers with the quote it created.
   */
  function create(
    input: CreateQuoteInput,
    actor: string,
    requestKey?: string,
  ): Promise<QuoteResult<{ quote: QuoteRow; link: string }>> {
    return store(input, actor, requestKey);
  }

  /**
   * Editing a quote (decision 0031): its content never changes once sent; a new
   * draft version with the new content is linked to it, and the previous one is
   * withdrawn in the same transaction (its open checkouts closed after). A signed
   * quote keeps its agreement, still readable; the new version needs a new
   * signature. Once money was taken (deposit or whole), there is nothing to edit.
   */
  async function revise(
    id: string,
    input: Omit<CreateQuoteInput, "inquiryId">,
    actor: string,
    requestKey?: string,
  ): Promise<QuoteResult<{ quote: QuoteRow; link: string }>> {
    const previous = await get(id);
    if (!previous) return fail(404, `No quote with id ${id}.`);
    const result = await store({ ...input, inquiryId: previous.lead_id }, actor, requestKey, previous);
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

  async function store(
    input: CreateQuoteInput,
    actor: string,
    requestKey?: string,
    previous?: QuoteRow,
  ): Promise<QuoteResult<{ quote: QuoteRow; link: string }>> {
    const parsed = createQuoteSchema.safeParse(input);
    if (!parsed.success)
      return fail(
        400,
        parsed.error.issues.map((i) => `${i.path.join(".") || "quote"}: ${i.message}`).join("; "),
      );
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
    if (!config.GST_HST_NUMBER && (q.packageTaxes.length > 0 || q.lines.some((l) => l.taxes.length > 0)))
      return fail(400, `quote: ${SMALL_SUPPLIER_NOTICE}`);
    const totals = computeTotals(q);
    if (totals.totalCents > MAX_AMOUNT_CENTS)
      return fail(
        400,
        `quote: the total is above ${formatCad(MAX_AMOUNT_CENTS, { withCode: true })}, the most one payment takes.`,
      );
    const t = clock();
    const at = new Date(t).toISOString();
    const quote: QuoteRow = {
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
      status: "draft",
      expires_at: new Date(t + q.expiresInDays * 86_400_000).toISOString(),
      sent_at: null,
      viewed_at: null,
      accepted_at: null,
      deposit_paid_at: null,
      balance_requested_at: null,
      paid_at: null,
      withdrawn_at: null,
      request_key: requestKey ?? null,
      created_by: actor,
      created_at: at,
      updated_at: at,
      version: previous ? Number(previous.version) + 1 : 1,
      supersedes_quote_id: previous?.id ?? null,
      declined_at: null,
    };
    const stored = await db.transaction().execute(async (trx) => {
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
    if (stored === "moved") {
      const now = await get(previous!.id);
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

  function get(id: string) {
    return db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /**
   * Sends a draft to the client (the lead moves to Quoted), or, once the
   * deposit is paid, asks for the balance. The email is queued with the change.
   */
  async function send(id: string, actor: string): Promise<QuoteResult<QuoteRow>> {
    const quote = await get(id);
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
    if (!balance && Date.parse(quote.expires_at) <= t)
      return fail(409, `Quote ${quoteReference(id)} has expired: create a new one.`);
    const row = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("quotes")
        .set(
          balance
            ? { balance_requested_at: at, updated_at: at }
            : { status: "sent", sent_at: at, updated_at: at },
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
          detail: balance ? `${ref} balance requested` : `${ref} sent`,
          actor,
        },
        t,
      );
      if (!balance) await timeline.advance(trx, quote.lead_id, "quoted", actor, t);
      // The amount asked for now is an invoice, numbered in this transaction and attached to the email.
      await issueInvoice(
        trx,
        updated,
        balance ? "balance" : updated.deposit_cents === null ? "full" : "deposit",
        config.GST_HST_NUMBER ?? null,
        t,
      );
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

  async function withdraw(id: string, actor: string): Promise<QuoteResult<QuoteRow>> {
    const t = clock();
    const at = new Date(t).toISOString();
    const row = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("quotes")
        .set({ status: "withdrawn", withdrawn_at: at, updated_at: at })
        .where("id", "=", id)
        .where("status", "in", ["draft", ...OPEN_STATUSES])
        .returningAll()
        .executeTakeFirst();
      if (updated) {
        await timeline.record(
          trx,
          {
            leadId: updated.lead_id,
            kind: "quote-withdrawn",
            detail: `${quoteReference(id)} withdrawn`,
            actor,
          },
          t,
        );
        await voidOpenInvoices(trx, id, t);
      }
      return updated;
    });
    if (row) {
      await deps.checkouts.closeQuoteCheckouts(id, "quote withdrawn");
      return { ok: true, value: row };
    }
    const quote = await get(id);
    return quote
      ? fail(
          409,
          `Quote ${quoteReference(id)} is ${quote.status.replace("_", " ")}: only a draft or an unpaid quote can be withdrawn.`,
        )
      : fail(404, `No quote with id ${id}.`);
  }

  /** Marks every open quote past its expiry expired, each with its timeline entry; returns how many. */
  async function expireDue(actor = "system"): Promise<number> {
    const t = clock();
    const at = new Date(t).toISOString();
    const rows = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .updateTable("quotes")
        .set({ status: "expired", updated_at: at })
        .where("status", "in", OPEN_STATUSES)
        .where("expires_at", "<=", at)
        .returning(["id", "lead_id"])
        .execute();
      for (const r of rows) {
        await timeline.record(
          trx,
          { leadId: r.lead_id, kind: "quote-expired", detail: `${quoteReference(r.id)} expired`, actor },
          t,
        );
        await voidOpenInvoices(trx, r.id, t);
      }
      return rows;
    });
    for (const r of rows) await deps.checkouts.closeQuoteCheckouts(r.id, "quote expired");
    return rows.length;
  }

  function list(filter: { inquiryId?: string } = {}) {
    let q = db.selectFrom("quotes").selectAll().orderBy("created_at", "desc").limit(500);
    if (filter.inquiryId) q = q.where("lead_id", "=", filter.inquiryId);
    return q.execute();
  }

  return {
    create,
    revise,
    get,
    send,
    withdraw,
    expireDue,
    list,
    link: (quote: Pick<QuoteRow, "token">) => quoteLink(config.SITE_URL, quote.token),
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;
