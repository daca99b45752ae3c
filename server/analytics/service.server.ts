import { randomUUID } from "node:crypto";
import { isbot } from "isbot";
import { sql, type Insertable, type Kysely } from "kysely";

import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { createGroupCommit } from "../db/group-commit.server";
import type { AnalyticsDevice, AnalyticsEventTable, Database } from "../db/schema";
import { errorKind, type Logger } from "../logger.server";
import type { Metrics } from "../metrics.server";
import { parseBeacon } from "./beacon.server";
import { deviceClass } from "./device.server";
import { createSalts, visitorHash } from "./salts.server";

/** A visit ends after this long without an event from its visitor (Plausible's rule). */
export const VISIT_GAP_MS = 30 * 60_000;
/** At most this many events share one INSERT (and one look-up of their visitors' last events). */
export const INGEST_BATCH_MAX = 500;
/** Visitors whose last event this process remembers (about 100 bytes each). */
const VISITOR_CACHE_MAX = 50_000;
/** User agents whose bot test and device class this process remembers. */
const AGENT_CACHE_MAX = 1_000;

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

type GoalSource = {
  page: string | null;
  ref: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
};

/**
 * What capabilities (inquiries, quotes, payments, bookings) get injected, optionally:
 * absent, nothing is recorded. It never throws and never delays the caller's answer
 * beyond the batch it joins; a failure is logged and the goal is lost, not the sale.
 */
export type GoalRecorder = {
  recordGoal(goal: Goal): Promise<void>;
  prepareGoal?(goal: Goal): Promise<GoalWrite | undefined>;
};

/** Writes a prepared goal inside the caller's transaction; never throws. */
export type GoalWrite = (trx: Kysely<Database>) => Promise<void>;

export type BeaconRequest = { body: string; ip: string; userAgent: string; gpc: boolean };
export type BeaconOutcome = "accepted" | "not-counted" | "invalid";

// fresh: a visitor that cannot have an earlier event (a lead just stored, standing for its sender), so none is looked up.
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

/**
 * Cookieless analytics, the collecting side (docs/product.md#analytics): beacons from
 * the pages and goals from the product, written in batches. Every event waits for the
 * commit of its batch before it is answered, so an accepted beacon is a stored row.
 */
