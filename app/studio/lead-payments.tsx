import { Link } from "react-router";
import { formatCad } from "~/lib/money";
import { formatTime } from "./guard";
import { Section, Table } from "./ui";

type LeadPayment = {
  id: string;
  package: string;
  kind: string | null;
  amount_cents: number;
  provider: string;
  status: string;
  created_at: string;
  paid_at: string | null;
};

/** The payments linked to a lead (through its quotes: payments.inquiry_id, migration 0006). */
export function LeadPayments({ payments }: { payments: readonly LeadPayment[] }) {
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
              <td className="px-2 py-2">{p.status}</td>
              <td className="px-2 py-2 whitespace-nowrap">{formatTime(p.paid_at)}</td>
            </tr>
          ))}
        </Table>
      )}
      <p>
        <Link to="/studio/payments" className="text-primary underline underline-offset-4">
          All payments
        </Link>
      </p>
    </Section>
  );
}
