import type { AppDatabase } from "../db/database.server";
import { INQUIRY_SUBJECT } from "../inquiries/notifications.server";

/** Closed leads (Won, Lost) older than this many months are purged; open ones are kept however old. */
export const DEFAULT_RETENTION_MONTHS = 24;

/**
 * A person's data held about one lead (PIPEDA / BC PIPA access and deletion):
 * the inquiry (with its source and privacy-notice columns), its timeline and its
 * notifications, and the payments linked to it. Payments hold no personal field:
 * deletion keeps them for the accounts and only cuts their link to the lead.
 */
export function createLeadPrivacy({ database, now = Date.now }: { database: AppDatabase; now?: () => number }) {
  const { db } = database;

  return {
    async export(id: string) {
      const lead = await db.selectFrom("inquiries").selectAll().where("id", "=", id).executeTakeFirst();
      if (!lead) return undefined;
      const [activity, notifications, payments] = await Promise.all([
        db.selectFrom("lead_activity").select(["kind", "from_status", "to_status", "body", "actor_email", "created_at"]).where("inquiry_id", "=", id).orderBy("created_at").execute(),
        db.selectFrom("outbox").select(["channel", "status", "attempts", "created_at", "delivered_at"]).where("subject_type", "=", INQUIRY_SUBJECT).where("subject_id", "=", id).execute(),
        db.selectFrom("payments").select(["package", "kind", "amount_cents", "currency", "status", "created_at", "paid_at"]).where("inquiry_id", "=", id).orderBy("created_at").execute(),
      ]);
      return { exportedAt: new Date(now()).toISOString(), inquiry: lead, activity, notifications, payments };
    },

    /** Deletes the lead, its timeline and its notifications in one transaction; false when there was no such lead. */
    async delete(id: string) {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom("outbox").where("subject_type", "=", INQUIRY_SUBJECT).where("subject_id", "=", id).execute();
        await trx.deleteFrom("lead_activity").where("inquiry_id", "=", id).execute();
        await trx.updateTable("payments").set({ inquiry_id: null }).where("inquiry_id", "=", id).execute();
        const deleted = await trx.deleteFrom("inquiries").where("id", "=", id).executeTakeFirst();
        return Number(deleted.numDeletedRows) === 1;
      });
    },

    /** Deletes closed leads received more than `months` ago; returns how many. */
    async purgeClosed(months = DEFAULT_RETENTION_MONTHS) {
      const cutoff = new Date(now());
      cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
      const ids = (
        await db.selectFrom("inquiries").select("id").where("status", "in", ["won", "lost"]).where("created_at", "<", cutoff.toISOString()).limit(500).execute()
      ).map((r) => r.id);
      let purged = 0;
      for (const id of ids) if (await this.delete(id)) purged++;
      return purged;
    },
  };
}

export type LeadPrivacy = ReturnType<typeof createLeadPrivacy>;

/** Runs the retention purge at start-up and then daily, in the process that serves (index.ts). */
export function startRetentionJob(privacy: LeadPrivacy, months: number, onResult: (purged: number) => void, onError: (err: Error) => void) {
  const run = () => privacy.purgeClosed(months).then(onResult, onError);
  void run();
  const timer = setInterval(run, 24 * 60 * 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
