import { randomBytes } from "node:crypto";

import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import type { LeadTimeline } from "../leads/timeline.server";
import { type OutboxTrigger } from "../outbox/outbox.server";

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

/** What the studio's quote verbs work with: the deps, the clock and the refusal they answer with. */
export function quoteContext(deps: QuoteServiceDeps) {
  const { config, database, timeline } = deps;
  const { db } = database;
  const clock = deps.now ?? Date.now;

  const fail = (status: 400 | 404 | 409, error: string) => ({ ok: false as const, status, error });
  return { deps, config, database, timeline, db, clock, fail };
}

export type QuoteContext = ReturnType<typeof quoteContext>;
