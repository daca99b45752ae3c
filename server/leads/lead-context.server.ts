import { z } from "zod";

import { budgetOptions, optionValues, projectTypeOptions } from "~/schemas/inquiry-fields";
import { REF_PATTERN } from "~/schemas/inquiry-source";
import { NO_REF, type sortOptions } from "~/studio/labels";

import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { BUDGET_RANK, STATUS_RANK } from "../db/migrations/0008-lead-sources";
import type { LeadStatus } from "../db/schema";
import { foldForSearch } from "../db/search-text";
import { type OutboxTrigger } from "../outbox/outbox.server";

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

export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

/**
 * The inbox's orders. Each pages by a keyset of the same direction on every key, which an
 * index of migration 0008 (or 0005) serves; the expressions are the indexed ones, verbatim.
 * Within a status the longest-waiting lead comes first; within a budget, the newest.
 */
export const SORTS = {
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
export const encodeCursor = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString("base64url");
export function decodeCursor(cursor: string): (string | number)[] | undefined {
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

/** SQLite FTS5 query: every word, each as a quoted prefix (no operator of the visitor's gets through). */
export const ftsQuery = (terms: string[]) => terms.map((t) => `"${t}"*`).join(" ");
/** Matches past which a search counts as dense (see matches()). */
export const DENSE_MATCHES = 2000;

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

/** What the back office's lead verbs work with: the deps and the database's kind (search differs). */
export function leadContext({
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
  return { database, config, outbox, now, db, postgres };
}

export type LeadContext = ReturnType<typeof leadContext>;
