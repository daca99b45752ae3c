import { randomUUID } from "node:crypto";

import type { AppDatabase } from "../db/database.server";

/**
 * Periodic jobs (the retention purge) run in exactly one live process, whichever
 * it is: each serving process competes for a lease per job in the database
 * (job_leases), and the holder renews it while it lives. When the holder dies,
 * its lease expires and the next process to ask takes it over. Unlike "worker 1
 * runs it", this survives a worker being replaced (a new process has a new id)
 * and works the same with one process, a cluster, or several machines.
 */

export type JobLeaseOptions = {
  database: AppDatabase;
  job: string;
  /** This process's id (default: a random one per lease). */
  holder?: string;
  /** How long a lease lasts unless renewed: how long a dead holder's job may go unrun. */
  ttlMs: number;
  /** Clock (ms), injectable so tests can move time. */
  now?: () => number;
};

export type LeaseState = { held: false } | { held: true; lastRunAt: string | null };

export function createJobLease({
  database,
  job,
  holder = randomUUID(),
  ttlMs,
  now = Date.now,
}: JobLeaseOptions) {
  const { db } = database;
  return {
    holder,
    /**
     * Takes the lease when nobody holds it or its holder's has expired, renews it when this
     * holder has it: one conditional upsert, so of processes asking at once exactly one gets
     * it (PostgreSQL's ON CONFLICT waits for a concurrent insert of the same job to commit
     * and then checks the condition on that row; SQLite runs one writer at a time).
     */
    async acquire(): Promise<LeaseState> {
      const t = now();
      const expiresAt = new Date(t + ttlMs).toISOString();
      const row = await db
        .insertInto("job_leases")
        .values({ job, holder, expires_at: expiresAt, last_run_at: null })
        .onConflict((oc) =>
          oc
            .column("job")
            .doUpdateSet({ holder, expires_at: expiresAt })
            .where((eb) =>
              eb.or([
                eb("job_leases.holder", "=", holder),
                eb("job_leases.expires_at", "<=", new Date(t).toISOString()),
              ]),
            ),
        )
        .returning(["holder", "last_run_at"])
        .executeTakeFirst();
      return row?.holder === holder ? { held: true, lastRunAt: row.last_run_at } : { held: false };
    },
    /** Records a run started now, if this holder still has the lease; false when it has lost it. */
    async markRun(): Promise<boolean> {
      const result = await db
        .updateTable("job_leases")
        .set({ last_run_at: new Date(now()).toISOString() })
        .where("job", "=", job)
        .where("holder", "=", holder)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Gives the lease up (a clean shutdown), so another process takes the job over at once. */
    async release() {
      await db
        .updateTable("job_leases")
        .set({ expires_at: new Date(0).toISOString() })
        .where("job", "=", job)
        .where("holder", "=", holder)
        .execute();
    },
  };
}

export type JobLease = ReturnType<typeof createJobLease>;

export type LeasedJobOptions = Omit<JobLeaseOptions, "ttlMs" | "job"> & {
  name: string;
  /** How often the job runs (by whichever process holds the lease). */
  everyMs: number;
  /** Lease length; default 60 s. Renewed every ttlMs / 4. */
  ttlMs?: number;
  run: () => Promise<void>;
  onError: (err: Error) => void;
};

export const DEFAULT_LEASE_TTL_MS = 60_000;

/**
 * A periodic job under a lease: every ttlMs / 4 this process asks for (or renews) the lease;
 * the holder runs the job when its last run, by any holder, is everyMs old. `tick` is that
 * step, exposed for tests that move the clock instead of waiting for the timer.
 */
export function startLeasedJob(options: LeasedJobOptions, { timers = true } = {}) {
  const ttlMs = options.ttlMs ?? DEFAULT_LEASE_TTL_MS;
  const now = options.now ?? Date.now;
  const lease = createJobLease({ ...options, job: options.name, ttlMs, now });
  let running: Promise<void> | undefined;
  let stopped = false;

  /** "ran": this process held the lease and ran the job; "held": it held it, the job was not due or still running; "standby": another process holds it. */
  async function tick(): Promise<"ran" | "held" | "standby"> {
    if (stopped) return "standby";
    const state = await lease.acquire();
    if (!state.held) return "standby";
    const due = state.lastRunAt === null || now() - Date.parse(state.lastRunAt) >= options.everyMs;
    // A run longer than a tick keeps renewing the lease, and is not started twice.
    if (!due || running) return "held";
    if (!(await lease.markRun())) return "standby";
    running = options.run().finally(() => (running = undefined));
    await running;
    return "ran";
  }

  const safeTick = () =>
    tick().catch((err: unknown) => options.onError(err instanceof Error ? err : new Error(String(err))));
  let timer: NodeJS.Timeout | undefined;
  if (timers) {
    void safeTick();
    timer = setInterval(safeTick, ttlMs / 4);
    timer.unref();
  }

  return {
    holder: lease.holder,
    tick,
    /** Stops asking, waits for a run in progress, and hands the lease on. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => {});
      await lease.release().catch(() => {});
    },
  };
}
