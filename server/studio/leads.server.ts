import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import { z } from "zod";
import { budgetOptions, optionValues, projectTypeOptions } from "~/schemas/inquiry-fields";
import type { AppDatabase } from "../db/database.server";
import type { Database, LeadStatus } from "../db/schema";
import { INQUIRY_SUBJECT } from "../inquiries/notifications.server";
import type { OutboxTrigger } from "../inquiries/outbox.server";
import { insertLeadActivity } from "./activity.server";
import type { StudioUser } from "./session.server";

export const LEAD_STATUSES = ["new", "contacted", "quoted", "won", "lost"] as const satisfies readonly LeadStatus[];

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

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

/** The inbox's query string: search, filters, order and the keyset cursor. */
export const leadQuerySchema = z.object({
  q: optional(z.string().trim().max(200)),
  status: optional(z.enum(LEAD_STATUSES)),
  projectType: optional(z.enum(optionValues(projectTypeOptions))),
  budget: optional(z.enum(optionValues(budgetOptions))),
  sort: optional(z.enum(["newest", "oldest"])).transform((v) => v ?? "newest"),
  /** created_at and id of the last lead on the previous page. */
  after: optional(z.string().max(200).regex(/^[^|]+\|[^|]+$/)),
});

export type LeadQuery = z.infer<typeof leadQuerySchema>;

/** A page's query string as filters; what does not parse is dropped, and `invalid` says so. */
export function parseQuery<T>(schema: z.ZodType<T>, params: URLSearchParams): { query: T; invalid: boolean } {
  const parsed = schema.safeParse(Object.fromEntries(params));
  return parsed.success ? { query: parsed.data, invalid: false } : { query: schema.parse({}), invalid: true };
}

export const statusChangeSchema = z
  .object({ status: z.enum(LEAD_STATUSES), reason: optional(z.string().trim().min(1).max(500)) })
  .refine((v) => v.status !== "lost" || v.reason, { message: "Say why the lead was lost.", path: ["reason"] });

export const noteSchema = z.object({ body: z.string().trim().min(1, "Write a note first.").max(2000) });

export type DeliveryState = "delivered" | "pending" | "failed" | "none";

export type LeadResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; error: string };

