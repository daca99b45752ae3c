import { deleteLead } from "./delete-lead.server";
import { type PrivacyContext } from "./privacy-context.server";

/** Closed leads (Won, Lost) are purged this many months after their last step; open ones are kept however old. */
export const DEFAULT_RETENTION_MONTHS = 24;
/** Leads in Spam (quarantined) are purged this long after they came in, unless moved to the inbox. */
export const QUARANTINE_DAYS = 30;

/**
 * The instant `months` calendar months before `now`, at the same time of day, on
 * the same day of the month or that month's last day when it is shorter:
 * Mar 31 less one month is Feb 28 (29 in a leap year), never Mar 3 as
 * `setUTCMonth` would make it. So nothing is purged before a full month has passed.
 */
export function monthsBefore(now: number, months: number) {
  const d = new Date(now);
  const target = new Date(d);
  target.setUTCDate(1);
  target.setUTCMonth(d.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target;
}

/**
 * Deletes closed leads whose last step (received, a status change, a note, a
 * quote's step: lead_activity) is more than `months` ago; returns how many.
 * A lead received long ago but won last week is kept `months` from its win.
 */
export async function purgeClosed(ctx: PrivacyContext, months = DEFAULT_RETENTION_MONTHS) {
  const { db, now, batchSize } = ctx;
  const cutoff = monthsBefore(now(), months).toISOString();
  return purgeBatches(ctx, () =>
    db
      .selectFrom("leads")
      .select("id")
      .where("status", "in", ["won", "lost"])
      .where("created_at", "<", cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("lead_activity")
              .select("lead_activity.id")
              .whereRef("lead_activity.lead_id", "=", "leads.id")
              .where("lead_activity.created_at", ">=", cutoff),
          ),
        ),
      )
      .orderBy("created_at")
      .limit(batchSize)
      .execute(),
  );
}

/** Deletes leads left in Spam more than QUARANTINE_DAYS after they came in; returns how many. */
export async function purgeQuarantined(ctx: PrivacyContext) {
  const { db, now, batchSize } = ctx;
  const cutoff = new Date(now() - QUARANTINE_DAYS * 24 * 60 * 60_000).toISOString();
  return purgeBatches(ctx, () =>
    db
      .selectFrom("leads")
      .select("id")
      .where("quarantine_reason", "is not", null)
      .where("created_at", "<", cutoff)
      .orderBy("created_at")
      .limit(batchSize)
      .execute(),
  );
}

/** The retention job's run: closed leads past `months`, Spam past 30 days, and the acknowledgement log of days gone by. */
export async function purgeExpired(ctx: PrivacyContext, months = DEFAULT_RETENTION_MONTHS) {
  const { db, now } = ctx;
  const closed = await purgeClosed(ctx, months);
  const quarantined = await purgeQuarantined(ctx);
  // Only today's acknowledgements limit anything (notifications.server.ts claimAcknowledgement).
  await db
    .deleteFrom("acknowledgements")
    .where("day", "<", new Date(now()).toISOString().slice(0, 10))
    .execute();
  return closed + quarantined;
}

/** Deletes each lead of a batch (one transaction per lead, as a studio deletion), batch after batch until one comes back short. */
async function purgeBatches(ctx: PrivacyContext, next: () => Promise<{ id: string }[]>) {
  const { batchSize } = ctx;
  let purged = 0;
  for (;;) {
    const ids = (await next()).map((r) => r.id);
    let deleted = 0;
    for (const id of ids) if (await deleteLead(ctx, id)) deleted++;
    purged += deleted;
    // A short batch is the last; a batch where nothing could be deleted (gone meanwhile) must not loop.
    if (ids.length < batchSize || deleted === 0) return purged;
  }
}
