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

  async function hit(client: string, now = Date.now()): Promise<RateDecision> {
    let retryAfterSeconds = 0;
    for (const w of windows) {
      const start = Math.floor(now / w.windowMs) * w.windowMs;
      const key = `${bucket}:${w.windowMs}:${client}:${start}`;
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

  return { hit };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