/** LIKE pattern matching `text` anywhere, with the wildcards in it taken literally. */
function containsPattern(text: string) {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The studio's view of the leads (the inquiries table): the inbox with search,
 * filters and keyset pagination on (created_at, id), each lead's pipeline
 * status, notes and notification retries, all recorded in lead_activity.
 */
export function createLeadService({ database, outbox, now = Date.now }: { database: AppDatabase; outbox?: OutboxTrigger; now?: () => number }) {
  const { db } = database;

  function filtered(query: LeadQuery) {
    return (eb: ExpressionBuilder<Database, "inquiries">) => {
      const where: Expression<SqlBool>[] = [];
      if (query.status) where.push(eb("status", "=", query.status));
      if (query.projectType) where.push(eb("project_type", "=", query.projectType));
      if (query.budget) where.push(eb("budget", "=", query.budget));
      if (query.q) {
        const pattern = containsPattern(query.q);
        const like = (column: "first_name" | "last_name" | "email" | "company" | "message") =>
          sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
        where.push(eb.or([like("first_name"), like("last_name"), sql<SqlBool>`lower(first_name || ' ' || last_name) like ${pattern} escape '\\'`, like("email"), like("company"), like("message")]));
      }
      return eb.and(where);
    };
  }

  function page(query: LeadQuery, limit: number) {
    const newest = query.sort === "newest";
    let q = db
      .selectFrom("inquiries")
      .select(["id", "first_name", "last_name", "email", "company", "project_type", "budget", "timeline", "status", "source", "created_at", "phone", "message", "lost_reason"])
      .where(filtered(query));
    if (query.after) {
      const [createdAt, id] = query.after.split("|") as [string, string];
      q = q.where((eb) => eb(eb.refTuple("created_at", "id"), newest ? "<" : ">", eb.tuple(createdAt, id)));
    }
    return q.orderBy("created_at", newest ? "desc" : "asc").orderBy("id", newest ? "desc" : "asc").limit(limit);
  }

  /** Delivery state per lead: failed if any notification failed, else pending if any waits, else delivered. */
  async function deliveryStates(ids: string[]) {
    const states = new Map<string, DeliveryState>();
    if (ids.length === 0) return states;
    const rows = await db.selectFrom("outbox").select(["subject_id", "status"]).where("subject_type", "=", INQUIRY_SUBJECT).where("subject_id", "in", ids).execute();
    const rank: Record<DeliveryState, number> = { none: 0, delivered: 1, pending: 2, failed: 3 };
    for (const r of rows) {
      const state: DeliveryState = r.status === "delivered" ? "delivered" : r.status === "failed" ? "failed" : "pending";
      if (rank[state] > rank[states.get(r.subject_id) ?? "none"]) states.set(r.subject_id, state);
    }
    return states;
  }

  function record(trx: typeof db, inquiryId: string, actor: StudioUser, entry: { kind: "status" | "note" | "retry"; from?: string; to?: string; body?: string }) {
    return insertLeadActivity(trx, { inquiry_id: inquiryId, kind: entry.kind, from_status: entry.from ?? null, to_status: entry.to ?? null, body: entry.body ?? null, actor_email: actor.email }, now());
  }


  return {
    parseQuery: (params: URLSearchParams) => parseQuery(leadQuerySchema, params),

    async list(query: LeadQuery) {
      const rows = await page(query, PAGE_SIZE + 1).execute();
      const leads = rows.slice(0, PAGE_SIZE);
      const states = await deliveryStates(leads.map((l) => l.id));
      const last = leads.at(-1);
      return {
        leads: leads.map((l) => ({ ...l, delivery: states.get(l.id) ?? ("none" as DeliveryState) })),
        next: rows.length > PAGE_SIZE && last ? `${last.created_at}|${last.id}` : undefined,
      };
    },

    /** Every lead the filters match (no cursor), for the CSV export. */
    exportRows(query: LeadQuery) {
      return page({ ...query, after: undefined }, EXPORT_LIMIT).execute();
    },

    async get(id: string) {
      const lead = await db.selectFrom("inquiries").selectAll().where("id", "=", id).executeTakeFirst();
      if (!lead) return undefined;
      const [deliveries, activity] = await Promise.all([
        db.selectFrom("outbox").select(["id", "channel", "status", "attempts", "last_error", "next_attempt_at", "delivered_at", "created_at"]).where("subject_type", "=", INQUIRY_SUBJECT).where("subject_id", "=", id).orderBy("created_at").execute(),
        db.selectFrom("lead_activity").selectAll().where("inquiry_id", "=", id).orderBy("created_at", "desc").orderBy("id").execute(),
      ]);
      return { lead, deliveries, activity, next: NEXT_STATUSES[lead.status] };
    },

    async changeStatus(id: string, input: unknown, actor: StudioUser): Promise<LeadResult<LeadStatus>> {
      const parsed = statusChangeSchema.safeParse(input);
      if (!parsed.success) return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? "Invalid status." };
      const { status, reason } = parsed.data;
      return db.transaction().execute(async (trx) => {
        const lead = await trx.selectFrom("inquiries").select("status").where("id", "=", id).executeTakeFirst();
        if (!lead) return { ok: false, status: 404, error: "No such lead." } as const;
        if (!NEXT_STATUSES[lead.status].includes(status)) {
          return { ok: false, status: 409, error: `A ${lead.status} lead cannot move to ${status}.` } as const;
        }
        // The status it was read with: a concurrent change makes this update miss, and the caller retries.
        const updated = await trx
          .updateTable("inquiries")
          .set({ status, lost_reason: status === "lost" ? (reason ?? null) : null })
          .where("id", "=", id)
          .where("status", "=", lead.status)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return { ok: false, status: 409, error: "The lead changed meanwhile; reload it." } as const;
        await record(trx, id, actor, { kind: "status", from: lead.status, to: status, body: status === "lost" ? reason : undefined });
        return { ok: true, value: status } as const;
      });
    },

    async addNote(id: string, input: unknown, actor: StudioUser): Promise<LeadResult<null>> {
      const parsed = noteSchema.safeParse(input);
      if (!parsed.success) return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? "Invalid note." };
      const lead = await db.selectFrom("inquiries").select("id").where("id", "=", id).executeTakeFirst();
      if (!lead) return { ok: false, status: 404, error: "No such lead." };
      await record(db, id, actor, { kind: "note", body: parsed.data.body });
      return { ok: true, value: null };
    },

    /** Puts a failed notification of this lead back in the queue, due now, and wakes the worker. */
    async retryDelivery(id: string, outboxId: string, actor: StudioUser): Promise<LeadResult<null>> {
      const result = await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable("outbox")
          .set({ status: "pending", next_attempt_at: new Date(now()).toISOString(), locked_by: null, locked_until: null })
          .where("id", "=", outboxId)
          .where("subject_type", "=", INQUIRY_SUBJECT)
          .where("subject_id", "=", id)
          .where("status", "=", "failed")
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        const row = await trx.selectFrom("outbox").select("channel").where("id", "=", outboxId).executeTakeFirstOrThrow();
        await record(trx, id, actor, { kind: "retry", body: row.channel });
        return true;
      });
      if (!result) return { ok: false, status: 409, error: "Only a failed notification of this lead can be retried." };
      outbox?.wake();
      return { ok: true, value: null };
    },
  };
}

export type LeadService = ReturnType<typeof createLeadService>;
