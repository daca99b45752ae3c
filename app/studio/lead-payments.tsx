import { Form, Link } from "react-router";

import { CheckboxField, Field, FormAlert } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { paymentKindLabels } from "~/content/quotes";
import { formatCad } from "~/lib/money";

import type { RefundablePayment, RefundNotice } from "../../server/billing/refunds.server";
import { formatTime } from "./guard";
import { paymentStateLabel } from "./labels";
import { Section, Table } from "./ui";

type LeadPayment = {
  id: string;
  package: string;
  kind: string | null;
  amount_cents: number;
  provider: string;
  status: string;
  refund_status: string | null;
  refund_reason: string | null;
  refunded_cents?: number | null;
  created_at: string;
  paid_at: string | null;
};

/**
 * The payments linked to a lead (through its quotes: payments.lead_id,
 * migration 0006). Money that arrived for a withdrawn or expired quote, or
 * twice for one stage, says it needs a refund, with the button that makes it.
 */
export function LeadPayments({
  payments,
  busy,
  error,
  refundable,
  refundNotices,
  refundFormKey,
  refundError,
  creditNote,
}: {
  payments: readonly LeadPayment[];
  busy: boolean;
  error: React.ReactNode;
  refundable: readonly RefundablePayment[];
  /** Refunds pending at Stripe (no credit note yet) or failed there. */
  refundNotices: readonly RefundNotice[];
  /** The refund form's one-time key: the same form posted twice makes one refund. */
  refundFormKey: string;
  refundError: React.ReactNode;
  /** The refund just made: its credit note, or null when Stripe has it pending. */
  creditNote?: string | null;
}) {
  const toRefund = payments.filter((p) => p.refund_status === "needed");
  return (
    <Section id="payments" title="Payments">
      {/* The outcome of a refund at the top, above the payments it changed, not under the (emptied) form. */}
      {creditNote && (
        <FormAlert tone="success" focusKey={creditNote}>
          Refund made: credit note {creditNote} was issued and emailed to the client.
        </FormAlert>
      )}
      {creditNote === null && (
        <FormAlert tone="success" focusKey="refund-pending">
          Refund asked: Stripe has it pending. The credit note is issued and emailed once Stripe confirms the
          money went back.
        </FormAlert>
      )}
      {payments.length === 0 ? (
        <p>No payment is linked to this lead.</p>
      ) : (
        <Table
          className="min-w-[36rem]"
          caption="Payments of this lead"
          headers={["Created", "Package", "Part", "Amount", "Provider", "Status", "Paid"]}
        >
          {payments.map((p) => (
            <tr key={p.id} className="border-b">
              <td className="px-2 py-2 whitespace-nowrap">{formatTime(p.created_at)}</td>
              <td className="px-2 py-2">{p.package}</td>
              <td className="px-2 py-2">{p.kind ?? "—"}</td>
              <td className="px-2 py-2">{formatCad(p.amount_cents)}</td>
              <td className="px-2 py-2">{p.provider}</td>
              <td className="px-2 py-2" data-testid="payment-state">
                {paymentStateLabel(p)}
              </td>
              <td className="px-2 py-2 whitespace-nowrap">{formatTime(p.paid_at)}</td>
            </tr>
          ))}
        </Table>
      )}
      {toRefund.length > 0 && (
        <div role="status" className="grid gap-2 rounded-md border border-destructive p-4">
          <p className="font-semibold">
            {toRefund.length === 1
              ? "One payment needs a refund"
              : `${toRefund.length} payments need a refund`}
            : the client was told the money goes back.
          </p>
          {toRefund.map((p) => (
            <Form method="post" key={p.id}>
              <input type="hidden" name="intent" value="payment-refund" />
              <input type="hidden" name="paymentId" value={p.id} />
              <Button type="submit" size="sm" variant="destructive" disabled={busy}>
                Refund {formatCad(p.amount_cents)}{" "}
                <span className="sr-only">paid {formatTime(p.paid_at)}</span>
              </Button>
            </Form>
          ))}
          {error}
        </div>
      )}
      {refundable.some((p) => p.leftCents > 0) && (
        <RefundForm
          // A refund made (or reserved) changes what is left: the form starts again empty, with the new
          // one-time key, so a second click cannot send the same amount, reason and tick again. A refused
          // refund leaves what was typed (no revalidation after a 4xx, so the key stays too).
          key={refundable.map((p) => `${p.id}:${p.leftCents}`).join()}
          payments={refundable.filter((p) => p.leftCents > 0)}
          formKey={refundFormKey}
          busy={busy}
          error={refundError}
        />
      )}
      {refundNotices.length > 0 && (
        <ul aria-label="Refunds without a credit note" className="grid gap-1" data-testid="refund-notices">
          {refundNotices.map((r) => (
            <li key={r.id} className={r.state === "failed" ? "font-medium" : undefined}>
              {r.state === "pending"
                ? `Refund of ${formatCad(r.amountCents)} pending at Stripe since ${formatTime(r.at)}: no credit note until it succeeds.`
                : `Refund of ${formatCad(r.amountCents)} failed at Stripe ${formatTime(r.at)} (${r.failureReason ?? "no reason given"}): nothing was refunded and no credit note issued; the amount can be refunded again.`}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/studio/payments" className="text-primary underline underline-offset-4">
          All payments
        </Link>
      </p>
    </Section>
  );
}

/**
 * Refunds a settled payment in full or in part: the amount (at most what is
 * left of it), a reason printed on the credit note, and a box to tick, as
 * money leaves. The server checks all three again.
 */
function RefundForm({
  payments,
  formKey,
  busy,
  error,
}: {
  payments: readonly RefundablePayment[];
  formKey: string;
  busy: boolean;
  error: React.ReactNode;
}) {
  return (
    <Form method="post" className="grid max-w-xl gap-3 rounded-md border p-4" aria-labelledby="refund-title">
      <h3 id="refund-title" className="font-semibold">
        Refund a payment
      </h3>
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="requestKey" value={formKey} />
      <fieldset className="grid gap-1">
        <legend className="text-sm font-medium">Payment</legend>
        {payments.map((p, i) => (
          <label key={p.id} className="flex items-center gap-2 text-sm">
            <input type="radio" name="paymentId" value={p.id} defaultChecked={i === 0} required />
            {`${paymentKindLabels[p.kind as keyof typeof paymentKindLabels] ?? p.kind} ${formatCad(p.amountCents)} paid ${formatTime(p.paidAt)}${p.refundedCents > 0 ? `, ${formatCad(p.refundedCents)} refunded` : ""}: up to ${formatCad(p.leftCents)} left`}
          </label>
        ))}
      </fieldset>
      <Field
        id="refund-amount"
        label="Amount to refund (CAD)"
        required
        hint={`Up to ${formatCad(payments[0]!.leftCents)} for the first payment; taxes are reversed in proportion.`}
      >
        <Input
          id="refund-amount"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          required
          // Never filled in advance: the studio types the amount, so a whole payment never leaves on one careless click.
          className="max-w-40"
        />
      </Field>
      <Field id="refund-reason" label="Reason (printed on the credit note)" required>
        <Textarea id="refund-reason" name="reason" required maxLength={500} rows={2} />
      </Field>
      <CheckboxField
        id="refund-confirm"
        name="confirm"
        value="yes"
        required
        label="Give this money back to the client's card now"
      />
      {error}
      <Button type="submit" variant="destructive" disabled={busy} className="justify-self-start">
        Refund and issue credit note
      </Button>
    </Form>
  );
}
