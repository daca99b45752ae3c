import type { AppDatabase } from "../db/database.server";
import { startLeasedJob } from "../jobs/lease.server";
import { errorKind, type Logger } from "../logger.server";
import { createRollups } from "./rollup.server";
import type { Salts } from "./salts.server";

export const SALT_ROTATION_JOB = "analytics-salt-rotation";
export const ROLLUP_JOB = "analytics-rollup";

/**
 * The two analytics jobs, each run by one serving process at a time (a lease):
 * yesterday's salt is deleted within minutes of UTC midnight (a new day's beacons
 * already hash with a new one), and roll-ups follow the raw events every minute.
 */
export function startAnalyticsJobs(
  {
    database,
    salts,
    logger,
    now = Date.now,
  }: { database: AppDatabase; salts: Salts; logger: Logger; now?: () => number },
  options?: { timers?: boolean },
) {
  const log = logger.child({ component: "analytics" });
  const onError = (job: string) => (err: Error) =>
    log.error({ job, error: errorKind(err) }, "analytics job failed");
  const rollups = createRollups({ database, now });
  const rotation = startLeasedJob(
    {
      database,
      now,
      name: SALT_ROTATION_JOB,
      everyMs: 5 * 60_000,
      run: async () => {
        const deleted = await salts.rotate(now());
        if (deleted > 0) log.info({ deleted }, "analytics: previous day's salt deleted");
      },
      onError: onError(SALT_ROTATION_JOB),
    },
    options,
  );
  const rollup = startLeasedJob(
    {
      database,
      now,
      name: ROLLUP_JOB,
      everyMs: 60_000,
      run: async () => {
        const { purged } = await rollups.run();
        if (purged > 0) log.info({ purged }, "analytics: raw events past 90 days deleted after roll-up");
      },
      onError: onError(ROLLUP_JOB),
    },
    options,
  );
  return {
    rotation,
    rollup,
    async stop() {
      await Promise.all([rotation.stop(), rollup.stop()]);
    },
  };
}
