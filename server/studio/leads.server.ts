import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { z } from "zod";

import { budgetOptions, optionValues, projectTypeOptions } from "~/schemas/inquiry-fields";
import { REF_PATTERN } from "~/schemas/inquiry-source";
import { NO_REF, SPAM_STATUS, type sortOptions } from "~/studio/labels";

import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
// The indexed expressions, so the queries repeat them exactly (a planner matches an expression index by its text).
import { BUDGET_RANK, STATUS_RANK } from "../db/migrations/0008-lead-sources";
import { PG_FOLDED_SEARCH_VECTOR } from "../db/migrations/0012-lead-trust";
import type { Database, LeadStatus } from "../db/schema";
import { foldForSearch } from "../db/search-text";
import { claimAcknowledgement, INQUIRY_SUBJECT, inquiryOutboxItems } from "../inquiries/notifications.server";
import { enqueue, type OutboxTrigger } from "../outbox/outbox.server";
import { insertLeadActivity } from "./activity.server";
import type { StudioUser } from "./session.server";

/** The views of the leads besides the inbox: the quarantine of suspected spam. */
export const LEAD_VIEWS = ["spam"] as const;

export const LEAD_STATUSES = [
  "new",
  "contacted",
  "quoted",
  "won",
  "lost",
] as const satisfies readonly LeadStatus[];

/** The pipeline: New → Contacted → Quoted → Won / Lost; a lead may be lost at any open step; Won and Lost are final. */
export const NEXT_STATUSES: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ["contacted", "lost"],
  contacted: ["quoted", "lost"],
  quoted: ["won", "lost"],
  won: [],
  lost: [],
};

export const PAGE_SIZE = 50;
/** Most rows one CSV export writes. */
export const EXPORT_LIMIT = 10_000;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

/**
 * The inbox's orders. Each pages by a keyset of the same direction on every key, which an
 * index of migration 0008 (or 0005) serves; the expressions are the indexed ones, verbatim.
 * Within a status the longest-waiting lead comes first; within a budget, the newest.
 */
const SORTS = {
  newest: { keys: ["created_at", "id"], desc: true },
  oldest: { keys: ["created_at", "id"], desc: false },
  name: { keys: ["lower(last_name)", "lower(first_name)", "id"], desc: false },
  status: { keys: [STATUS_RANK, "created_at", "id"], desc: false },
  budget: { keys: [BUDGET_RANK, "created_at", "id"], desc: true },
} as const satisfies Record<
  (typeof sortOptions)[number]["value"],
  { keys: readonly string[]; desc: boolean }
>;
export type LeadSort = keyof typeof SORTS;
export const LEAD_SORTS = Object.keys(SORTS) as [LeadSort, ...LeadSort[]];

/** A keyset cursor: the sort keys of the last lead on the previous page, as base64url JSON. */
const encodeCursor = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString("base64url");
function decodeCursor(cursor: string): (string | number)[] | undefined {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    return Array.isArray(values) && values.every((v) => typeof v === "string" || typeof v === "number")
      ? values
      : undefined;
  } catch {
    return undefined;
  }
}

/** The inbox's query string: search, filters, order and the keyset cursor. */
export const leadQuerySchema = z
  .object({
    q: optional(z.string().trim().max(200)),
    status: optional(z.enum(LEAD_STATUSES)),
    projectType: optional(z.enum(optionValues(projectTypeOptions))),
    budget: optional(z.enum(optionValues(budgetOptions))),
    /** Where leads came from: one ref, or NO_REF for those without. */
    ref: optional(z.union([z.string().regex(REF_PATTERN), z.literal(NO_REF)])),
    sort: optional(z.enum(LEAD_SORTS)).transform((v) => v ?? "newest"),
    /** The inbox by default; "spam" lists the quarantined leads instead. */
    view: optional(z.enum(LEAD_VIEWS)),
    after: optional(
      z
        .string()
        .max(600)
        .regex(/^[\w-]+$/),
    ),
  })
  // A cursor is only meaningful for the order it was made in.
  .refine((v) => !v.after || decodeCursor(v.after)?.length === SORTS[v.sort].keys.length, {
    message: "Invalid cursor.",
    path: ["after"],
  });

export type LeadQuery = z.infer<typeof leadQuerySchema>;

