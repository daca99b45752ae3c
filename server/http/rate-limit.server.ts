import { sql } from "kysely";

import type { AppDatabase } from "../db/database.server";

export type RateWindow = { windowMs: number; max: number };
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window counters kept in the database, so every server process sees
 * the same count for a client. One upsert per window per request.
 */
export function createRateLimiter(database: AppDatabase, bucket: string, windows: RateWindow[]) {
  const { db } = database;
  let lastSweep = 0;

  const windowOf = (w: RateWindow, client: string, now: number) => {
    const start = Math.floor(now / w.windowMs) * w.windowMs;
    return { start, key: `${bucket}:${w.windowMs}:${client}:${start}` };
  };

  async function hit(client: string, now = Date.now()): Promise<RateDecision> {
    let retryAfterSeconds = 0;
    for (const w of windows) {
      const { start, key } = windowOf(w, client, now);
      const expiresAt = new Date(start + w.windowMs).toISOString();
      const row = await db
        .insertInto("rate_limits")
        .values({ key, count: 1, expires_at: expiresAt })
        .onConflict((oc) => oc.column("key").doUpdateSet({ count: sql`rate_limits.count + 1` }))
        .returning("count")
        .executeTakeFirstOrThrow();
      if (Number(row.count) > w.max) {
        retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil((start + w.windowMs - now) / 1000));
      }
    }
    if (now - lastSweep > 60_000) {
      lastSweep = now;
      await db.deleteFrom("rate_limits").where("expires_at", "<", new Date(now).toISOString()).execute();
    }
    return retryAfterSeconds > 0 ? { allowed: false, retryAfterSeconds } : { allowed: true };
  }

  /** Whether the client is over a limit now, without counting a hit (failure counters check this first). */
  async function blocked(client: string, now = Date.now()): Promise<RateDecision> {
    let retryAfterSeconds = 0;
    for (const w of windows) {
      const { start, key } = windowOf(w, client, now);
      const row = await db
        .selectFrom("rate_limits")
        .select("count")
        .where("key", "=", key)
        .executeTakeFirst();
      if (row && Number(row.count) >= w.max)
        retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil((start + w.windowMs - now) / 1000));
    }
    return retryAfterSeconds > 0 ? { allowed: false, retryAfterSeconds } : { allowed: true };
  }

  /** Forgets the client's counts in every window, current or not (an owner lifting a lock). */
  async function clear(client: string): Promise<number> {
    let cleared = 0;
    for (const w of windows) {
      // The key's start is the window's, so a prefix names them all; compared as text, not LIKE, since keys may hold "_".
      const prefix = `${bucket}:${w.windowMs}:${client}:`;
      const result = await db
        .deleteFrom("rate_limits")
        .where(sql<string>`substr(key, 1, ${prefix.length})`, "=", prefix)
        .executeTakeFirst();
      cleared += Number(result.numDeletedRows);
    }
    return cleared;
  }

  return { hit, blocked, clear };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
