import type { Kysely } from "kysely";

import { parseLines, quoteReference } from "~/shared/quote-model";

import { CREDIT_NOTE_SUBJECT } from "../billing/refunds.server";
import { BOOKING_SUBJECT } from "../booking/notifications.server";
import type { AppDatabase } from "../db/database.server";
import type { Database } from "../db/schema";
import { INQUIRY_SUBJECT } from "../inquiries/notifications.server";
import { startLeasedJob, type LeasedJobOptions } from "../jobs/lease.server";
import { PAYMENT_SUBJECT } from "../payments/notifications.server";
import { QUOTE_SUBJECT, RECEIPT_EMAIL } from "../quotes/notifications.server";

/** Closed leads (Won, Lost) are purged this many months after their last step; open ones are kept however old. */
export const DEFAULT_RETENTION_MONTHS = 24;
/** Leads in Spam (quarantined) are purged this long after they came in, unless moved to the inbox. */
export const QUARANTINE_DAYS = 30;
/** Leads deleted per query; a purge goes on batch after batch until none is left. */
export const PURGE_BATCH = 500;

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
 * A person's data held about one lead (PIPEDA / BC PIPA access and deletion):
 * the inquiry (with its source and privacy-notice columns), its timeline, its
 * quotes, and the emails about it: the inquiry's, the quotes' (to the client)
 * and the client's payment receipts. Payments hold no personal field:
 * deletion keeps them for the accounts (amount, package, status, times,
 * session) and only cuts their link to the lead and its quote. The studio's
 * own "payment received" notice names no client, so it stays with its payment.
 */
