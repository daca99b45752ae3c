import { sql, type Transaction } from "kysely";

import type { AppDatabase } from "./database.server";
import { oneWriter } from "./dialect";
import type { Database } from "./schema";

/**
 * Group commit for SQLite (decisions 0021, 0043): the writes asked for while the process
 * waits for the write lock share one transaction. Each is still all or nothing (a savepoint
 * of its own), and its promise settles only after the commit, so an answer never promises a
 * row that is not stored.
 *
 * Why, in the one process SQLite serves: a commit costs more than the rows in it. The
 * full-text index writes a new segment per transaction and the same table and index pages go
 * to the WAL again: an inquiry alone cost 300 µs of SQLite, four in one transaction 126 µs
 * each; one process went from 2,369-2,430 to 3,661-3,683 inquiries/s
 * (reports/sqlite-inquiries.md). On PostgreSQL, whose transactions run side by side, each
 * write is an ordinary transaction.
 */
export type GroupCommit = {
  run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
};

/** At most this many writes share a transaction, so one commit's wait stays short. */
export const GROUP_COMMIT_MAX = 32;

type Job = {
  work: (trx: Transaction<Database>) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
};

// One per database in a process: every capability's writes share its transactions, so an
// inquiry and its analytics goal take one turn at the write lock, not two (reports/bench.md).
const shared = new WeakMap<object, GroupCommit>();

export function createGroupCommit(
  database: Pick<AppDatabase, "db" | "kind">,
  max = GROUP_COMMIT_MAX,
): GroupCommit {
  const { db } = database;
  if (!oneWriter(database)) return { run: (work) => db.transaction().execute(work) };
  if (max === GROUP_COMMIT_MAX) {
    const existing = shared.get(db);
    if (existing) return existing;
  }
  const commit = groupCommit(db, max);
  if (max === GROUP_COMMIT_MAX) shared.set(db, commit);
  return commit;
}

function groupCommit(db: AppDatabase["db"], max: number): GroupCommit {
  const queue: Job[] = [];
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };

  /** The next batch, taken once the lock is held, so what arrived while this process waited for it joins. */
  function take() {
    scheduled = false;
    const jobs = queue.splice(0, max);
    if (queue.length > 0) schedule();
    return jobs;
  }

  function flush() {
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    let jobs: Job[] | undefined;
    db.transaction()
      .execute(async (trx) => {
        jobs = take();
        if (jobs.length === 1) {
          // Alone: the transaction is its all or nothing.
          outcomes.push({ ok: true, value: await jobs[0]!.work(trx) });
          return;
        }
        for (const job of jobs) {
          await sql`savepoint grouped`.execute(trx);
          try {
            const value = await job.work(trx);
            await sql`release grouped`.execute(trx);
            outcomes.push({ ok: true, value });
          } catch (error) {
            await sql`rollback to grouped`.execute(trx);
            await sql`release grouped`.execute(trx);
            outcomes.push({ ok: false, error });
          }
        }
      })
      .then(
        () => jobs!.forEach((job, i) => settle(job, outcomes[i]!)),
        // Nothing was stored: the lock wait ran out, the disk is full, the database went away
        // (before the batch was taken, when the transaction could not begin).
        (error: unknown) => (jobs ?? take()).forEach((job) => job.reject(error)),
      );
  }

  return {
    run<T>(work: (trx: Transaction<Database>) => Promise<T>) {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
  };
}

function settle(job: Job, outcome: { ok: true; value: unknown } | { ok: false; error: unknown }) {
  if (outcome.ok) job.resolve(outcome.value);
  else job.reject(outcome.error);
}
