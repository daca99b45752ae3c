import { type Insertable, type Kysely } from "kysely";

import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { createGroupCommit } from "../db/group-commit.server";
import type { AnalyticsDevice, AnalyticsEventTable, Database } from "../db/schema";
import { type Logger } from "../logger.server";
import type { Metrics } from "../metrics.server";
import { createSalts } from "./salts.server";

/** A visit ends after this long without an event from its visitor (Plausible's rule). */
export const VISIT_GAP_MS = 30 * 60_000;
/** At most this many events share one INSERT (and one look-up of their visitors' last events). */
export const INGEST_BATCH_MAX = 500;
/** Visitors whose last event this process remembers (about 100 bytes each). */
export const VISITOR_CACHE_MAX = 50_000;
/** User agents whose bot test and device class this process remembers. */
export const AGENT_CACHE_MAX = 1_000;

/** Goals the server records from the product's own events; the browser may send only "demo-cta". */
export type ServerGoalName = "inquiry" | "booking" | "quote-viewed" | "quote-accepted" | "payment";

export type Goal = {
  name: ServerGoalName;
  /** The lead it belongs to: the event takes that lead's recorded source (page, ref, UTM). */
  leadId: string | null;
  /** For "payment": the amount settled, CAD cents. */
  amountCents?: number;
  /** The visitor's request, when the goal is a request of theirs (an inquiry sent): joins the goal to their visit. */
  client?: { ip: string; userAgent: string; gpc: boolean };
  /** The lead's recorded source, when the caller has it at hand (it has just stored the lead): saves reading it back. */
  source?: GoalSource;
};

export type GoalSource = {
  page: string | null;
  ref: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
};

/** Writes a prepared goal inside the caller's transaction; never throws. */
export type GoalWrite = (trx: Kysely<Database>) => Promise<void>;

export type BeaconRequest = { body: string; ip: string; userAgent: string; gpc: boolean };
export type BeaconOutcome = "accepted" | "not-counted" | "invalid";

export // fresh: a visitor that cannot have an earlier event (a lead just stored, standing for its sender), so none is looked up.
type Pending = Omit<Insertable<AnalyticsEventTable>, "visit" | "entry"> & {
  t: number;
  fresh?: boolean;
  resolve(): void;
  reject(error: unknown): void;
};

export type AnalyticsDeps = {
  config: Pick<AppConfig, "SITE_URL">;
  database: AppDatabase;
  logger: Logger;
  metrics?: Metrics;
  now?: () => number;
};

/** What the analytics verbs work with: the deps, the salts, the write queue and the recent visitors. */
export function analyticsContext({ config, database, logger, metrics, now = Date.now }: AnalyticsDeps) {
  const { db } = database;
  const host = new URL(config.SITE_URL).host;
  const salts = createSalts({ database });
  const writes = createGroupCommit(database);
  const log = logger.child({ component: "analytics" });
  const beacons = metrics?.counter(
    "cascadia_analytics_beacons_total",
    "Analytics beacons by outcome: accepted (stored), not_counted (a bot or Global Privacy Control), refused (invalid, oversized, cross-site).",
    {
      labelNames: ["outcome"] as const,
    },
  );
  for (const outcome of ["accepted", "not_counted", "refused"]) beacons?.labels(outcome).inc(0);

  const queue: Pending[] = [];
  /** Whether a pump is already queued for this tick. */
  const pumping = { scheduled: false };
  const inFlight = new Set<Promise<void>>();
  // Batches being written at once: SQLite has one writer anyway; PostgreSQL's pool takes a few side by side.
  // The rest wait, so under load a batch grows instead of the number of statements.
  const maxInFlight = database.kind === "postgres" ? 4 : 1;

  // Each visitor's last event seen by this process, so a visitor's next page view costs no look-up.
  const lastSeen = new Map<string, { visit: string; t: number }>();

  // A few browsers' user agents make most traffic: isbot's patterns (~10 µs) run once per agent, not per beacon.
  const agents = new Map<string, { bot: boolean; device: AnalyticsDevice }>();

  const goalsUnderWay = new Set<Promise<void>>();
  return {
    config,
    database,
    logger,
    metrics,
    now,
    db,
    host,
    salts,
    writes,
    log,
    beacons,
    queue,
    pumping,
    inFlight,
    maxInFlight,
    lastSeen,
    agents,
    goalsUnderWay,
  };
}

export type AnalyticsContext = ReturnType<typeof analyticsContext>;
