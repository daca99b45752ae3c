import { randomUUID } from "node:crypto";
import { sql } from "kysely";

import { errorKind } from "../logger.server";
import {
  type AnalyticsContext,
  type Goal,
  type GoalSource,
  type GoalWrite,
  type Pending,
} from "./analytics-context.server";
import { enqueue } from "./event-queue.server";
import { agent, visitorOf } from "./ingest.server";
import { store } from "./store-events.server";

export function recordGoal(ctx: AnalyticsContext, goal: Goal): Promise<void> {
  const { goalsUnderWay } = ctx;
  const done = storeGoal(ctx, goal);
  goalsUnderWay.add(done);
  void done.finally(() => goalsUnderWay.delete(done));
  return done;
}

/** A goal's row, as a beacon's: the lead's source, and the visitor (the sender's, else the lead standing for one). */
export async function goalEvent(
  ctx: AnalyticsContext,
  goal: Goal,
): Promise<[Omit<Pending, "resolve" | "reject">, standsInForLead: boolean]> {
  const { now, db } = ctx;
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
    goal.client && !goal.client.gpc && !agent(ctx, goal.client.userAgent).bot ? goal.client : undefined;
  const visitor = client
    ? await visitorOf(ctx, t, client.ip, client.userAgent)
    : await visitorOf(ctx, t, `lead:${goal.leadId ?? randomUUID()}`, "");
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
    device: client ? agent(ctx, client.userAgent).device : "desktop",
    lead_id: goal.leadId,
    amount_cents: goal.amountCents ?? null,
  };
  return [event, !client];
}

export async function storeGoal(ctx: AnalyticsContext, goal: Goal): Promise<void> {
  const { log } = ctx;
  try {
    await enqueue(ctx, (await goalEvent(ctx, goal))[0]);
  } catch (err) {
    log.warn({ goal: goal.name, error: errorKind(err) }, "analytics goal not recorded");
  }
}

/**
 * A goal written in the caller's own transaction (an inquiry's), so it costs no commit of its
 * own: one commit per inquiry, not two, was 25-30 % of the inquiry rate (reports/bench.md).
 * Its own savepoint: a goal that fails is logged and lost, never the caller's rows.
 */
export async function prepareGoal(ctx: AnalyticsContext, goal: Goal): Promise<GoalWrite | undefined> {
  const { database, log } = ctx;
  try {
    const [event, standsIn] = await goalEvent(ctx, goal);
    // The lead is stored with this goal: a visitor standing for it has no events yet.
    event.fresh = standsIn;
    // SQLite undoes a failed statement alone; PostgreSQL aborts the transaction unless a savepoint is rolled back to.
    const savepoint = database.kind === "postgres";
    return async (trx) => {
      if (savepoint) await sql`savepoint analytics_goal`.execute(trx);
      try {
        await store(ctx, trx, [event]);
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