/** A page's query string as filters; what does not parse is dropped, and `invalid` says so. */
export function parseQuery<T>(schema: z.ZodType<T>, params: URLSearchParams): { query: T; invalid: boolean } {
  const parsed = schema.safeParse(Object.fromEntries(params));
  return parsed.success ? { query: parsed.data, invalid: false } : { query: schema.parse({}), invalid: true };
}

/** SQLite FTS5 query: every word, each as a quoted prefix (no operator of the visitor's gets through). */
const ftsQuery = (terms: string[]) => terms.map((t) => `"${t}"*`).join(" ");
/** Matches past which a search counts as dense (see matches()). */
const DENSE_MATCHES = 2000;

/** The words of a search, folded like the stored text (no accents, lower case), at most eight: what both full-text indexes match by prefix. */
export function searchTerms(q: string) {
  return (foldForSearch(q).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

export const statusChangeSchema = z
  .object({ status: z.enum(LEAD_STATUSES), reason: optional(z.string().trim().min(1).max(500)) })
  .refine((v) => v.status !== "lost" || v.reason, {
    message: "Say why the lead was lost.",
    path: ["reason"],
  });

export const noteSchema = z.object({ body: z.string().trim().min(1, "Write a note first.").max(2000) });

export type DeliveryState = "delivered" | "pending" | "failed" | "none";

export type LeadResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; error: string };

/**
 * The studio's view of the leads (the inquiries table): the inbox with search,
 * filters and keyset pagination on (created_at, id), each lead's pipeline
 * status, notes and notification retries, all recorded in lead_activity.
 */
export function createLeadService({
  database,
  config,
  outbox,
  now = Date.now,
}: {
  database: AppDatabase;
  /** Which notifications a lead moved out of quarantine gets (the form service's when configured). */
  config: Pick<AppConfig, "WEB3FORMS_ACCESS_KEY">;
  outbox?: OutboxTrigger;
  now?: () => number;
}) {
  const { db } = database;

  const postgres = database.kind === "postgres";

  /** Full text, by word prefix, through SQLite's FTS5 table or PostgreSQL's GIN index (migration 0008). */
  function matches(q: string, dense: boolean) {
    const terms = searchTerms(q);
    // Nothing searchable (only punctuation): nothing matches, as a literal search for it would find.
    if (terms.length === 0) return sql<SqlBool>`1 = 0`;
    if (postgres)
      return sql<SqlBool>`${sql.raw(PG_FOLDED_SEARCH_VECTOR)} @@ to_tsquery('simple', ${terms.map((t) => `${t}:*`).join(" & ")})`;
    // Few matches: fetch them by rowid and sort them. Many: `+rowid` keeps SQLite off that plan, so it
    // walks the order's index and checks each lead against the matches, stopping at a page's worth.
    return sql<SqlBool>`${sql.raw(dense ? "+inquiries.rowid" : "inquiries.rowid")} in (select rowid from inquiries_fts where inquiries_fts match ${ftsQuery(terms)})`;
  }

  /** Whether a search matches so many leads (SQLite) that walking the order beats sorting the matches. */
  async function isDense(q: string | undefined) {
    const terms = q ? searchTerms(q) : [];
    if (postgres || terms.length === 0) return false;
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from (select rowid from inquiries_fts where inquiries_fts match ${ftsQuery(terms)} limit ${DENSE_MATCHES})`.execute(
      db,
    );
    return Number(rows[0]?.n) >= DENSE_MATCHES;
  }

  function filtered(query: LeadQuery, dense = false) {
    return (eb: ExpressionBuilder<Database, "inquiries">) => {
      // Quarantined leads are only ever in the Spam view: not in the inbox, its counts or its export.
      const where: Expression<SqlBool>[] = [
        eb("quarantine_reason", query.view === "spam" ? "is not" : "is", null),
      ];
      if (query.status) where.push(eb("status", "=", query.status));
      if (query.projectType) where.push(eb("project_type", "=", query.projectType));
      if (query.budget) where.push(eb("budget", "=", query.budget));
      if (query.ref) where.push(query.ref === NO_REF ? eb("ref", "is", null) : eb("ref", "=", query.ref));
      if (query.q) where.push(matches(query.q, dense));
      return eb.and(where);
    };
  }

  async function page(query: LeadQuery, limit: number) {
    const { keys, desc } = SORTS[query.sort];
    const key = (k: string) => sql.raw(k);
    let q = db
      .selectFrom("inquiries")
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
        >`${sql.raw(postgres ? "json_build_array" : "json_array")}(${sql.join(keys.map(key))})`.as(
          "sort_keys",
        ),
      )
      .where(filtered(query, await isDense(query.q)));
    const cursor = query.after ? decodeCursor(query.after) : undefined;
    if (cursor)
      q = q.where(
        sql<SqlBool>`(${sql.join(keys.map(key))}) ${sql.raw(desc ? "<" : ">")} (${sql.join(cursor)})`,
      );
    for (const k of keys) q = q.orderBy(key(k), desc ? "desc" : "asc");
    return q.limit(limit).execute();
  }

  /** Payments whose quote belongs to this lead (payments.inquiry_id, set with the quote's). */
  function leadPayments(id: string) {
    return db
      .selectFrom("payments")
      .select([
        "id",
        "package",
        "kind",
        "quote_id",
        "amount_cents",
        "currency",
        "provider",
        "status",
        "refund_status",
        "refund_reason",
        "refunded_cents",
        "provider_session_id",
        "created_at",
        "paid_at",
      ])
      .where("inquiry_id", "=", id)
      .orderBy("created_at")
      .execute();
  }

  /** Delivery state per lead: failed if any notification failed, else pending if any waits, else delivered. */
  async function deliveryStates(ids: string[]) {
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

  function record(
    trx: typeof db,
    inquiryId: string,
    actor: StudioUser,
    entry: { kind: "status" | "note" | "retry"; from?: string; to?: string; body?: string },
  ) {
    return insertLeadActivity(
      trx,
      {
        inquiry_id: inquiryId,
        kind: entry.kind,
        from_status: entry.from ?? null,
        to_status: entry.to ?? null,
        body: entry.body ?? null,
        actor_email: actor.email,
      },
      now(),
    );
  }

  return {
    parseQuery: (params: URLSearchParams) => parseQuery(leadQuerySchema, params),

    async list(query: LeadQuery) {
      const rows = await page(query, PAGE_SIZE + 1);
      const leads = rows.slice(0, PAGE_SIZE);
      const states = await deliveryStates(leads.map((l) => l.id));
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
    },

    /** The refs leads came with, and how many each, for the inbox's source filter. */
    async refs() {
      const rows = await db
        .selectFrom("inquiries")
        .select(["ref", (eb) => eb.fn.countAll<number | string>().as("count")])
        .where("ref", "is not", null)
        .where("quarantine_reason", "is", null)
        .groupBy("ref")
        .orderBy("ref")
        .limit(200)
        .execute();
      return rows.map((r) => ({ ref: r.ref!, count: Number(r.count) }));
    },

    /** Every lead the filters match (no cursor), for the CSV export. */
    async exportRows(query: LeadQuery) {
      return (await page({ ...query, after: undefined }, EXPORT_LIMIT)).map(({ sort_keys: _k, ...l }) => l);
    },

    async get(id: string) {
      const row = await db.selectFrom("inquiries").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return undefined;
      // The folded copy of the text is the index's, not something to show.
      const { search_text: _s, ...lead } = row;
      const [deliveries, activity, payments] = await Promise.all([
        db
          .selectFrom("outbox")
          .select([
            "id",
            "channel",
            "status",
            "attempts",
            "last_error",
            "next_attempt_at",
            "delivered_at",
            "created_at",
          ])
          .where("subject_type", "=", INQUIRY_SUBJECT)
          .where("subject_id", "=", id)
          .orderBy("created_at")
          .execute(),
        db
          .selectFrom("lead_activity")
          .selectAll()
          .where("inquiry_id", "=", id)
          .orderBy("created_at", "desc")
          .orderBy("id")
          .execute(),
        leadPayments(id),
      ]);
      return { lead, deliveries, activity, payments, next: NEXT_STATUSES[lead.status] };
    },

    async changeStatus(id: string, input: unknown, actor: StudioUser): Promise<LeadResult<LeadStatus>> {
      const parsed = statusChangeSchema.safeParse(input);
      if (!parsed.success)
        return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? "Invalid status." };
      const { status, reason } = parsed.data;
      return db.transaction().execute(async (trx) => {
        const lead = await trx
          .selectFrom("inquiries")
          .select(["status", "quarantine_reason"])
          .where("id", "=", id)
          .executeTakeFirst();
        if (!lead) return { ok: false, status: 404, error: "No such lead." } as const;
        if (lead.quarantine_reason)
          return {
            ok: false,
            status: 409,
            error: "This lead is in Spam: move it to the inbox first.",
          } as const;
        if (!NEXT_STATUSES[lead.status].includes(status)) {
          return {
            ok: false,
            status: 409,
            error: `A ${lead.status} lead cannot move to ${status}.`,
          } as const;
        }
        // The status it was read with: a concurrent change makes this update miss, and the caller retries.
        const updated = await trx
          .updateTable("inquiries")
          .set({ status, lost_reason: status === "lost" ? (reason ?? null) : null })
          .where("id", "=", id)
          .where("status", "=", lead.status)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1)
          return { ok: false, status: 409, error: "The lead changed meanwhile; reload it." } as const;
        await record(trx, id, actor, {
          kind: "status",
          from: lead.status,
          to: status,
          body: status === "lost" ? reason : undefined,
        });
        return { ok: true, value: status } as const;
      });
    },

    async addNote(id: string, input: unknown, actor: StudioUser): Promise<LeadResult<null>> {
      const parsed = noteSchema.safeParse(input);
      if (!parsed.success)
        return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? "Invalid note." };
      const lead = await db.selectFrom("inquiries").select("id").where("id", "=", id).executeTakeFirst();
      if (!lead) return { ok: false, status: 404, error: "No such lead." };
      await record(db, id, actor, { kind: "note", body: parsed.data.body });
      return { ok: true, value: null };
    },

    /**
     * Moves a quarantined lead to the inbox: its notifications are queued then (the studio's email,
     * the form service, the acknowledgement unless its address had one today), and the timeline says so.
     */
    async release(id: string, actor: StudioUser): Promise<LeadResult<null>> {
      const t = now();
      const result = await db.transaction().execute(async (trx): Promise<LeadResult<null>> => {
        const lead = await trx
          .selectFrom("inquiries")
          .select(["status", "email", "quarantine_reason"])
          .where("id", "=", id)
          .executeTakeFirst();
        if (!lead) return { ok: false, status: 404, error: "No such lead." };
        // Conditional, so two studio tabs releasing at once queue the notifications once.
        const moved = await trx
          .updateTable("inquiries")
          .set({ quarantine_reason: null })
          .where("id", "=", id)
          .where("quarantine_reason", "is not", null)
          .executeTakeFirst();
        if (!lead.quarantine_reason || Number(moved.numUpdatedRows) !== 1)
          return { ok: false, status: 409, error: "This lead is already in the inbox." };
        await enqueue(trx, inquiryOutboxItems(config, id, await claimAcknowledgement(trx, lead.email, t)), t);
        await record(trx, id, actor, {
          kind: "status",
          from: SPAM_STATUS,
          to: lead.status,
          body: lead.quarantine_reason,
        });
        return { ok: true, value: null };
      });
      if (result.ok) outbox?.wake();
      return result;
    },

    /** Puts a failed notification of this lead back in the queue, due now, and wakes the worker. */
    async retryDelivery(id: string, outboxId: string, actor: StudioUser): Promise<LeadResult<null>> {
      const result = await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable("outbox")
          .set({
            status: "pending",
            next_attempt_at: new Date(now()).toISOString(),
            locked_by: null,
            locked_until: null,
          })
          .where("id", "=", outboxId)
          .where("subject_type", "=", INQUIRY_SUBJECT)
          .where("subject_id", "=", id)
          .where("status", "=", "failed")
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        const row = await trx
          .selectFrom("outbox")
          .select("channel")
          .where("id", "=", outboxId)
          .executeTakeFirstOrThrow();
        await record(trx, id, actor, { kind: "retry", body: row.channel });
        return true;
      });
      if (!result)
        return { ok: false, status: 409, error: "Only a failed notification of this lead can be retried." };
      outbox?.wake();
      return { ok: true, value: null };
    },
  };
}

export type LeadService = ReturnType<typeof createLeadService>;
