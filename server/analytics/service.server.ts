import { analyticsContext, type AnalyticsDeps, type Goal, type GoalWrite } from "./analytics-context.server";
import { flush } from "./event-queue.server";
import { prepareGoal, recordGoal } from "./goals.server";
import { ingest, refused } from "./ingest.server";

/**
 * What capabilities (inquiries, quotes, payments, bookings) get injected, optionally:
 * absent, nothing is recorded. It never throws and never delays the caller's answer
 * beyond the batch it joins; a failure is logged and the goal is lost, not the sale.
 */
export type GoalRecorder = {
  recordGoal(goal: Goal): Promise<void>;
  prepareGoal?(goal: Goal): Promise<GoalWrite | undefined>;
};

/**
 * Cookieless analytics, the collecting side (docs/product.md#analytics): beacons from
 * the pages and goals from the product, written in batches. Every event waits for the
 * commit of its batch before it is answered, so an accepted beacon is a stored row.
 */
export function createAnalytics(deps: AnalyticsDeps) {
  const ctx = analyticsContext(deps);
  return {
    ingest: ingest.bind(null, ctx),
    refused: refused.bind(null, ctx),
    recordGoal: recordGoal.bind(null, ctx),
    prepareGoal: prepareGoal.bind(null, ctx),
    salts: ctx.salts,
    flush: flush.bind(null, ctx),
  };
}

export type Analytics = ReturnType<typeof createAnalytics>;