export function createAnalytics({ config, database, logger, metrics, now = Date.now }: AnalyticsDeps) {
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
  let scheduled = false;
  const inFlight = new Set<Promise<void>>();
  // Batches being written at once: SQLite has one writer anyway; PostgreSQL's pool takes a few side by side.
  // The rest wait, so under load a batch grows instead of the number of statements.
  const maxInFlight = database.kind === "postgres" ? 4 : 1;

  function enqueue(event: Omit<Pending, "resolve" | "reject">): Promise<void> {
    return new Promise((resolve, reject) => {
      queue.push({ ...event, resolve, reject });
      pump();
    });
  }

  /** On the next turn of the event loop, so what arrives together is written together. */
  function pump() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      while (inFlight.size < maxInFlight && queue.length > 0) writeBatch(queue.splice(0, INGEST_BATCH_MAX));
    });
  }

  function writeBatch(batch: Pending[]) {
    // SQLite: shares a commit with other writes waiting for the lock (decision 0021). PostgreSQL:
    // two statements, no transaction: each INSERT is atomic, and the look-up needs no snapshot.
    const write = database.kind === "sqlite" ? writes.run((trx) => store(trx, batch)) : store(db, batch);
    const done = write.then(
      () => batch.forEach((e) => e.resolve()),
      (error: unknown) => batch.forEach((e) => e.reject(error)),
    );
    inFlight.add(done);
    void done.finally(() => {
      inFlight.delete(done);
      if (queue.length > 0) pump();
    });
  }

  // Each visitor's last event seen by this process, so a visitor's next page view costs no look-up.
  const lastSeen = new Map<string, { visit: string; t: number }>();

  /** Assigns each event its visit (the visitor's last event under 30 minutes ago, stored or earlier in the batch), then one INSERT. */
  async function store(
    trx: Kysely<Database>,
    batch: (Omit<Pending, "resolve" | "reject"> & Partial<Pick<Pending, "resolve" | "reject">>)[],
  ) {
    const earliest = Math.min(...batch.map((e) => e.t));
    // Only a visit that may still be open is worth a look-up; another process may have stored it.
    const unknown = [...new Set(batch.filter((e) => !e.fresh).map((e) => e.visitor))].filter(
      (v) => !((lastSeen.get(v)?.t ?? -Infinity) > earliest - VISIT_GAP_MS),
    );
    for (let i = 0; i < unknown.length; i += INGEST_BATCH_MAX) {
      for (const row of await latestEvents(
        trx,
        unknown.slice(i, i + INGEST_BATCH_MAX),
        new Date(earliest - VISIT_GAP_MS).toISOString(),
      )) {
        remember(row.visitor, { visit: row.visit, t: Date.parse(row.created_at) });
      }
    }
    const rows = batch.map(({ t, resolve: _r, reject: _j, fresh: _f, ...event }) => {
      const previous = lastSeen.get(event.visitor);
      const continues = previous !== undefined && t - previous.t < VISIT_GAP_MS;
      const visit = continues ? previous.visit : `${event.visitor.slice(0, 16)}.${t.toString(36)}`;
      remember(event.visitor, { visit, t: Math.max(t, previous?.t ?? t) });
      return { ...event, visit, entry: !continues && event.name === "pageview" ? 1 : 0 };
    });
    await trx.insertInto("analytics_events").values(rows).execute();
  }

  function remember(visitor: string, last: { visit: string; t: number }) {
    lastSeen.delete(visitor);
    lastSeen.set(visitor, last);
    // The oldest go first (a Map keeps insertion order); a forgotten visitor is looked up again.
    if (lastSeen.size > VISITOR_CACHE_MAX) lastSeen.delete(lastSeen.keys().next().value!);
  }

  /** Each visitor's latest event since `since`: one row per visitor, off the (visitor, created_at) index. */
  function latestEvents(trx: Kysely<Database>, visitors: string[], since: string) {
    if (database.kind === "postgres") {
      return sql<{
        visitor: string;
        visit: string;
        created_at: string;
      }>`select distinct on (visitor) visitor, visit, created_at from analytics_events
        where visitor in (${sql.join(visitors)}) and created_at >= ${since} order by visitor, created_at desc`
        .execute(trx)
        .then((r) => r.rows);
    }
    // SQLite takes the bare columns from the row that holds the max().
    return sql<{
      visitor: string;
      visit: string;
      created_at: string;
    }>`select visitor, visit, max(created_at) as created_at from analytics_events
      where visitor in (${sql.join(visitors)}) and created_at >= ${since} group by visitor`
      .execute(trx)
      .then((r) => r.rows);
  }

  // A few browsers' user agents make most traffic: isbot's patterns (~10 µs) run once per agent, not per beacon.
  const agents = new Map<string, { bot: boolean; device: AnalyticsDevice }>();
  function agent(userAgent: string) {
    let known = agents.get(userAgent);
    if (!known) {
      known = { bot: userAgent === "" || isbot(userAgent), device: deviceClass(userAgent) };
      if (agents.size >= AGENT_CACHE_MAX) agents.clear();
      agents.set(userAgent, known);
    }
    return known;
  }

  async function visitorOf(t: number, address: string, userAgent: string) {
    return visitorHash(await salts.saltAt(t), address, userAgent, host);
  }

  /** A beacon from a page: refused without a row when invalid, not counted for a bot or Global Privacy Control. */
  async function ingest(request: BeaconRequest): Promise<BeaconOutcome> {
    const browser = agent(request.userAgent);
    if (request.gpc || browser.bot) {
      beacons?.labels("not_counted").inc();
      return "not-counted";
    }
    const parsed = parseBeacon(request.body);
    if (!parsed.ok) {
      refused();
      return "invalid";
    }
    const { beacon } = parsed;
    const t = now();
    const referrer = beacon.referrer && beacon.referrer !== host ? beacon.referrer : null;
    await enqueue({
      t,
      created_at: new Date(t).toISOString(),
      visitor: await visitorOf(t, request.ip, request.userAgent),
      name: beacon.name,
      path: beacon.path,
      referrer_host: referrer,
      utm_source: beacon.utm_source ?? null,
      utm_medium: beacon.utm_medium ?? null,
      utm_campaign: beacon.utm_campaign ?? null,
      demo_ref: beacon.ref ?? null,
      device: browser.device,
      lead_id: null,
      amount_cents: null,
    });
    beacons?.labels("accepted").inc();
    return "accepted";
  }

  function refused() {
    beacons?.labels("refused").inc();
  }

  const goalsUnderWay = new Set<Promise<void>>();
  function recordGoal(goal: Goal): Promise<void> {
    const done = storeGoal(goal);
    goalsUnderWay.add(done);
    void done.finally(() => goalsUnderWay.delete(done));
    return done;
  }

  /** A goal's row, as a beacon's: the lead's source, and the visitor (the sender's, else the lead standing for one). */
  async function goalEvent(
    goal: Goal,
  ): Promise<[Omit<Pending, "resolve" | "reject">, standsInForLead: boolean]> {
    const t = now();
    const lead: GoalSource | undefined = goal.source
      ? goal.source
      : goal.leadId
        ? await db
            .selectFrom("leads")
            .select(["page", "ref", "utm_source", "utm_medium", "utm_campaign"])
            .where("id", "=", goal.leadId)
            .executeTakeFirst()
        : undefined;
    // A visitor's own request joins their visit; otherwise (a webhook, a GPC browser) the lead stands for the visitor.
    const client =
      goal.client && !goal.client.gpc && !agent(goal.client.userAgent).bot ? goal.client : undefined;
    const visitor = client
      ? await visitorOf(t, client.ip, client.userAgent)
      : await visitorOf(t, `lead:${goal.leadId ?? randomUUID()}`, "");
    const event = {
      t,
      created_at: new Date(t).toISOString(),
      visitor,
      name: goal.name,
      path: lead?.page ?? "/",
      referrer_host: null,
      utm_source: lead?.utm_source ?? null,
      utm_medium: lead?.utm_medium ?? null,
      utm_campaign: lead?.utm_campaign ?? null,
      demo_ref: lead?.ref ?? null,
      device: client ? agent(client.userAgent).device : "desktop",
      lead_id: goal.leadId,
      amount_cents: goal.amountCents ?? null,
    };
    return [event, !client];
  }

  async function storeGoal(goal: Goal): Promise<void> {
    try {
      await enqueue((await goalEvent(goal))[0]);
    } catch (err) {
      log.warn({ goal: goal.name, error: errorKind(err) }, "analytics goal not recorded");
    }
  }

  /**
   * A goal written in the caller's own transaction (an inquiry's), so it costs no commit of its
   * own: one commit per inquiry, not two, was 25-30 % of the inquiry rate (reports/bench.md).
   * Its own savepoint: a goal that fails is logged and lost, never the caller's rows.
   */
  async function prepareGoal(goal: Goal): Promise<GoalWrite | undefined> {
    try {
      const [event, standsIn] = await goalEvent(goal);
      // The lead is stored with this goal: a visitor standing for it has no events yet.
      event.fresh = standsIn;
      // SQLite undoes a failed statement alone; PostgreSQL aborts the transaction unless a savepoint is rolled back to.
      const savepoint = database.kind === "postgres";
      return async (trx) => {
        if (savepoint) await sql`savepoint analytics_goal`.execute(trx);
        try {
          await store(trx, [event]);
          if (savepoint) await sql`release analytics_goal`.execute(trx);
        } catch (err) {
          if (savepoint) await sql`rollback to analytics_goal`.execute(trx);
          log.warn({ goal: goal.name, error: errorKind(err) }, "analytics goal not recorded");
        }
      };
    } catch (err) {
      log.warn({ goal: goal.name, error: errorKind(err) }, "analytics goal not recorded");
      return undefined;
    }
  }

  return {
    ingest,
    refused,
    recordGoal,
    prepareGoal,
    salts,
    /** Waits for every queued event's commit (shutdown, tests). */
    async flush() {
      await Promise.allSettled([...goalsUnderWay]);
      while (queue.length > 0 || inFlight.size > 0) {
        pump();
        await new Promise((r) => setImmediate(r));
        await Promise.allSettled([...inFlight]);
      }
    },
  };
}

export type Analytics = ReturnType<typeof createAnalytics>;
