import type { AppDatabase } from "../db/database.server";
import { createRateLimiter, type RateDecision } from "../http/rate-limit.server";

/**
 * How many beacons one address may send (issue 37, item 4). A person reads a page in
 * seconds, not in milliseconds; an office or a phone network behind one address sends
 * more, so the minute allows a busy NAT and the hour stops a forger's steady stream.
 */
export const BEACON_RATE_LIMITS = [
  { windowMs: 60_000, max: 60 },
  { windowMs: 60 * 60_000, max: 600 },
];

/** Distinct visitors (address + user agent) one address may make in a UTC day, the salt's day. */
export const BEACON_VISITORS_PER_ADDRESS_DAY = 20;

const DAY_MS = 24 * 60 * 60_000;
/** Visitors whose admission this process remembers, so a known visitor's next beacon costs no query. */
const ADMITTED_CACHE_MAX = 50_000;

/**
 * The beacon's limits, kept in the shared `rate_limits` table like every other anonymous
 * write's, so every process counts alike. O(1) per beacon: one upsert per window for the
 * address, and for a visitor this process has not seen today one insert (and, when new,
 * one upsert of the address's visitor count); a known visitor's admission is read from memory.
 */
export function beaconLimits(database: AppDatabase) {
  const { db } = database;
  const perAddress = createRateLimiter(database, "beacon", BEACON_RATE_LIMITS);
  const visitorsPerAddress = createRateLimiter(database, "beacon-visitors", [
    { windowMs: DAY_MS, max: BEACON_VISITORS_PER_ADDRESS_DAY },
  ]);
  // The visitor hash changes with the day's salt, so yesterday's entries simply stop matching.
  const admitted = new Map<string, boolean>();

  /** Whether this visitor may be counted: the first `BEACON_VISITORS_PER_ADDRESS_DAY` of an address's day are, the rest are not. */
  async function visitorAdmitted(address: string, visitor: string, t: number): Promise<boolean> {
    const known = admitted.get(visitor);
    if (known !== undefined) return known;
    const key = `beacon-visitor:${visitor}`;
    const endOfDay = new Date((Math.floor(t / DAY_MS) + 1) * DAY_MS).toISOString();
    const inserted = await db
      .insertInto("rate_limits")
      .values({ key, count: 1, expires_at: endOfDay })
      .onConflict((oc) => oc.column("key").doNothing())
      .returning("key")
      .executeTakeFirst();
    let ok: boolean;
    if (inserted) {
      ok = (await visitorsPerAddress.hit(address, t)).allowed;
      // Marked refused for the day, so another process (or this one, after forgetting) refuses it too.
      if (!ok) await db.updateTable("rate_limits").set({ count: 0 }).where("key", "=", key).execute();
    } else {
      const row = await db
        .selectFrom("rate_limits")
        .select("count")
        .where("key", "=", key)
        .executeTakeFirst();
      ok = !row || Number(row.count) > 0;
    }
    if (admitted.size >= ADMITTED_CACHE_MAX) admitted.clear();
    admitted.set(visitor, ok);
    return ok;
  }

  return {
    /** Counts one beacon against its address's allowance. */
    hit: (address: string, t: number): Promise<RateDecision> => perAddress.hit(address, t),
    visitorAdmitted,
  };
}

export type BeaconLimits = ReturnType<typeof beaconLimits>;
