import { sql } from "kysely";

import type { AppDatabase } from "../db/database.server";
import type { RateDecision } from "./rate-limit.server";

/**
 * Attempts at a secret (a password, a code, a passkey), reserved before the
 * secret is checked: one conditional upsert in the shared `rate_limits` table
 * takes a slot or refuses, so requests in flight together cannot all pass a
 * check-then-count (issue 27). The window starts at a client's first attempt,
 * not at a clock boundary, and the attempt that fills it starts the lock anew:
 * a lock lasts its whole `windowMs` from the moment it locks. A right answer
 * gives its slot back (`release`), so only failures add up.
 */
export function createAttemptLimiter(
  database: AppDatabase,
  bucket: string,
  limit: { windowMs: number; max: number },
) {
  const { db } = database;
  const keyOf = (client: string) => `${bucket}:${client}`;
  const iso = (ms: number) => new Date(ms).toISOString();

  async function retryAfter(key: string, now: number): Promise<RateDecision> {
    const row = await db
      .selectFrom("rate_limits")
      .select("expires_at")
      .where("key", "=", key)
      .executeTakeFirst();
    const until = row ? new Date(row.expires_at).getTime() : now + limit.windowMs;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) };
  }

  /** Takes one attempt's slot, or refuses when the window's slots are all taken. */
  async function reserve(client: string, now = Date.now()): Promise<RateDecision> {
    const key = keyOf(client);
    const at = iso(now);
    const renewed = iso(now + limit.windowMs);
    // ISO-8601 UTC strings compare in time order as text, on both databases.
    const expired = sql<boolean>`rate_limits.expires_at <= ${at}`;
    const row = await db
      .insertInto("rate_limits")
      .values({ key, count: 1, expires_at: renewed })
      .onConflict((oc) =>
        oc
          .column("key")
          .doUpdateSet({
            count: sql`case when ${expired} then 1 else rate_limits.count + 1 end`,
            expires_at: sql`case when ${expired} or rate_limits.count + 1 >= ${limit.max} then ${renewed} else rate_limits.expires_at end`,
          })
          .where((eb) =>
            eb.or([eb(sql`rate_limits.expires_at`, "<=", at), eb(sql`rate_limits.count`, "<", limit.max)]),
          ),
      )
      .returning("count")
      .executeTakeFirst();
    return row ? { allowed: true } : retryAfter(key, now);
  }

  /** Gives a reserved slot back: the attempt was right (or never reached the check). */
  async function release(client: string, now = Date.now()) {
    await db
      .updateTable("rate_limits")
      .set({ count: sql`count - 1` })
      .where("key", "=", keyOf(client))
      .where("count", ">", 0)
      .where("expires_at", ">", iso(now))
      .execute();
  }

  /** Whether every slot is taken now, without taking one (a step that checks no secret). */
  async function blocked(client: string, now = Date.now()): Promise<RateDecision> {
    const key = keyOf(client);
    const row = await db
      .selectFrom("rate_limits")
      .select(["count", "expires_at"])
      .where("key", "=", key)
      .executeTakeFirst();
    if (!row || Number(row.count) < limit.max || row.expires_at <= iso(now)) return { allowed: true };
    return retryAfter(key, now);
  }

  /** Forgets the client's attempts (an owner lifting a lock); 1 when failures were counted, else 0. */
  async function clear(client: string): Promise<number> {
    const removed = await db
      .deleteFrom("rate_limits")
      .where("key", "=", keyOf(client))
      .returning("count")
      .execute();
    // A row whose slots were all given back held no failure.
    return removed.filter((r) => Number(r.count) > 0).length;
  }

  /** Forgets the attempts of every client whose key starts with `prefix` (an account's, from each address). */
  async function clearStartingWith(prefix: string): Promise<number> {
    const start = keyOf(prefix);
    // Compared as text, not LIKE, since keys may hold "_" (as the rate limiter's clear).
    const removed = await db
      .deleteFrom("rate_limits")
      .where(sql<string>`substr(key, 1, ${start.length})`, "=", start)
      .returning("count")
      .execute();
    return removed.filter((r) => Number(r.count) > 0).length;
  }

  return { reserve, release, blocked, clear, clearStartingWith };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
