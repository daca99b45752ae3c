import { simpleParser } from "mailparser";
import { beforeEach, describe, expect, it } from "vitest";

import { quoteContent } from "../../app/shared/quote-model";
import { renderDocumentPdf } from "../../server/billing/documents.server";
import { createPaymentsView } from "../../server/payments/view.server";
import type { FakeSmtp } from "../fakes/smtp";
import type { FakeStripeApi } from "../fakes/stripe-api";
import { testDatabaseKind } from "../helpers/databases";
import { validInquiry } from "../helpers/inquiries";
import { pdfText } from "../helpers/pdf";
import { ACTOR, GST_NUMBER, refundsSuite, type RefundsHarness as Harness } from "../helpers/refunds";

const taxCents = (json: string) =>
  Object.fromEntries((JSON.parse(json) as { code: string; cents: number }[]).map((t) => [t.code, t.cents]));

describe(`refunds of settled quote payments, with credit notes, on ${testDatabaseKind}`, () => {
  const suite = refundsSuite();
  let stripe: FakeStripeApi;
  let smtp: FakeSmtp;
  let h: Harness;
  beforeEach(() => ({ stripe, smtp, h } = suite));

  it("refunds part of a paid deposit through Stripe with the refund's own key, and issues credit note C2026-0001 with the taxes reversed in proportion, emailed with its PDF", async () => {
    const { inquiryId, quote, payment, receipt } = await h.paidDeposit();
    const content = quoteContent(quote);
    // Deposit 50% of 1,000.10 + 19.99 with GST (5%) on both and PST (7%) on the package.
    expect(Number(receipt.amount_cents)).toBe(content.depositCents);
    const receiptTaxes = taxCents(receipt.taxes);

    const done = await h.refunds.refund(
      inquiryId,
      h.form(payment.id, "$200.00", "Scope reduced: <no blog> & no shop"),
      ACTOR,
    );
    expect(done).toEqual({ ok: true, value: { creditNote: "C2026-0001" } });

    const [asked] = h.stripeRefunds();
    const [refund] = await h.database.db.selectFrom("refunds").selectAll().execute();
    expect(asked!.params).toMatchObject({
      payment_intent: stripe.sessions.get(payment.provider_session_id!)!.payment_intent,
      amount: "20000",
      "metadata[payment_id]": payment.id,
    });
    expect(asked!.idempotencyKey).toBe(`refund-${refund!.id}`);
    expect(refund).toMatchObject({
      payment_id: payment.id,
      amount_cents: 20_000,
      status: "succeeded",
      requested_by: ACTOR,
      reason: "Scope reduced: <no blog> & no shop",
    });
    expect(await h.paymentRow(payment.id)).toMatchObject({
      status: "paid",
      refund_status: null,
      refund_claimed_cents: 20_000,
      refunded_cents: 20_000,
    });

    const [note] = await h.creditNotes();
    const share = (cents: number) => Math.round((cents * 20_000) / Number(receipt.amount_cents));
    expect(taxCents(note!.taxes)).toEqual({ GST: share(receiptTaxes.GST!), PST: share(receiptTaxes.PST!) });
    const invoice = await h.database.db
      .selectFrom("money_documents")
      .select("number")
      .where("kind", "=", "invoice")
      .where("quote_id", "=", quote.id)
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({
      number: "C2026-0001",
      credited_invoice: invoice.number,
      credited_receipt: receipt.number,
      amount_cents: 20_000,
      registration_number: GST_NUMBER,
      buyer_name: receipt.buyer_name,
      payment_id: payment.id,
    });
    expect(refund!.credit_note_id).toBe(note!.id);

    // The PDF states what an accountant needs: number, the documents it credits, the buyer, taxes reversed, the reason.
    const text = await pdfText(await renderDocumentPdf(note!));
    for (const expected of [
      "Credit note C2026-0001",
      `Credits invoice ${invoice.number} and receipt ${receipt.number}`,
      `GST/HST registration number: ${GST_NUMBER}`,
      `Credited to: ${receipt.buyer_name}`,
      "Reason: Scope reduced: <no blog> & no shop",
      "Total refunded",
      "$200.00 CAD",
      "GST 5% reversed",
      // The credit itself (issue 38): what is refunded of which payment, not the whole quote.
      `Description Refund of $200.00 CAD of the deposit paid on quote Q-${quote.id.slice(0, 8).toUpperCase()} (receipt ${receipt.number}).`,
    ]) {
      expect(text).toContain(expected);
    }
    for (const line of content.lines) expect(text).not.toContain(line.label);
    expect(text).not.toContain("Terms");

    // The client's email, through the outbox, with the PDF; the reason is escaped in the HTML.
    while ((await h.worker.runOnce()).claimed > 0);
    const mails = await Promise.all(smtp.messages.map((m) => simpleParser(m.raw)));
    const mail = mails.find((m) => m.subject?.includes("credit note C2026-0001"));
    expect(mail?.subject).toBe(
      `Refund of $200.00 CAD for quote Q-${quote.id.slice(0, 8).toUpperCase()}: credit note C2026-0001`,
    );
    expect(mail?.to && "text" in mail.to ? mail.to.text : "").toContain(validInquiry.email);
    expect(mail?.html).toContain("Scope reduced: &lt;no blog&gt; &amp; no shop");
    expect(mail?.attachments.map((a) => a.filename)).toEqual(["credit-note-C2026-0001.pdf"]);
    expect(await pdfText(mail!.attachments[0]!.content)).toContain("Credit note C2026-0001");
    // Made with Stripe, not the sandbox: no TEST mark on the email or its document.
    expect(await pdfText(mail!.attachments[0]!.content)).not.toContain("TEST");
    expect(mail?.subject).not.toContain("[TEST]");

    // The lead's timeline says who refunded what; the page offers what is left.
    const timeline = await h.database.db
      .selectFrom("lead_activity")
      .select(["kind", "body", "actor_email"])
      .where("lead_id", "=", inquiryId)
      .where("kind", "=", "quote-refunded")
      .execute();
    expect(timeline).toEqual([
      {
        kind: "quote-refunded",
        body: expect.stringContaining("refunded $200.00 (credit note C2026-0001)"),
        actor_email: ACTOR,
      },
    ]);
    expect(await h.refunds.refundable(inquiryId)).toEqual([
      expect.objectContaining({
        id: payment.id,
        refundedCents: 20_000,
        leftCents: Number(payment.amount_cents) - 20_000,
      }),
    ]);
    // /studio/payments' paid totals count what the studio kept.
    const { totals } = await createPaymentsView({ database: h.database }).list({});
    expect(totals).toEqual([
      { month: "2026-11", currency: "cad", cents: Number(payment.amount_cents) - 20_000, count: 1 },
    ]);
  });

  it("a full refund reverses exactly the receipt's taxes, and partial refunds adding up to the whole do too; the accounting period counts them negative", async () => {
    // An odd amount, so each proportional share rounds.
    const first = await h.paidDeposit(123_457);
    const full = await h.refunds.refund(
      first.inquiryId,
      h.form(first.payment.id, (Number(first.payment.amount_cents) / 100).toFixed(2)),
      ACTOR,
    );
    expect(full.ok).toBe(true);
    const [whole] = await h.creditNotes();
    expect(taxCents(whole!.taxes)).toEqual(taxCents(first.receipt.taxes));
    expect(Number(whole!.amount_cents)).toBe(Number(first.receipt.amount_cents));

    const second = await h.paidDeposit(123_457);
    const amount = Number(second.payment.amount_cents);
    const parts = [3_333, 3_333, amount - 6_666];
    for (const cents of parts)
      expect(
        (await h.refunds.refund(second.inquiryId, h.form(second.payment.id, (cents / 100).toFixed(2)), ACTOR))
          .ok,
      ).toBe(true);
    const notes = (await h.creditNotes()).slice(1);
    expect(notes.map((n) => n.number)).toEqual(["C2026-0002", "C2026-0003", "C2026-0004"]);
    const summed = { GST: 0, PST: 0 };
    for (const n of notes)
      for (const [code, cents] of Object.entries(taxCents(n.taxes))) summed[code as "GST"] += cents;
    expect(summed).toEqual(taxCents(second.receipt.taxes));
    expect(await h.refunds.refund(second.inquiryId, h.form(second.payment.id, "0.01"), ACTOR)).toMatchObject({
      ok: false,
      status: 409,
      error: "This payment has been refunded in full already.",
    });

    // The period: two receipts in, four credit notes out, the same amount: nothing kept, tax included.
    const rows = await h.accounting.rows({ from: "2026-11-01", to: "2026-11-30" });
    const totals = h.accounting.totals(rows);
    expect(totals.refunded).toMatchObject({ count: 4, totalCents: -2 * amount });
    expect(totals.received).toEqual({
      count: 6,
      netCents: 0,
      taxes: { GST: 0, PST: 0, HST: 0 },
      totalCents: 0,
    });
    expect(rows.filter((r) => r.kind === "credit_note").map((r) => r.totalCents)).toEqual([
      -amount,
      -3_333,
      -3_333,
      -(amount - 6_666),
    ]);
  });

  it("refuses a negative, zero, over-the-remaining, non-numeric or missing amount, a missing or overlong reason, no confirmation, and another lead's or an unsettled payment, with nothing changed", async () => {
    const { inquiryId, payment } = await h.paidDeposit();
    const other = await h.paidDeposit();
    const before = await h.state(payment.id);
    const left = Number(payment.amount_cents);
    const cases: [Record<string, unknown>, number, RegExp, string?][] = [
      [h.form(payment.id, "-10.00"), 400, /more than zero/],
      [h.form(payment.id, "0"), 400, /more than zero/],
      [h.form(payment.id, "0.00"), 400, /more than zero/],
      [h.form(payment.id, ((left + 1) / 100).toFixed(2)), 409, /At most \$[\d,.]+ of this payment is left/],
      [h.form(payment.id, "10000000000000"), 400, /in dollars/],
      [h.form(payment.id, "ten dollars"), 400, /in dollars/],
      [h.form(payment.id, "1e3"), 400, /in dollars/],
      [h.form(payment.id, "10.001"), 400, /in dollars/],
      [h.form(payment.id, ""), 400, /Enter the amount/],
      [h.form(payment.id, ["10"]), 400, /in dollars/],
      [h.form(payment.id, "10.00", "   "), 400, /Give the reason/],
      [h.form(payment.id, "10.00", "x".repeat(501)), 400, /at most 500 characters/],
      [{ paymentId: payment.id, amount: "10.00", reason: "Cancelled" }, 400, /Tick the box/],
      [h.form(payment.id, "10.00", "Cancelled", "on"), 400, /Tick the box/],
      // Another lead's payment, asked on this lead's page: as if it did not exist.
      [h.form(other.payment.id, "10.00"), 404, /No such payment for this lead/, inquiryId],
      [h.form("no-such-payment", "10.00"), 404, /No such payment for this lead/],
      [h.form("", "10.00"), 400, /Choose the payment/],
    ];
    for (const [input, status, error, lead] of cases) {
      const answer = await h.refunds.refund(lead ?? inquiryId, input, ACTOR);
      expect(answer, JSON.stringify(input).slice(0, 80)).toMatchObject({
        ok: false,
        status,
        error: expect.stringMatching(error),
      });
    }
    expect(await h.state(payment.id)).toEqual(before);
    expect(await h.state(other.payment.id)).toMatchObject({ claimed: 0, refunded: 0 });

    // A checkout not paid yet (its webhook still to come) has nothing to refund.
    const lead = await h.newLead();
    await h.database.db
      .updateTable("payments")
      .set({ status: "pending" })
      .where("id", "=", other.payment.id)
      .execute();
    expect(await h.refunds.refund(other.inquiryId, h.form(other.payment.id, "10.00"), ACTOR)).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await h.refunds.refund(lead, h.form(other.payment.id, "10.00"), ACTOR)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await h.state(payment.id)).toEqual(before);
  });

  it("a refund Stripe refuses leaves nothing half-done: a clear error, the claim given back, and a retry refunds once", async () => {
    const { inquiryId, payment } = await h.paidDeposit();
    // A refusal (4xx): Stripe made nothing. (A 5xx or no answer at all may have made it: tests/integration/refund-recovery.test.ts.)
    stripe.failNextRequest(400, "Invalid request");
    const failed = await h.refunds.refund(inquiryId, h.form(payment.id, "300.00"), ACTOR);
    expect(failed).toMatchObject({
      ok: false,
      error: "The payment service did not take the refund, so nothing was refunded. Try again in a moment.",
    });
    expect(await h.paymentRow(payment.id)).toMatchObject({ refund_claimed_cents: 0, refunded_cents: 0 });
    expect(await h.creditNotes()).toEqual([]);
    expect(stripe.refunds.filter((r) => r.metadata.payment_id === payment.id)).toEqual([]);
    expect(await h.database.db.selectFrom("refunds").select("status").execute()).toEqual([
      { status: "failed" },
    ]);

    const retried = await h.refunds.refund(inquiryId, h.form(payment.id, "300.00"), ACTOR);
    expect(retried).toEqual({ ok: true, value: { creditNote: "C2026-0001" } });
    expect(await h.paymentRow(payment.id)).toMatchObject({
      refund_claimed_cents: 30_000,
      refunded_cents: 30_000,
    });
    expect(stripe.refunds.filter((r) => r.metadata.payment_id === payment.id).map((r) => r.amount)).toEqual([
      30_000,
    ]);
  });

  it("two refunds of 60% of one payment posted at once: one is made, the other refused with what is left, and Stripe refunds 60% once", async () => {
    const { inquiryId, payment } = await h.paidDeposit();
    const amount = Number(payment.amount_cents);
    const sixty = (Math.round(amount * 0.6) / 100).toFixed(2);
    const answers = await Promise.all([
      h.refunds.refund(inquiryId, h.form(payment.id, sixty), ACTOR),
      h.refunds.refund(inquiryId, h.form(payment.id, sixty), ACTOR),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toMatchObject({
      ok: false,
      status: 409,
      error: expect.stringMatching(/^At most \$[\d,.]+ of this payment is left to refund\.$/),
    });
    expect(await h.creditNotes()).toHaveLength(1);
    expect(stripe.refunds.filter((r) => r.metadata.payment_id === payment.id).map((r) => r.amount)).toEqual([
      Math.round(amount * 0.6),
    ]);
    expect(await h.paymentRow(payment.id)).toMatchObject({
      refund_claimed_cents: Math.round(amount * 0.6),
      refunded_cents: Math.round(amount * 0.6),
    });
  });

  it("the same form posted twice at once (a double click) is one refund: Stripe asked once, both answers name its credit note", async () => {
    const { inquiryId, payment } = await h.paidDeposit();
    const posted = { ...h.form(payment.id, "50.00"), requestKey: "b6c0d4a1-5f7e-4a44-9a39-1c2d3e4f5a6b" };
    const answers = await Promise.all([
      h.refunds.refund(inquiryId, posted, ACTOR),
      h.refunds.refund(inquiryId, posted, ACTOR),
    ]);
    expect(answers).toEqual([
      { ok: true, value: { creditNote: "C2026-0001" } },
      { ok: true, value: { creditNote: "C2026-0001" } },
    ]);
    expect(h.stripeRefunds().map((r) => r.idempotencyKey)).toEqual([`refund-rf_${posted.requestKey}`]);
    expect(await h.paymentRow(payment.id)).toMatchObject({
      refund_claimed_cents: 5_000,
      refunded_cents: 5_000,
    });
    // Sent again later, it still answers the same, and a key reused for another payment is refused.
    expect(await h.refunds.refund(inquiryId, posted, ACTOR)).toEqual({
      ok: true,
      value: { creditNote: "C2026-0001" },
    });
    const other = await h.paidDeposit();
    expect(
      await h.refunds.refund(other.inquiryId, { ...posted, paymentId: other.payment.id }, ACTOR),
    ).toMatchObject({ ok: false, status: 409 });
    expect(await h.creditNotes()).toHaveLength(1);
  });

  it("credit notes stay gap-free and unique when refunds of several payments race, and a refund racing the payment's own webhooks leaves one consistent state", async () => {
    const deals = await Promise.all(Array.from({ length: 4 }, () => h.paidDeposit()));
    const racing = await Promise.all(
      deals.flatMap((d) => [
        h.refunds.refund(d.inquiryId, h.form(d.payment.id, "10.00"), ACTOR),
        h.refunds.refund(d.inquiryId, h.form(d.payment.id, "20.00"), ACTOR),
      ]),
    );
    expect(racing.every((a) => a.ok)).toBe(true);
    expect((await h.creditNotes()).map((n) => n.number)).toEqual(
      Array.from({ length: 8 }, (_, i) => `C2026-${String(i + 1).padStart(4, "0")}`),
    );

    // The payment's completed event delivered again, and Stripe's charge.refunded, while the studio refunds the rest.
    const [d] = deals;
    const session = stripe.sessions.get(d!.payment.provider_session_id!)!;
    const left = Number(d!.payment.amount_cents) - 3_000;
    const [refunded, replay, charge] = await Promise.all([
      h.refunds.refund(d!.inquiryId, h.form(d!.payment.id, (left / 100).toFixed(2)), ACTOR),
      h.paidEvent(session.id),
      h.signedEvent("evt_charge_refunded", "charge.refunded", {
        id: "ch_1",
        object: "charge",
        payment_intent: session.payment_intent,
        refunded: true,
        amount_refunded: session.amount_total,
        metadata: {},
      }),
    ]);
    expect([refunded.ok, replay.status, charge.status]).toEqual([true, 200, 200]);
    // Still paid, with one receipt; the refund columns say all of it went back; the charge.refunded settled no flagged refund.
    expect(await h.paymentRow(d!.payment.id)).toMatchObject({
      status: "paid",
      refund_status: null,
      refund_claimed_cents: Number(d!.payment.amount_cents),
      refunded_cents: Number(d!.payment.amount_cents),
    });
    expect(
      await h.database.db
        .selectFrom("money_documents")
        .select("number")
        .where("kind", "=", "receipt")
        .where("payment_id", "=", d!.payment.id)
        .execute(),
    ).toHaveLength(1);
    expect((await h.creditNotes()).map((n) => n.number)).toHaveLength(9);
    expect(h.logLines.filter((l) => l.msg === "refund settled")).toHaveLength(0);
  });
});
