import { sql } from "kysely";

import type { AppDatabase } from "../db/database.server";
import type { RateDecision, RateWindow } from "../http/rate-limit.server";

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
 * The beacon's limits, decided in memory and shared through the `rate_limits` table (see
 * sharedCounts): a beacon costs no statement. A visitor (address + user agent under the day's
 * salt) is counted against its address's day the first time this process sees it; the answer
 * is remembered for the day, so a counted visitor stays counted and a refused one refused.
 * A process that restarts, or another process, counts a visitor again: stricter, never looser.
 */
export function beaconLimits(database: AppDatabase) {
  const perAddress = sharedCounts(database, "beacon", BEACON_RATE_LIMITS);
  const visitorsPerAddress = sharedCounts(database, "beacon-visitors", [
    { windowMs: DAY_MS, max: BEACON_VISITORS_PER_ADDRESS_DAY },
  ]);
  // The visitor hash changes with the day's salt, so yesterday's entries simply stop matching.
  const admitted = new Map<string, boolean>();

  /** Whether this visitor may be counted: the first `BEACON_VISITORS_PER_ADDRESS_DAY` of an address's day are, the rest are not. */
  function visitorAdmitted(address: string, visitor: string, t: number): boolean {
    const known = admitted.get(visitor);
    if (known !== undefined) return known;
    const ok = visitorsPerAddress.hit(address, t).allowed;
    if (admitted.size >= ADMITTED_CACHE_MAX) admitted.clear();
    admitted.set(visitor, ok);
    return ok;
  }

  return {
    /** Counts one beacon against its address's allowance. */
    hit: (address: string, t: number): RateDecision => perAddress.hit(address, t),
    visitorAdmitted,
    /** Writes this process's counts now (tests, shutdown); otherwise they go every SYNC_EVERY_MS. */
    sync: () => Promise.all([perAddress.sync(), visitorsPerAddress.sync()]).then(() => undefined),
  };
}

/** The count from which a process shares an address's window with the others: a quarter of its limit. */
export const shareFrom = (max: number) => Math.ceil(max / 4);

/** Counts written per statement of a sync (three parameters each). */
const SYNC_SLICE = 200;

/** How often a process adds its beacon counts to the shared ones and reads the others' back. */
export const SYNC_EVERY_MS = 1_000;

type Count = { start: number; windowMs: number; max: number; mine: number; sent: number; others: number };

/**
 * Counts per address in fixed windows, decided in memory and shared through `rate_limits` every
 * SYNC_EVERY_MS: a beacon costs no statement (the busiest write path: one statement per
 * beacon took it from ~10,000/s to ~1,800/s, issue 37), and a window counts in the table only
 * once it reaches `shareFrom` its limit. One process (SQLite's) decides exactly; processes on
 * PostgreSQL each add their counts to the same rows and read the others' back, so a stream
 * spread over n processes is held within about a second of their traffic beyond the limit
 * (and, past four processes, a quarter of the limit each). An abuse limit, not a count of
 * money: that is its trade.
 */
function sharedCounts(database: AppDatabase, bucket: string, windows: RateWindow[]) {
  const { db } = database;
  const counts = new Map<string, Count>();
  let timer: NodeJS.Timeout | undefined;
  let syncing: Promise<void> = Promise.resolve();
  // The latest beacon's time: windows that ended before it are forgotten (the clock the beacons carry, not the wall's).
  let latest = 0;

  function hit(address: string, t: number): RateDecision {
    latest = Math.max(latest, t);
    let retryAfterSeconds = 0;
    for (const w of windows) {
      const start = Math.floor(t / w.windowMs) * w.windowMs;
      const key = `${bucket}:${w.windowMs}:${address}:${start}`;
      let c = counts.get(key);
      if (!c) counts.set(key, (c = { start, windowMs: w.windowMs, max: w.max, mine: 0, sent: 0, others: 0 }));
      c.mine++;
      if (c.mine + c.others > c.max)
        retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil((start + w.windowMs - t) / 1000));
    }
    timer ??= setTimeout(() => void sync(), SYNC_EVERY_MS).unref();
    return retryAfterSeconds > 0 ? { allowed: false, retryAfterSeconds } : { allowed: true };
  }

  async function write(now: number) {
    // A count under a quarter of its limit is nobody else's business: nearly every address sends
    // a few beacons, and sharing each one's count wrote more rows than the beacons themselves.
    // Up to four processes stay exact; beyond that, each can pass a quarter more before it shares.
    const due = [...counts].filter(([, c]) => c.mine > c.sent && (c.sent > 0 || c.mine >= shareFrom(c.max)));
    // In slices, the event loop free between them: one statement of 10,000 addresses held
    // SQLite's synchronous driver (and every beacon waiting) for over 100 ms.
    for (let i = 0; i < due.length; i += SYNC_SLICE) {
      const slice = due.slice(i, i + SYNC_SLICE);
      const sending = new Map(slice.map(([key, c]) => [key, c.mine]));
      const rows = await db
        .insertInto("rate_limits")
        .values(
          slice.map(([key, c]) => ({
            key,
            count: c.mine - c.sent,
            expires_at: new Date(c.start + c.windowMs).toISOString(),
          })),
        )
        .onConflict((oc) => oc.column("key").doUpdateSet({ count: sql`rate_limits.count + excluded.count` }))
        .returning(["key", "count"])
        .execute();
      for (const r of rows) {
        const c = counts.get(r.key)!;
        c.sent = sending.get(r.key)!;
        c.others = Number(r.count) - c.sent;
      }
      await new Promise((r) => setImmediate(r));
    }
    for (const [key, c] of counts) if (c.start + c.windowMs <= now) counts.delete(key);
  }

  function sync(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    syncing = syncing
      .then(() => write(latest))
      .catch(() => {
        // The database out of reach: this process keeps deciding alone and adds its counts at the next sync.
      });
    return syncing;
  }

  return { hit, sync };
}

export type BeaconLimits = ReturnType<typeof beaconLimits>;