export function createLeadPrivacy({
  database,
  now = Date.now,
  batchSize = PURGE_BATCH,
}: {
  database: AppDatabase;
  now?: () => number;
  batchSize?: number;
}) {
  const { db } = database;

  /** The lead's quotes and calls, the payments made through it, and the outbox rows of emails about it. */
  async function linked(executor: Kysely<Database>, id: string) {
    const quoteIds = (
      await executor.selectFrom("quotes").select("id").where("lead_id", "=", id).execute()
    ).map((q) => q.id);
    const bookingIds = (
      await executor.selectFrom("bookings").select("id").where("lead_id", "=", id).execute()
    ).map((b) => b.id);
    const payments = executor
      .selectFrom("payments")
      .where((eb) =>
        eb.or([eb("lead_id", "=", id), ...(quoteIds.length ? [eb("quote_id", "in", quoteIds)] : [])]),
      );
    const paymentIds = (await payments.select("id").execute()).map((p) => p.id);
    const creditNoteIds = (
      await executor
        .selectFrom("money_documents")
        .select("id")
        .where("lead_id", "=", id)
        .where("kind", "=", "credit_note")
        .execute()
    ).map((d) => d.id);
    const emails = executor.selectFrom("outbox").where((eb) =>
      eb.or([
        eb.and([eb("subject_type", "=", INQUIRY_SUBJECT), eb("subject_id", "=", id)]),
        ...(quoteIds.length
          ? [eb.and([eb("subject_type", "=", QUOTE_SUBJECT), eb("subject_id", "in", quoteIds)])]
          : []),
        ...(paymentIds.length
          ? [
              eb.and([
                eb("subject_type", "=", PAYMENT_SUBJECT),
                eb("channel", "=", RECEIPT_EMAIL),
                eb("subject_id", "in", paymentIds),
              ]),
            ]
          : []),
        // A credit note stays (a tax record); its email to the person does not go out once they are deleted.
        ...(creditNoteIds.length
          ? [eb.and([eb("subject_type", "=", CREDIT_NOTE_SUBJECT), eb("subject_id", "in", creditNoteIds)])]
          : []),
        // A call's emails (confirmation, reminders, a cancellation) would otherwise still go to a person deleted.
        ...(bookingIds.length
          ? [eb.and([eb("subject_type", "=", BOOKING_SUBJECT), eb("subject_id", "in", bookingIds)])]
          : []),
      ]),
    );
    return { quoteIds, bookingIds, paymentIds, emails };
  }

  const privacy = {
    async export(id: string) {
      const row = await db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return undefined;
      // search_text is a folded copy of fields the export already holds.
      const { search_text: _s, ...lead } = row;
      const { paymentIds, emails } = await linked(db, id);
      const [activity, quotes, notifications, payments, documents, agreements, calls, refunds] =
        await Promise.all([
          db
            .selectFrom("lead_activity")
            .select(["kind", "from_status", "to_status", "body", "actor_email", "created_at"])
            .where("lead_id", "=", id)
            .orderBy("created_at")
            .execute(),
          // Everything but the token: the client's bearer link to pay does not belong in a file that gets passed around.
          db.selectFrom("quotes").selectAll().where("lead_id", "=", id).orderBy("created_at").execute(),
          emails
            .select([
              "subject_type",
              "channel",
              "status",
              "attempts",
              "last_error",
              "created_at",
              "delivered_at",
            ])
            .orderBy("created_at")
            .orderBy("channel")
            .execute(),
          paymentIds.length
            ? db
                .selectFrom("payments")
                .select(["package", "kind", "amount_cents", "currency", "status", "created_at", "paid_at"])
                .where("id", "in", paymentIds)
                .orderBy("created_at")
                .execute()
            : [],
          db
            .selectFrom("money_documents")
            .select([
              "kind",
              "number",
              "payment_kind",
              "amount_cents",
              "taxes",
              "buyer_name",
              "status",
              "issued_at",
            ])
            .where("lead_id", "=", id)
            .orderBy("issued_at")
            .execute(),
          // The client's signatures: who signed, when, with what browser, and the content they signed.
          db.selectFrom("agreements").selectAll().where("lead_id", "=", id).orderBy("signed_at").execute(),
          // Everything but the hash of the visitor's manage link.
          db
            .selectFrom("bookings")
            .select([
              "starts_at",
              "ends_at",
              "status",
              "time_zone",
              "topic",
              "company",
              "rescheduled_from",
              "cancelled_at",
              "cancelled_by",
              "held_at",
              "created_at",
            ])
            .where("lead_id", "=", id)
            .orderBy("starts_at")
            .execute(),
          // The refunds asked for the person, with the studio's reason for each.
          db
            .selectFrom("refunds")
            .select([
              "amount_cents",
              "reason",
              "status",
              "provider_status",
              "failure_reason",
              "created_at",
              "settled_at",
            ])
            .where("lead_id", "=", id)
            .orderBy("created_at")
            .execute(),
        ]);
      return {
        exportedAt: new Date(now()).toISOString(),
        inquiry: lead,
        activity,
        quotes: quotes.map(({ token: _token, lines, ...q }) => ({
          ...q,
          reference: quoteReference(q.id),
          lines: parseLines({ lines }),
        })),
        notifications,
        payments,
        // Invoices and receipts issued to the person: kept after a deletion, as tax law requires (docs/product.md#invoices-and-receipts).
        documents,
        agreements: agreements.map(({ content, ...a }) => ({
          ...a,
          content: JSON.parse(content) as unknown,
        })),
        calls,
        refunds,
      };
    },

    /**
     * Deletes the lead, its timeline, its quotes and the emails about them in
     * one transaction, and unlinks its payments; false when there was no such
     * lead. Quotes are deleted here, not left to the foreign key's cascade.
     * Its invoices, receipts and credit notes (money_documents) stay as issued: the studio
     * must keep them six years (Excise Tax Act s. 286), a retention PIPEDA allows.
     */
    async delete(id: string) {
      return db.transaction().execute(async (trx) => {
        const { quoteIds, bookingIds, paymentIds, emails } = await linked(trx, id);
        const outboxIds = (await emails.select("id").execute()).map((r) => r.id);
        if (outboxIds.length) await trx.deleteFrom("outbox").where("id", "in", outboxIds).execute();
        if (paymentIds.length)
          await trx
            .updateTable("payments")
            .set({ lead_id: null, quote_id: null })
            .where("id", "in", paymentIds)
            .execute();
        if (quoteIds.length) await trx.deleteFrom("quotes").where("id", "in", quoteIds).execute();
        if (bookingIds.length) await trx.deleteFrom("bookings").where("id", "in", bookingIds).execute();
        // A refund's reason is the studio's free text about the person: a settled one's lives on in its credit note (kept), a failed
        // one's goes; one still at the provider keeps it for its credit note, and loses it once settled (refunds.server.ts).
        await trx
          .updateTable("refunds")
          .set({ reason: "" })
          .where("lead_id", "=", id)
          .where("status", "!=", "requested")
          .execute();
        await trx.deleteFrom("lead_activity").where("lead_id", "=", id).execute();
        // Its analytics goals stay counted, no longer tied to the person.
        await trx.updateTable("analytics_events").set({ lead_id: null }).where("lead_id", "=", id).execute();
        const deleted = await trx.deleteFrom("leads").where("id", "=", id).executeTakeFirst();
        return Number(deleted.numDeletedRows) === 1;
      });
    },

    /**
     * Deletes closed leads whose last step (received, a status change, a note, a
     * quote's step: lead_activity) is more than `months` ago; returns how many.
     * A lead received long ago but won last week is kept `months` from its win.
     */
    async purgeClosed(months = DEFAULT_RETENTION_MONTHS) {
      const cutoff = monthsBefore(now(), months).toISOString();
      return purgeBatches(() =>
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
    },

    /** Deletes leads left in Spam more than QUARANTINE_DAYS after they came in; returns how many. */
    async purgeQuarantined() {
      const cutoff = new Date(now() - QUARANTINE_DAYS * 24 * 60 * 60_000).toISOString();
      return purgeBatches(() =>
        db
          .selectFrom("leads")
          .select("id")
          .where("quarantine_reason", "is not", null)
          .where("created_at", "<", cutoff)
          .orderBy("created_at")
          .limit(batchSize)
          .execute(),
      );
    },

    /** The retention job's run: closed leads past `months`, Spam past 30 days, and the acknowledgement log of days gone by. */
    async purgeExpired(months = DEFAULT_RETENTION_MONTHS) {
      const closed = await this.purgeClosed(months);
      const quarantined = await this.purgeQuarantined();
      // Only today's acknowledgements limit anything (notifications.server.ts claimAcknowledgement).
      await db
        .deleteFrom("acknowledgements")
        .where("day", "<", new Date(now()).toISOString().slice(0, 10))
        .execute();
      return closed + quarantined;
    },
  };

  /** Deletes each lead of a batch (one transaction per lead, as a studio deletion), batch after batch until one comes back short. */
  async function purgeBatches(next: () => Promise<{ id: string }[]>) {
    let purged = 0;
    for (;;) {
      const ids = (await next()).map((r) => r.id);
      let deleted = 0;
      for (const id of ids) if (await privacy.delete(id)) deleted++;
      purged += deleted;
      // A short batch is the last; a batch where nothing could be deleted (gone meanwhile) must not loop.
      if (ids.length < batchSize || deleted === 0) return purged;
    }
  }

  return privacy;
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
