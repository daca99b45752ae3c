import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";

import { NO_REF } from "~/studio/labels";

import { jsonArray, leadMatchesUpTo, leadsMatching } from "../db/dialect";
import type { Database } from "../db/schema";
import { INQUIRY_SUBJECT } from "../inquiries/notifications.server";
import {
  decodeCursor,
  DENSE_MATCHES,
  encodeCursor,
  EXPORT_LIMIT,
  PAGE_SIZE,
  searchTerms,
  SORTS,
  type DeliveryState,
  type LeadContext,
  type LeadQuery,
} from "./lead-context.server";

/**
 * A reference the studio's documents print (issue 38): a quote's ("Q-1A2B3C4D", its id's first
 * eight hex digits) or a document's number ("2026-0001", "R2026-0001", "C2026-0001").
 */
const QUOTE_REFERENCE = /^Q-([0-9A-F]{8})$/i;
const DOCUMENT_NUMBER = /^[RC]?\d{4}-\d{4,6}$/i;

export function isReference(q: string) {
  const t = q.trim();
  return QUOTE_REFERENCE.test(t) || DOCUMENT_NUMBER.test(t);
}

/** The lead a reference belongs to: the one whose quote or document it names. */
function referenceMatch(eb: ExpressionBuilder<Database, "leads">, q: string): Expression<SqlBool> {
  const t = q.trim().toUpperCase();
  const quote = QUOTE_REFERENCE.exec(t);
  if (quote)
    return eb.exists(
      eb
        .selectFrom("quotes")
        .select("quotes.id")
        .whereRef("quotes.lead_id", "=", "leads.id")
        // Ids are lower-case UUIDs: the prefix, by a range the primary key's index answers.
        .where("quotes.id", ">=", quote[1]!.toLowerCase())
        .where("quotes.id", "<", `${quote[1]!.toLowerCase()}~`),
    );
  return eb.exists(
    eb
      .selectFrom("money_documents")
      .select("money_documents.id")
      .whereRef("money_documents.lead_id", "=", "leads.id")
      .where("money_documents.number", "=", t),
  );
}

/** Full text, by word prefix, through SQLite's FTS5 table or PostgreSQL's GIN index (migration 0008). */
export function matches(ctx: LeadContext, q: string, dense: boolean) {
  const terms = searchTerms(q);
  // Nothing searchable (only punctuation): nothing matches, as a literal search for it would find.
  if (terms.length === 0) return sql<SqlBool>`1 = 0`;
  return leadsMatching(ctx.database, terms, dense);
}

/** Whether a search matches so many leads (SQLite) that walking the order beats sorting the matches. */
export async function isDense(ctx: LeadContext, q: string | undefined) {
  const terms = q && !isReference(q) ? searchTerms(q) : [];
  if (terms.length === 0) return false;
  const n = await leadMatchesUpTo(ctx.database, terms, DENSE_MATCHES);
  return n !== undefined && n >= DENSE_MATCHES;
}

export function filtered(ctx: LeadContext, query: LeadQuery, dense = false) {
  return (eb: ExpressionBuilder<Database, "leads">) => {
    // Quarantined leads are only ever in the Spam view: not in the inbox, its counts or its export.
    const where: Expression<SqlBool>[] = [
      eb("quarantine_reason", query.view === "spam" ? "is not" : "is", null),
    ];
    if (query.status) where.push(eb("status", "=", query.status));
    if (query.projectType) where.push(eb("project_type", "=", query.projectType));
    if (query.budget) where.push(eb("budget", "=", query.budget));
    if (query.ref) where.push(query.ref === NO_REF ? eb("ref", "is", null) : eb("ref", "=", query.ref));
    // A quote's reference or a document's number finds its lead; anything else is full text.
    if (query.q)
      where.push(isReference(query.q) ? referenceMatch(eb, query.q) : matches(ctx, query.q, dense));
    return eb.and(where);
  };
}

export async function page(ctx: LeadContext, query: LeadQuery, limit: number) {
  const { db, database } = ctx;
  const { keys, desc } = SORTS[query.sort];
  const key = (k: string) => sql.raw(k);
  let q = db
    .selectFrom("leads")
    .select([
      ...([
        "id",
        "first_name",
        "last_name",
        "email",
        "company",
        "project_type",
        "budget",
        "timeline",
        "status",
        "source",
        "created_at",
        "phone",
        "message",
        "lost_reason",
      ] as const),
      ...(["page", "ref", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const),
    ])
    // PostgreSQL answers the array, SQLite its JSON text.
    .select(jsonArray(database, keys.map(key)).$castTo<string | (string | number)[]>().as("sort_keys"))
    .where(filtered(ctx, query, await isDense(ctx, query.q)));
  const cursor = query.after ? decodeCursor(query.after) : undefined;
  if (cursor)
    q = q.where(
      sql<SqlBool>`(${sql.join(keys.map(key))}) ${sql.raw(desc ? "<" : ">")} (${sql.join(cursor)})`,
    );
  for (const k of keys) q = q.orderBy(key(k), desc ? "desc" : "asc");
  return q.limit(limit).execute();
}

/** Delivery state per lead: failed if any notification failed, else pending if any waits, else delivered. */
export async function deliveryStates(ctx: LeadContext, ids: string[]) {
  const { db } = ctx;
  const states = new Map<string, DeliveryState>();
  if (ids.length === 0) return states;
  const rows = await db
    .selectFrom("outbox")
    .select(["subject_id", "status"])
    .where("subject_type", "=", INQUIRY_SUBJECT)
    .where("subject_id", "in", ids)
    .execute();
  const rank: Record<DeliveryState, number> = { none: 0, delivered: 1, pending: 2, failed: 3 };
  for (const r of rows) {
    const state: DeliveryState =
      r.status === "delivered" ? "delivered" : r.status === "failed" ? "failed" : "pending";
    if (rank[state] > rank[states.get(r.subject_id) ?? "none"]) states.set(r.subject_id, state);
  }
  return states;
}

export async function list(ctx: LeadContext, query: LeadQuery) {
  const rows = await page(ctx, query, PAGE_SIZE + 1);
  const leads = rows.slice(0, PAGE_SIZE);
  const states = await deliveryStates(
    ctx,
    leads.map((l) => l.id),
  );
  const last = leads.at(-1);
  return {
    leads: leads.map(({ sort_keys: _k, ...l }) => ({
      ...l,
      delivery: states.get(l.id) ?? ("none" as DeliveryState),
    })),
    // PostgreSQL's json_build_array is a json value already; SQLite's json_array its text.
    next:
      rows.length > PAGE_SIZE && last
        ? encodeCursor(typeof last.sort_keys === "string" ? JSON.parse(last.sort_keys) : last.sort_keys)
        : undefined,
  };
}

/** The refs leads came with, and how many each, for the inbox's source filter. */
export async function refs(ctx: LeadContext) {
  const { db } = ctx;
  const rows = await db
    .selectFrom("leads")
    .select(["ref", (eb) => eb.fn.countAll<number | string>().as("count")])
    .where("ref", "is not", null)
    .where("quarantine_reason", "is", null)
    .groupBy("ref")
    .orderBy("ref")
    .limit(200)
    .execute();
  return rows.map((r) => ({ ref: r.ref!, count: Number(r.count) }));
}

/** Every lead the filters match (no cursor), for the CSV export. */
export async function exportRows(ctx: LeadContext, query: LeadQuery) {
  return (await page(ctx, { ...query, after: undefined }, EXPORT_LIMIT)).map(({ sort_keys: _k, ...l }) => l);
}
