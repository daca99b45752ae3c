import { sql, type Kysely } from "kysely";

import type { Database } from "../db/schema";
import {
  INGEST_BATCH_MAX,
  VISIT_GAP_MS,
  VISITOR_CACHE_MAX,
  type AnalyticsContext,
  type Pending,
} from "./analytics-context.server";

/** Assigns each event its visit (the visitor's last event under 30 minutes ago, stored or earlier in the batch), then one INSERT. */
export async function store(
  ctx: AnalyticsContext,
  trx: Kysely<Database>,
  batch: (Omit<Pending, "resolve" | "reject"> & Partial<Pick<Pending, "resolve" | "reject">>)[],
) {
  const { lastSeen } = ctx;
  const earliest = Math.min(...batch.map((e) => e.t));
  // Only a visit that may still be open is worth a look-up; another process may have stored it.
  const unknown = [...new Set(batch.filter((e) => !e.fresh).map((e) => e.visitor))].filter(
    (v) => !((lastSeen.get(v)?.t ?? -Infinity) > earliest - VISIT_GAP_MS),
  );
  for (let i = 0; i < unknown.length; i += INGEST_BATCH_MAX) {
    for (const row of await latestEvents(
      ctx,
      trx,
      unknown.slice(i, i + INGEST_BATCH_MAX),
      new Date(earliest - VISIT_GAP_MS).toISOString(),
    )) {
      remember(ctx, row.visitor, { visit: row.visit, t: Date.parse(row.created_at) });
    }
  }
  const rows = batch.map(({ t, resolve: _r, reject: _j, fresh: _f, ...event }) => {
    const previous = lastSeen.get(event.visitor);
    const continues = previous !== undefined && t - previous.t < VISIT_GAP_MS;
    const visit = continues ? previous.visit : `${event.visitor.slice(0, 16)}.${t.toString(36)}`;
    remember(ctx, event.visitor, { visit, t: Math.max(t, previous?.t ?? t) });
    return { ...event, visit, entry: !continues && event.name === "pageview" ? 1 : 0 };
  });
  await trx.insertInto("analytics_events").values(rows).execute();
}

export function remember(ctx: AnalyticsContext, visitor: string, last: { visit: string; t: number }) {
  const { lastSeen } = ctx;
  lastSeen.delete(visitor);
  lastSeen.set(visitor, last);
  // The oldest go first (a Map keeps insertion order); a forgotten visitor is looked up again.
  if (lastSeen.size > VISITOR_CACHE_MAX) lastSeen.delete(lastSeen.keys().next().value!);
}

/** Each visitor's latest event since `since`: one row per visitor, off the (visitor, created_at) index. */
export function latestEvents(
  ctx: AnalyticsContext,
  trx: Kysely<Database>,
  visitors: string[],
  since: string,
) {
  const { database } = ctx;
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
