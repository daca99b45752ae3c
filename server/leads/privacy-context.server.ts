import type { Kysely } from "kysely";

import { CREDIT_NOTE_SUBJECT } from "../billing/refunds.server";
import { BOOKING_SUBJECT } from "../booking/notifications.server";
import type { AppDatabase } from "../db/database.server";
import type { Database } from "../db/schema";
import { INQUIRY_SUBJECT } from "../inquiries/notifications.server";
import { PAYMENT_SUBJECT } from "../payments/notifications.server";
import { QUOTE_SUBJECT, RECEIPT_EMAIL } from "../quotes/notifications.server";

/** Leads deleted per query; a purge goes on batch after batch until none is left. */
export const PURGE_BATCH = 500;

export type LeadPrivacyDeps = {
  database: AppDatabase;
  now?: () => number;
  batchSize?: number;
};

/** What the export, the deletion and the purges work with: the database, the clock and the purge's batch size. */
export function privacyContext({ database, now = Date.now, batchSize = PURGE_BATCH }: LeadPrivacyDeps) {
  return { database, db: database.db, now, batchSize };
}

export type PrivacyContext = ReturnType<typeof privacyContext>;

/** The lead's quotes and calls, the payments made through it, and the outbox rows of emails about it. */
export async function linked(executor: Kysely<Database>, id: string) {
  const quoteIds = (await executor.selectFrom("quotes").select("id").where("lead_id", "=", id).execute()).map(
    (q) => q.id,
  );
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
