import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";

import { NO_REF } from "~/studio/labels";

import { PG_FOLDED_SEARCH_VECTOR } from "../db/migrations/0012-lead-trust";
import type { Database } from "../db/schema";
import { INQUIRY_SUBJECT } from "../inquiries/notifications.server";
import {
  decodeCursor,
  DENSE_MATCHES,
  encodeCursor,
  EXPORT_LIMIT,
  ftsQuery,
  PAGE_SIZE,
  searchTerms,
  SORTS,
  type DeliveryState,
  type LeadContext,
  type LeadQuery,
} from "./lead-context.server";

/** Full text, by word prefix, through SQLite's FTS5 table or PostgreSQL's GIN index (migration 0008). */
export function matches(ctx: LeadContext, q: string, dense: boolean) {
  const { postgres } = ctx;
  const terms = searchTerms(q);
  // Nothing searchable (only punctuation): nothing matches, as a literal search for it would find.
  if (terms.length === 0) return sql<SqlBool>`1 = 0`;
  if (postgres)
    return sql<SqlBool>`${sql.raw(PG_FOLDED_SEARCH_VECTOR)} @@ to_tsquery('simple', ${terms.map((t) => `${t}:*`).join(" & ")})`;
  // Few matches: fetch them by rowid and sort them. Many: `+rowid` keeps SQLite off that plan, so it
  // walks the order's index and checks each lead against the matches, stopping at a page's worth.
  return sql<SqlBool>`${sql.raw(dense ? "+leads.rowid" : "leads.rowid")} in (select rowid from leads_fts where leads_fts match ${ftsQuery(terms)})`;
}

/** Whether a search matches so many leads (SQLite) that walking the order beats sorting the matches. */
export async function isDense(ctx: LeadContext, q: string | undefined) {
  const { postgres, db } = ctx;
  const terms = q ? searchTerms(q) : [];
  if (postgres || terms.length === 0) return false;
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from (select rowid from leads_fts where leads_fts match ${ftsQuery(terms)} limit ${DENSE_MATCHES})`.execute(
    db,
  );
  return Number(rows[0]?.n) >= DENSE_MATCHES;
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
    if (query.q) where.push(matches(ctx, query.q, dense));
    return eb.and(where);
  };
}

export async function page(ctx: LeadContext, query: LeadQuery, limit: number) {
  const { db, postgres } = ctx;
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
    .select(
      sql<
        string | (string | number)[]
      >`${sql.raw(postgres ? "json_build_array" : "json_array")}(${sql.join(keys.map(key))})`.as("sort_keys"),
    )
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
