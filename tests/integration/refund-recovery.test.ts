import { beforeEach, describe, expect, it } from "vitest";

import {
  createQuoteRefunds,
  CREDIT_NOTE_SUBJECT,
  REFUND_STUCK_AFTER_MS,
  startRefundRecoveryJob,
} from "../../server/billing/refunds.server";
import type { LeadActivityKind } from "../../server/db/schema";
import { createLeadPrivacy } from "../../server/leads/privacy.server";
import type { RefundRequests } from "../../server/payments/service.server";
import type { FakeSmtp } from "../fakes/smtp";
import type { FakeStripeApi } from "../fakes/stripe-api";
import { testDatabaseKind } from "../helpers/databases";
import { ACTOR, refundsSuite, type RefundsHarness as Harness } from "../helpers/refunds";

/**
 * Decision 0038: a refund is never left half-way, and no credit note is issued
 * for money that did not go back. A process that dies between Stripe's answer
 * and its write is finished by the leased recovery job; a refund Stripe holds
 * pending waits for refund.updated, and one it fails gives the claim back.
 */
describe(`refunds stuck, pending or failed at Stripe, on ${testDatabaseKind}`, () => {
  const suite = refundsSuite();
  let stripe: FakeStripeApi;
  let smtp: FakeSmtp;
  let h: Harness;
  beforeEach(() => ({ stripe, smtp, h } = suite));

  /**
   * The refunds module of a process that dies at `when`: after Stripe answered the refund (before the
   * credit note's write) or before the ask left. Its refund() never returns, as a killed process's would not.
   */
  function dyingRefunds(when: "after the provider" | "before the provider") {
    let answered!: () => void;
    const stripeAnswered = new Promise<void>((resolve) => (answered = resolve));
    const payments: Pick<RefundRequests, "refundPart" | "refundState"> = {
      refundState: h.payments.service.refundState,
      async refundPart(payment, refund) {
        if (when === "after the provider") await h.payments.service.refundPart(payment, refund);
        answered();
        return new Promise<never>(() => {});
      },
    };
    return {
      refunds: createQuoteRefunds({
        database: h.database,
        payments,
        timeline: h.timeline,
        logger: h.logger,
        now: h.now,
      }),
      stripeAnswered,
    };
  }

  const job = (holder: string) =>
    startRefundRecoveryJob(
      {
        database: h.database,
        refunds: h.refunds,
        now: h.now,
        holder,
        onError: (err) => expect.fail(err.message),
      },
      { timers: false },
    );
  const refundRows = () => h.database.db.selectFrom("refunds").selectAll().orderBy("created_at").execute();
  async function creditNoteEmails() {
    while ((await h.worker.runOnce()).claimed > 0);
    return smtp.messages.filter((m) => /credit note C2026-/.test(`${m.subject}\n${m.text}`));
  }
  const timeline = (leadId: string, kind: LeadActivityKind) =>
    h.database.db
      .selectFrom("lead_activity")
      .select(["body", "actor_email"])
      .where("lead_id", "=", leadId)
      .where("kind", "=", kind)
      .execute();
  const refundEvent = (id: string, object: Record<string, unknown>, type = "refund.updated") =>
    h.signedEvent(id, type, object);

  it("a refund whose process died after Stripe took it is finished by the recovery job, once, with the same key: one credit note, one email, though two job instances and a second pass race", async () => {
    const { inquiryId, payment } = await h.paidDeposit();
    const dying = dyingRefunds("after the provider");
    void dying.refunds.refund(inquiryId, h.form(payment.id, "250.00"), ACTOR);
    await dying.stripeAnswered;

    // Stripe gave the money back; the database still says requested, holding the claim, with no credit note.
    expect(stripe.refunds.filter((r) => r.metadata.payment_id === payment.id).map((r) => r.amount)).toEqual([
      25_000,
    ]);
    const [stuck] = await refundRows();
    expect(stuck).toMatchObject({ status: "requested", provider_status: null, credit_note_id: null });
    expect(await h.paymentRow(payment.id)).toMatchObject({ refund_claimed_cents: 25_000, refunded_cents: 0 });

    // Not yet stuck: a refund being asked right now is left to its own request.
    const [a, b] = [job("worker-a"), job("worker-b")];
    expect((await Promise.all([a.tick(), b.tick()])).sort()).toEqual(["ran", "standby"]);
    expect(await h.creditNotes()).toEqual([]);

    // Past REFUND_STUCK_AFTER_MS (and the job's interval): the lease holder asks Stripe again with the same key.
    h.clock.now += REFUND_STUCK_AFTER_MS + 60_000;
    const ticks = await Promise.all([a.tick(), b.tick(), h.refunds.recoverStuck()]);
    expect(ticks.slice(0, 2).sort()).toEqual(["ran", "standby"]);
    await h.refunds.recoverStuck();
    const keys = h.stripeRefunds().map((r) => r.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set([`refund-${stuck!.id}`]));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(stripe.refunds.filter((r) => r.metadata.payment_id === payment.id)).toHaveLength(1);

    const notes = await h.creditNotes();
    expect(notes.map((n) => [n.number, Number(n.amount_cents)])).toEqual([["C2026-0001", 25_000]]);
    expect(await refundRows()).toEqual([
      expect.objectContaining({
        status: "succeeded",
        provider_status: "succeeded",
        provider_refund_id: stripe.refunds[stripe.refunds.length - 1]!.id,
        credit_note_id: notes[0]!.id,
      }),
    ]);
    expect(await h.paymentRow(payment.id)).toMatchObject({
      refund_claimed_cents: 25_000,
      refunded_cents: 25_000,
    });
    expect(await timeline(inquiryId, "quote-refunded")).toEqual([
      { body: expect.stringContaining("refunded $250.00 (credit note C2026-0001)"), actor_email: ACTOR },
    ]);
    // A delivery another worker of the run claimed may still be on its way: polled, not read once.
    await expect.poll(() => creditNoteEmails(), { timeout: 30_000 }).toHaveLength(1);
    await Promise.all([a.stop(), b.stop()]);
  });

  it("a refund whose ask never reached Stripe is made by the job; one Stripe refuses is failed with its claim given back; one it cannot reach waits for the next pass", async () => {
    const made = await h.paidDeposit();
    const refused = await h.paidDeposit();
    const unreachable = await h.paidDeposit();
    for (const deal of [made, refused, unreachable]) {
      const dying = dyingRefunds("before the provider");
      void dying.refunds.refund(deal.inquiryId, h.form(deal.payment.id, "100.00"), ACTOR);
      await dying.stripeAnswered;
      h.clock.now += 1_000;
    }
    const deals = new Set([made, refused, unreachable].map((d) => d.payment.id));
    expect(stripe.refunds.filter((r) => deals.has(r.metadata.payment_id!))).toHaveLength(0);
    h.clock.now += REFUND_STUCK_AFTER_MS;
    const [first, second, third] = await refundRows();

    // The first is made; Stripe refuses the second (400); the third meets a Stripe that is down (500, and the SDK's two retries).
    const faults = new Map([
      [second!.id, () => stripe.failNextRequest(400, "This charge has been refunded in the dashboard")],
      [third!.id, () => stripe.failRequests(500, 3)],
    ]);
    const recovering = createQuoteRefunds({
      database: h.database,
      payments: {
        refundState: h.payments.service.refundState,
        refundPart: (payment, refund) => (
          faults.get(refund.id)?.(),
          h.payments.service.refundPart(payment, refund)
        ),
      },
      timeline: h.timeline,
      logger: h.logger,
      now: h.now,
    });
    expect(await recovering.recoverStuck()).toEqual({ succeeded: 1, failed: 1, pending: 1 });

    expect(await refundRows()).toEqual([
      expect.objectContaining({ id: first!.id, status: "succeeded" }),
      expect.objectContaining({
        id: second!.id,
        status: "failed",
        provider_status: "failed",
        failure_reason: "not taken by the payment service",
        credit_note_id: null,
      }),
      expect.objectContaining({ id: third!.id, status: "requested" }),
    ]);
    expect(await h.paymentRow(refused.payment.id)).toMatchObject({
      refund_claimed_cents: 0,
      refunded_cents: 0,
    });
    expect(await timeline(refused.inquiryId, "quote-refund-failed")).toEqual([
      {
        body: expect.stringContaining("Refund of $100.00 failed at the payment service"),
        actor_email: "system",
      },
    ]);
    expect(await h.refunds.notices(refused.inquiryId)).toEqual([
      expect.objectContaining({ state: "failed", amountCents: 10_000 }),
    ]);
    expect(await h.refunds.notices(unreachable.inquiryId)).toEqual([
      expect.objectContaining({ state: "pending", amountCents: 10_000 }),
    ]);

    // Stripe is back: the next pass makes the third, with its own key.
    expect(await h.refunds.recoverStuck()).toEqual({ succeeded: 1, failed: 0, pending: 0 });
    expect((await h.creditNotes()).map((n) => n.number)).toEqual(["C2026-0001", "C2026-0002"]);
    expect(h.stripeRefunds().slice(-1)[0]!.idempotencyKey).toBe(`refund-${third!.id}`);
  });

  it("a refund Stripe does not answer (5xx after the SDK's retries) stays reserved, not failed: the page says so, and the job makes it with its key", async () => {
    const { inquiryId, payment } = await h.paidDeposit();
    stripe.failRequests(500, 3);
    const answer = await h.refunds.refund(inquiryId, h.form(payment.id, "300.00"), ACTOR);
    expect(answer).toMatchObject({
      ok: false,
      status: 409,
      error: expect.stringMatching(
        /^The payment service did not answer, so the refund may or may not have been made\. It stays reserved/,
      ),
    });
    const [refund] = await refundRows();
    expect(refund).toMatchObject({ status: "requested", provider_status: null });
    expect(await h.paymentRow(payment.id)).toMatchObject({ refund_claimed_cents: 30_000, refunded_cents: 0 });
    expect(await h.refunds.notices(inquiryId)).toEqual([
      expect.objectContaining({ state: "pending", amountCents: 30_000 }),
    ]);

    h.clock.now += REFUND_STUCK_AFTER_MS;
    expect(await h.refunds.recoverStuck()).toEqual({ succeeded: 1, failed: 0, pending: 0 });
    expect(new Set(h.stripeRefunds().map((r) => r.idempotencyKey))).toEqual(
      new Set([`refund-${refund!.id}`]),
    );
    expect(stripe.refunds.filter((r) => r.metadata.payment_id === payment.id).map((r) => r.amount)).toEqual([
      30_000,
    ]);
    expect((await h.creditNotes()).map((n) => n.number)).toEqual(["C2026-0001"]);
    // A delivery another worker of the run claimed may still be on its way: polled, not read once.
    await expect.poll(() => creditNoteEmails(), { timeout: 30_000 }).toHaveLength(1);
  });

  it("a refund Stripe answers pending has no credit note until refund.updated says it succeeded; the event delivered twice and racing the job issues it once", async () => {
    const { inquiryId, payment } = await h.paidDeposit();
    stripe.createRefundsAs("pending");
    expect(await h.refunds.refund(inquiryId, h.form(payment.id, "120.00"), ACTOR)).toEqual({
      ok: true,
      value: { creditNote: null, pending: true },
    });
    const [refund] = await refundRows();
    expect(refund).toMatchObject({ status: "requested", provider_status: "pending", credit_note_id: null });
    expect(await h.creditNotes()).toEqual([]);
    expect(await creditNoteEmails()).toHaveLength(0);
    expect(await h.paymentRow(payment.id)).toMatchObject({ refund_claimed_cents: 12_000, refunded_cents: 0 });
    expect(await h.refunds.notices(inquiryId)).toEqual([
      expect.objectContaining({ state: "pending", amountCents: 12_000 }),
    ]);
    // Still pending at Stripe: the job looks it up and leaves it.
    h.clock.now += REFUND_STUCK_AFTER_MS;
    expect(await h.refunds.recoverStuck()).toEqual({ succeeded: 0, failed: 0, pending: 1 });
    expect(await h.creditNotes()).toEqual([]);

    const succeeded = stripe.setRefundStatus(refund!.provider_refund_id!, "succeeded");
    const answers = await Promise.all([
      refundEvent("evt_refund_ok", succeeded),
      refundEvent("evt_refund_ok", succeeded),
      h.refunds.recoverStuck(),
      refundEvent("evt_refund_ok_again", succeeded),
    ]);
    expect(answers.filter((a) => a instanceof Response).map((a) => (a as Response).status)).toEqual([
      200, 200, 200,
    ]);
    expect((await h.creditNotes()).map((n) => [n.number, Number(n.amount_cents)])).toEqual([
      ["C2026-0001", 12_000],
    ]);
    expect(await h.paymentRow(payment.id)).toMatchObject({
      refund_claimed_cents: 12_000,
      refunded_cents: 12_000,
    });
    expect(await timeline(inquiryId, "quote-refunded")).toHaveLength(1);
    // A delivery another worker of the run claimed may still be on its way: polled, not read once.
    await expect.poll(() => creditNoteEmails(), { timeout: 30_000 }).toHaveLength(1);
    expect(await h.refunds.notices(inquiryId)).toEqual([]);

    // Failed after it succeeded (rare): the credit note stands, the claim is not given back twice; logged for the studio.
    expect(
      (
        await refundEvent(
          "evt_refund_failed_late",
          stripe.setRefundStatus(refund!.provider_refund_id!, "failed", "lost_or_stolen_card"),
          "refund.failed",
        )
      ).status,
    ).toBe(200);
    expect(await refundRows()).toEqual([
      expect.objectContaining({ status: "succeeded", provider_status: "succeeded" }),
    ]);
    expect(await h.paymentRow(payment.id)).toMatchObject({
      refund_claimed_cents: 12_000,
      refunded_cents: 12_000,
    });
    expect(
      h.logLines.filter((l) => l.msg === "refund reported failed after its credit note: settle by hand"),
    ).toHaveLength(1);
  });

  it("a pending refund Stripe then fails gives its claim back with the reason on the lead page and timeline, no credit note, once though delivered twice and racing the job; the money can be refunded again", async () => {
    const { inquiryId, payment } = await h.paidDeposit();
    stripe.createRefundsAs("pending");
    expect((await h.refunds.refund(inquiryId, h.form(payment.id, "80.00"), ACTOR)).ok).toBe(true);
    const [refund] = await refundRows();
    h.clock.now += REFUND_STUCK_AFTER_MS;

    const failed = stripe.setRefundStatus(refund!.provider_refund_id!, "failed", "expired_or_canceled_card");
    const answers = await Promise.all([
      refundEvent("evt_refund_failed", failed, "refund.failed"),
      refundEvent("evt_refund_failed", failed, "refund.failed"),
      refundEvent("evt_refund_updated", failed),
      h.refunds.recoverStuck(),
    ]);
    expect(answers.slice(0, 3).map((a) => (a as Response).status)).toEqual([200, 200, 200]);

    expect(await refundRows()).toEqual([
      expect.objectContaining({
        status: "failed",
        provider_status: "failed",
        failure_reason: "expired_or_canceled_card",
        credit_note_id: null,
      }),
    ]);
    expect(await h.creditNotes()).toEqual([]);
    expect(await creditNoteEmails()).toHaveLength(0);
    expect(await h.paymentRow(payment.id)).toMatchObject({ refund_claimed_cents: 0, refunded_cents: 0 });
    expect(await timeline(inquiryId, "quote-refund-failed")).toEqual([
      {
        body: expect.stringContaining(
          "Refund of $80.00 failed at the payment service (expired_or_canceled_card)",
        ),
        actor_email: "system",
      },
    ]);
    expect(await h.refunds.notices(inquiryId)).toEqual([
      expect.objectContaining({
        state: "failed",
        amountCents: 8_000,
        failureReason: "expired_or_canceled_card",
      }),
    ]);
    expect(await h.refunds.refundable(inquiryId)).toEqual([
      expect.objectContaining({ leftCents: Number(payment.amount_cents) }),
    ]);

    // A late "succeeded" for the failed refund changes nothing; so does a cancelled one.
    await refundEvent("evt_refund_late", { ...failed, status: "succeeded", failure_reason: null });
    expect(await h.creditNotes()).toEqual([]);

    stripe.createRefundsAs("succeeded");
    expect(await h.refunds.refund(inquiryId, h.form(payment.id, "80.00"), ACTOR)).toEqual({
      ok: true,
      value: { creditNote: "C2026-0001" },
    });
  });

  it("refund events for a refund not ours are acknowledged with nothing changed, and a malformed one is refused", async () => {
    const { inquiryId, payment } = await h.paidDeposit();
    stripe.createRefundsAs("pending");
    await h.refunds.refund(inquiryId, h.form(payment.id, "10.00"), ACTOR);
    const [refund] = await refundRows();
    const base = { object: "refund", amount: 1_000, payment_intent: "pi_other", failure_reason: null };
    // Made in Stripe's dashboard (no metadata of ours), or naming our refund with another Stripe refund's id.
    expect(
      (await refundEvent("evt_dashboard", { ...base, id: "re_dashboard", status: "succeeded", metadata: {} }))
        .status,
    ).toBe(200);
    expect(
      (
        await refundEvent(
          "evt_spoof",
          {
            ...base,
            id: "re_other",
            status: "failed",
            failure_reason: "declined",
            metadata: { refund_id: refund!.id },
          },
          "refund.failed",
        )
      ).status,
    ).toBe(200);
    expect(await refundRows()).toEqual([
      expect.objectContaining({ status: "requested", provider_status: "pending" }),
    ]);
    expect(await h.paymentRow(payment.id)).toMatchObject({ refund_claimed_cents: 1_000, refunded_cents: 0 });

    for (const object of [
      { ...base, id: "re_x", status: "exploded", metadata: {} },
      { ...base, id: "re_x", status: "failed", failure_reason: "<script>", metadata: {} },
      { ...base, id: 42, status: "failed", metadata: {} },
      { ...base, id: "re_x", status: "failed", metadata: { refund_id: "x".repeat(300) } },
    ]) {
      expect((await refundEvent(`evt_bad_${Math.random().toString(36).slice(2)}`, object)).status).toBe(400);
    }
    expect(await h.creditNotes()).toEqual([]);
  });

  it("deleting a lead erases its refund reasons outside the credit notes (kept as tax records) and its unsent credit-note email; a refund still at Stripe keeps its reason for its credit note, then loses it", async () => {
    const privacy = createLeadPrivacy({ database: h.database, now: h.now });
    const reasonsOf = async (leadId: string) =>
      (
        await h.database.db
          .selectFrom("refunds")
          .select("reason")
          .where("lead_id", "=", leadId)
          .orderBy("created_at")
          .execute()
      ).map((r) => r.reason);
    const queuedCreditNotes = () =>
      h.database.db
        .selectFrom("outbox")
        .select("id")
        .where("subject_type", "=", CREDIT_NOTE_SUBJECT)
        .execute();

    const settled = await h.paidDeposit();
    expect(
      (
        await h.refunds.refund(
          settled.inquiryId,
          h.form(settled.payment.id, "50.00", "Client moved to Lisbon"),
          ACTOR,
        )
      ).ok,
    ).toBe(true);
    h.clock.now += 1_000;
    stripe.failNextRequest(400, "Invalid request");
    expect(
      (
        await h.refunds.refund(
          settled.inquiryId,
          h.form(settled.payment.id, "20.00", "Ada asked twice, upset"),
          ACTOR,
        )
      ).ok,
    ).toBe(false);
    // The export names the refunds and their reasons; the credit note's email is still queued.
    expect((await privacy.export(settled.inquiryId))!.refunds).toEqual([
      expect.objectContaining({ amount_cents: 5_000, reason: "Client moved to Lisbon", status: "succeeded" }),
      expect.objectContaining({ amount_cents: 2_000, reason: "Ada asked twice, upset", status: "failed" }),
    ]);
    expect(await queuedCreditNotes()).toHaveLength(1);

    stripe.createRefundsAs("pending");
    const inFlight = await h.paidDeposit();
    expect(
      (
        await h.refunds.refund(
          inFlight.inquiryId,
          h.form(inFlight.payment.id, "30.00", "Refund for Ms. Byron's cancelled shop"),
          ACTOR,
        )
      ).ok,
    ).toBe(true);

    expect(await privacy.delete(settled.inquiryId)).toBe(true);
    expect(await privacy.delete(inFlight.inquiryId)).toBe(true);
    expect(await reasonsOf(settled.inquiryId)).toEqual(["", ""]);
    expect(await queuedCreditNotes()).toEqual([]);
    const [kept] = await h.creditNotes();
    expect(kept).toMatchObject({
      number: "C2026-0001",
      reason: "Client moved to Lisbon",
      amount_cents: 5_000,
    });
    expect(await reasonsOf(inFlight.inquiryId)).toEqual(["Refund for Ms. Byron's cancelled shop"]);

    // Stripe settles the refund after the deletion: its credit note is issued with the reason, the refund's row forgets it, no email goes.
    const [pending] = await h.database.db
      .selectFrom("refunds")
      .selectAll()
      .where("lead_id", "=", inFlight.inquiryId)
      .execute();
    expect(
      (
        await refundEvent(
          "evt_after_delete",
          stripe.setRefundStatus(pending!.provider_refund_id!, "succeeded"),
        )
      ).status,
    ).toBe(200);
    expect((await h.creditNotes()).map((n) => [n.number, n.reason])).toEqual([
      ["C2026-0001", "Client moved to Lisbon"],
      ["C2026-0002", "Refund for Ms. Byron's cancelled shop"],
    ]);
    expect(await reasonsOf(inFlight.inquiryId)).toEqual([""]);
    expect(await queuedCreditNotes()).toEqual([]);
    expect(await creditNoteEmails()).toHaveLength(0);
  });
});
