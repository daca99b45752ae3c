import { Link } from "react-router";

import { Field } from "~/components/form";
import { Input } from "~/components/ui/input";
import { formatCad } from "~/lib/money";

import type { Route } from "./+types/payments";
import { formatTime, queryString, requireStudio, studioMeta } from "./guard";
import { paymentStateLabel } from "./labels";
import { FilterDisclosure, FilterForm, FilterSelect, ListHeader, Section, Table } from "./ui";

export const meta: Route.MetaFunction = () => studioMeta("Payments");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { payments } = requireStudio(context);
  const { query, invalid } = payments.parseQuery(new URL(request.url).searchParams);
  const { after: _after, ...filters } = query;
  return { ...(await payments.list(query)), filters, invalid };
}

const filters = [
  {
    id: "status",
    label: "Status",
    options: [
      { value: "pending", label: "Pending" },
      { value: "paid", label: "Paid" },
      { value: "failed", label: "Failed" },
      { value: "refund", label: "Needs refund" },
    ],
  },
  {
    id: "provider",
    label: "Provider",
    options: [
      { value: "stripe", label: "Stripe" },
      { value: "sandbox", label: "Sandbox (test)" },
    ],
  },
  {
    id: "package",
    label: "Package",
    options: [
      { value: "basic", label: "Basic" },
      { value: "pro", label: "Pro" },
    ],
  },
] as const;

const amount = (cents: number, currency: string) =>
  currency.toLowerCase() === "cad"
    ? formatCad(cents, { withCode: true })
    : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { payments, totals, next, filters: current, invalid } = loaderData;
  const values: Record<string, string | undefined> = current;
  return (
    <div className="grid gap-6">
      <ListHeader title="Payments" exportHref={`/api/studio/payments.csv${queryString(values)}`} />
      <FilterForm
        label="Filter payments"
        className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-end"
        invalid={invalid}
      >
        <FilterDisclosure
          active={[...filters.map((f) => values[f.id]), current.month].filter(Boolean).length}
          className="lg:grid-cols-4"
        >
          {filters.map((f) => (
            <FilterSelect key={f.id} id={f.id} label={f.label} options={f.options} value={values[f.id]} />
          ))}
          <Field id="month" label="Month created">
            <Input name="month" type="month" defaultValue={current.month ?? ""} />
          </Field>
        </FilterDisclosure>
      </FilterForm>

      <Section id="totals" title="Paid by month">
        {totals.length === 0 ? (
          <p>Nothing paid yet.</p>
        ) : (
          <Table className="max-w-md" caption="Totals paid by month" headers={["Month", "Payments", "Total"]}>
            {totals.map((t) => (
              <tr key={`${t.month}-${t.currency}`} className="border-b">
                <th scope="row" className="px-2 py-2 font-normal">
                  {t.month}
                </th>
                <td className="px-2 py-2">{t.count}</td>
                <td className="px-2 py-2">{amount(t.cents, t.currency)}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>

      <Section id="list" title="All payments">
        {payments.length === 0 ? (
          <p>No payments match.</p>
        ) : (
          <Table
            className="min-w-[56rem]"
            caption="Payments, newest first"
            headers={["Created", "Paid", "Package", "Amount", "Provider", "Status", "Session id"]}
          >
            {payments.map((p) => (
              <tr key={p.id} className="border-b">
                <td className="px-2 py-2 whitespace-nowrap">{formatTime(p.created_at)}</td>
                <td className="px-2 py-2 whitespace-nowrap">{formatTime(p.paid_at)}</td>
                <td className="px-2 py-2">{p.package === "pro" ? "Pro" : "Basic"}</td>
                <td className="px-2 py-2">{amount(p.amount_cents, p.currency)}</td>
                <td className="px-2 py-2">{p.provider}</td>
                <td className="px-2 py-2">
                  {p.refund_status && p.lead_id ? (
                    <Link
                      to={`/studio/leads/${p.lead_id}#payments`}
                      className="text-primary underline underline-offset-4"
                    >
                      {paymentStateLabel(p)}
                    </Link>
                  ) : (
                    paymentStateLabel(p)
                  )}
                </td>
                <td className="px-2 py-2 font-mono text-xs break-all">{p.provider_session_id ?? "—"}</td>
              </tr>
            ))}
          </Table>
        )}
        {next && (
          <Link
            className="justify-self-start font-semibold text-primary underline-offset-4 hover:underline"
            to={queryString({ ...values, after: next })}
          >
            Next page
          </Link>
        )}
      </Section>
    </div>
  );
}
