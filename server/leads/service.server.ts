import type { z } from "zod";

import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
// The indexed expressions, so the queries repeat them exactly (a planner matches an expression index by its text).
import { type OutboxTrigger } from "../outbox/outbox.server";
import { changeStatus } from "./advance.server";
import { leadContext, leadQuerySchema } from "./lead-context.server";
import { get } from "./lead-detail.server";
import { addNote } from "./notes.server";
import { board } from "./pipeline.server";
import { release } from "./release.server";
import { deleteSavedReply, reply, savedReplies, saveReply } from "./reply.server";
import { retryDelivery } from "./retry-delivery.server";
import { exportRows, list, refs } from "./search.server";

/** A page's query string as filters; what does not parse is dropped, and `invalid` says so. */
export function parseQuery<T>(schema: z.ZodType<T>, params: URLSearchParams): { query: T; invalid: boolean } {
  const parsed = schema.safeParse(Object.fromEntries(params));
  return parsed.success ? { query: parsed.data, invalid: false } : { query: schema.parse({}), invalid: true };
}

/**
 * The studio's view of the leads (the inquiries table): the inbox with search,
 * filters and keyset pagination on (created_at, id), each lead's pipeline
 * status, notes and notification retries, all recorded in lead_activity.
 */
export function createLeadService(deps: {
  database: AppDatabase;
  /** Which notifications a lead moved out of quarantine gets (the form service's when configured). */
  config: Pick<AppConfig, "WEB3FORMS_ACCESS_KEY">;
  outbox?: OutboxTrigger;
  now?: () => number;
}) {
  const ctx = leadContext(deps);
  return {
    parseQuery: (params: URLSearchParams) => parseQuery(leadQuerySchema, params),
    list: list.bind(null, ctx),
    refs: refs.bind(null, ctx),
    exportRows: exportRows.bind(null, ctx),
    get: get.bind(null, ctx),
    board: board.bind(null, ctx),
    reply: reply.bind(null, ctx),
    savedReplies: () => savedReplies(ctx),
    saveReply: saveReply.bind(null, ctx),
    deleteSavedReply: deleteSavedReply.bind(null, ctx),
    changeStatus: changeStatus.bind(null, ctx),
    addNote: addNote.bind(null, ctx),
    release: release.bind(null, ctx),
    retryDelivery: retryDelivery.bind(null, ctx),
  };
}

export type LeadService = ReturnType<typeof createLeadService>;
