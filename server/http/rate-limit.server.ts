import { sql } from "kysely";

import { createBatcher } from "../db/batcher.server";
import type { AppDatabase } from "../db/database.server";

export type RateWindow = { windowMs: number; max: number };
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Hits in one statement at most (SQLite binds 32,766 parameters; three per key). */
const BATCH_MAX_HITS = 1_000;

type Hit = { keys: { key: string; start: number; windowMs: number }[]; now: number };

/**
 * Fixed-window counters kept in the database, so every server process sees
 * the same count for a client. Hits are counted in batches (createBatcher): the
 * hits that arrive while a statement runs share the next, one multi-row upsert
 * (`count + n` per key), and each hit takes its place in its window from the
 * count returned, so a batch decides exactly as the same hits one by one would,
 * across processes too; under load the statements stay one at a time.
 */
export function createRateLimiter(database: AppDatabase, bucket: string, windows: RateWindow[]) {
  const { db } = database;
  let lastSweep = 0;

  const windowOf = (w: RateWindow, client: string, now: number) => {
    const start = Math.floor(now / w.windowMs) * w.windowMs;
    return { start, key: `${bucket}:${w.windowMs}:${client}:${start}` };
  };
  const maxOf = new Map(windows.map((w) => [w.windowMs, w.max]));

  /** Adds the batch's hits per key in one statement; returns each key's count before them. */
  async function addAll(batch: Hit[]): Promise<Map<string, number>> {
    const adds = new Map<string, { n: number; expires: string }>();
    for (const hit of batch)
      for (const k of hit.keys) {
        const seen = adds.get(k.key);
        if (seen) seen.n++;
        else adds.set(k.key, { n: 1, expires: new Date(k.start + k.windowMs).toISOString() });
      }
    const rows = await db
      .insertInto("rate_limits")
      .values([...adds].map(([key, a]) => ({ key, count: a.n, expires_at: a.expires })))
      .onConflict((oc) => oc.column("key").doUpdateSet({ count: sql`rate_limits.count + excluded.count` }))
      .returning(["key", "count"])
      .execute();
    return new Map(rows.map((r) => [r.key, Number(r.count) - adds.get(r.key)!.n]));
  }

  /** Each hit's decision, the hits taking their places in the order they came. */
  const decide = createBatcher(async (batch: Hit[]): Promise<RateDecision[]> => {
    const counted = await addAll(batch);
    return batch.map((hit) => {
      let retryAfterSeconds = 0;
      for (const k of hit.keys) {
        const place = counted.get(k.key)! + 1;
        counted.set(k.key, place);
        if (place > maxOf.get(k.windowMs)!)
          retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil((k.start + k.windowMs - hit.now) / 1000));
      }
      return retryAfterSeconds > 0 ? { allowed: false, retryAfterSeconds } : { allowed: true };
    });
  }, BATCH_MAX_HITS);

  async function hit(client: string, now = Date.now()): Promise<RateDecision> {
    const keys = windows.map((w) => ({ ...windowOf(w, client, now), windowMs: w.windowMs }));
    const answer = await decide({ keys, now });
    if (now - lastSweep > 60_000) {
      lastSweep = now;
      await db.deleteFrom("rate_limits").where("expires_at", "<", new Date(now).toISOString()).execute();
    }
    return answer;
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
