import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { formatCad } from "~/lib/money";
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
  created_at: string;
  paid_at: string | null;
};

/**
 * The payments linked to a lead (through its quotes: payments.inquiry_id,
 * migration 0006). Money that arrived for a withdrawn or expired quote, or
 * twice for one stage, says it needs a refund, with the button that makes it.
 */
export function LeadPayments({ payments, busy, error }: { payments: readonly LeadPayment[]; busy: boolean; error: React.ReactNode }) {
  const toRefund = payments.filter((p) => p.refund_status === "needed");
  return (
    <Section id="payments" title="Payments">
      {payments.length === 0 ? (
        <p>No payment is linked to this lead.</p>
      ) : (
        <Table className="min-w-[36rem]" caption="Payments of this lead" headers={["Created", "Package", "Part", "Amount", "Provider", "Status", "Paid"]}>
          {payments.map((p) => (
            <tr key={p.id} className="border-b">
              <td className="px-2 py-2 whitespace-nowrap">{formatTime(p.created_at)}</td>
              <td className="px-2 py-2">{p.package}</td>
              <td className="px-2 py-2">{p.kind ?? "—"}</td>
              <td className="px-2 py-2">{formatCad(p.amount_cents)}</td>
              <td className="px-2 py-2">{p.provider}</td>
              <td className="px-2 py-2" data-testid="payment-state">{paymentStateLabel(p)}</td>
              <td className="px-2 py-2 whitespace-nowrap">{formatTime(p.paid_at)}</td>
            </tr>
          ))}
        </Table>
      )}
      {toRefund.length > 0 && (
        <div role="status" className="grid gap-2 rounded-md border border-destructive p-4">
          <p className="font-semibold">
            {toRefund.length === 1 ? "One payment needs a refund" : `${toRefund.length} payments need a refund`}: the client was told the money goes back.
          </p>
          {toRefund.map((p) => (
            <Form method="post" key={p.id}>
              <input type="hidden" name="intent" value="payment-refund" />
              <input type="hidden" name="paymentId" value={p.id} />
              <Button type="submit" size="sm" variant="destructive" disabled={busy}>
                Refund {formatCad(p.amount_cents)} <span className="sr-only">paid {formatTime(p.paid_at)}</span>
              </Button>
            </Form>
          ))}
          {error}
        </div>
      )}
      <p>
        <Link to="/studio/payments" className="text-primary underline underline-offset-4">
          All payments
        </Link>
      </p>
    </Section>
  );
}
