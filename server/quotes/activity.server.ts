import type { Executor } from "../db/database.server";
import type { AgreementActivityKind, QuoteActivityKind } from "../db/schema";

/** One quote step for the lead's timeline; actor is a studio email, "cli", "client" or "system". */
export type ActivityEntry = {
  leadId: string;
  kind: QuoteActivityKind | AgreementActivityKind;
  detail: string;
  actor: string;
};

/**
 * Where quote changes land in the lead's timeline, and how the lead's pipeline
 * status moves (Quoted when a quote is sent, Won on its first payment). Always
 * called inside the transaction of the change itself. The studio back office
 * implements it (server/leads/timeline.server.ts); the composition root
 * (server/app.server.ts, scripts/studio-quote.ts) hands that in, so quotes
 * never import the studio.
 */
export type LeadActivity = {
  /** Returns the new timeline row's id (an email about it names it as its subject). */
  recordActivity(db: Executor, entry: ActivityEntry, at: number): Promise<string>;
  advanceLead(db: Executor, leadId: string, to: "quoted" | "won", actor: string, at: number): Promise<void>;
};
