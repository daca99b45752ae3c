import { startLeasedJob, type LeasedJobOptions } from "../jobs/lease.server";
import { deleteLead } from "./delete-lead.server";
import { exportLead } from "./export-lead.server";
import { privacyContext, type LeadPrivacyDeps } from "./privacy-context.server";
import { purgeClosed, purgeExpired, purgeQuarantined } from "./purge-leads.server";

export { PURGE_BATCH } from "./privacy-context.server";
export { DEFAULT_RETENTION_MONTHS, monthsBefore, QUARANTINE_DAYS } from "./purge-leads.server";

/**
 * A person's data held about one lead (PIPEDA / BC PIPA access and deletion):
 * the inquiry (with its source and privacy-notice columns), its timeline, its
 * quotes, and the emails about it: the inquiry's, the quotes' (to the client)
 * and the client's payment receipts. Payments hold no personal field:
 * deletion keeps them for the accounts (amount, package, status, times,
 * session) and only cuts their link to the lead and its quote. The studio's
 * own "payment received" notice names no client, so it stays with its payment.
 */
export function createLeadPrivacy(deps: LeadPrivacyDeps) {
  const ctx = privacyContext(deps);
  return {
    export: exportLead.bind(null, ctx),
    delete: deleteLead.bind(null, ctx),
    purgeClosed: purgeClosed.bind(null, ctx),
    purgeQuarantined: purgeQuarantined.bind(null, ctx),
    purgeExpired: purgeExpired.bind(null, ctx),
  };
}

export type LeadPrivacy = ReturnType<typeof createLeadPrivacy>;

export const RETENTION_JOB = "retention";

/**
 * Runs the retention purge daily in exactly one of the serving processes: the one
 * holding the job's lease (server/jobs/lease.server.ts); another takes over when it dies.
 */
export function startRetentionJob(
  privacy: LeadPrivacy,
  months: number,
  onResult: (purged: number) => void,
  onError: (err: Error) => void,
  schedule: Omit<LeasedJobOptions, "name" | "everyMs" | "run" | "onError">,
  options?: { timers?: boolean },
) {
  return startLeasedJob(
    {
      ...schedule,
      name: RETENTION_JOB,
      everyMs: 24 * 60 * 60_000,
      run: () => privacy.purgeExpired(months).then(onResult),
      onError,
    },
    options,
  );
}
