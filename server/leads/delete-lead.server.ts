import { deleteAgreementsOfDeletedLead } from "../quotes/agreement-fingerprint.server";
import { linked, type PrivacyContext } from "./privacy-context.server";

/**
 * Deletes the lead, its timeline, its quotes and the emails about them in
 * one transaction, and unlinks its payments; false when there was no such
 * lead. Quotes are deleted here, not left to the foreign key's cascade.
 * Its care plans lose the client's name and address (Stripe's ids stay).
 * Its invoices, receipts and credit notes (money_documents) stay as issued: the studio
 * must keep them six years (Excise Tax Act s. 286), a retention PIPEDA allows.
 */
export async function deleteLead(ctx: PrivacyContext, id: string) {
  const { db } = ctx;
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
    // The one deletion the database lets take a signed agreement (decision 0049); any other is refused.
    await deleteAgreementsOfDeletedLead(trx, quoteIds);
    if (quoteIds.length) {
      await trx.deleteFrom("quote_care_plans").where("quote_id", "in", quoteIds).execute();
      await trx.deleteFrom("quotes").where("id", "in", quoteIds).execute();
    }
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
    // Its care plans keep Stripe's ids (a live plan's events must still find it) and lose the
    // person's name and address; their invoices and receipts stay as issued, like a quote's.
    // A plan still billing gets the address back from Stripe's next invoice, to send its documents.
    await trx
      .updateTable("plan_subscriptions")
      .set({ email: null, name: null })
      .where("lead_id", "=", id)
      .execute();
    // The studio's notes of work done for the person may name them: the hours stay, the notes go.
    await trx
      .updateTable("plan_hours")
      .set({ note: "" })
      .where(
        "subscription_id",
        "in",
        trx.selectFrom("plan_subscriptions").select("id").where("lead_id", "=", id),
      )
      .execute();
    // Its analytics goals stay counted, no longer tied to the person.
    await trx.updateTable("analytics_events").set({ lead_id: null }).where("lead_id", "=", id).execute();
    const deleted = await trx.deleteFrom("leads").where("id", "=", id).executeTakeFirst();
    return Number(deleted.numDeletedRows) === 1;
  });
}
