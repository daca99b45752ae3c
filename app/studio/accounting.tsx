import { Form } from "react-router";

import { Field, FormAlert } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { formatCad } from "~/lib/money";

import type { AccountingTotals } from "../../server/billing/accounting.server";
import type { Route } from "./+types/accounting";
import { queryString, requireStudio, studioMeta } from "./guard";
import { ListHeader, Section, Table } from "./ui";

export const meta: Route.MetaFunction = () => studioMeta("Accounting");

/** The period asked for, or this month so far in Vancouver; a bad period is said and the default shown. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { accounting } = requireStudio(context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const asked =
    params.from || params.to
      ? accounting.parseQuery({ from: params.from ?? "", to: params.to ?? "" })
      : undefined;
  const period = asked?.success ? asked.data : accounting.currentMonth();
  const rows = await accounting.rows(period);
  return {
    period,
    rows,
    totals: accounting.totals(rows),
    error: asked && !asked.success ? asked.error.issues.map((i) => i.message).join(" ") : undefined,
  };
}

const cad = (cents: number) => formatCad(cents, { withCode: true });

export default function Accounting({ loaderData }: Route.ComponentProps) {
  const { period, rows, totals, error } = loaderData;
  const summary: [string, AccountingTotals][] = [
    ["Invoiced (not void)", totals.invoiced],
    ["Refunded (credit notes)", totals.refunded],
    ["Received, less refunds", totals.received],
  ];
  return (
    <div className="grid gap-6">
      <ListHeader title="Accounting" exportHref={`/api/studio/accounting.csv${queryString(period)}`} />
      <p className="max-w-3xl text-muted-foreground">
        Invoices, receipts and credit notes issued in a period of days in Vancouver time, with the tax they
        carry: the figures a GST/HST return (sales, tax collected) and a BC PST return need. Void invoices are
        listed but not totalled; credit notes (refunds) count as negative amounts.
      </p>
      <Form method="get" className="grid gap-3 sm:grid-cols-3 sm:items-end" aria-label="Period">
        <Field id="from" label="From" className="gap-1.5">
          <Input name="from" type="date" required defaultValue={period.from} />
        </Field>
        <Field id="to" label="To (included)" className="gap-1.5">
          <Input name="to" type="date" required defaultValue={period.to} />
        </Field>
        <Button type="submit">Show</Button>
      </Form>
      <FormAlert tone="error">{error && `${error} Showing this month instead.`}</FormAlert>

      <Section id="totals" title={`Totals, ${period.from} to ${period.to}`}>
        <Table
          className="min-w-[40rem]"
          caption="Totals per tax for the period"
          headers={["", "Documents", "Before tax", "GST", "PST", "HST", "Total"]}
        >
          {summary.map(([label, t]) => (
            <tr key={label} className="border-b">
              <th scope="row" className="px-2 py-2 text-left font-normal">
                {label}
              </th>
              <td className="px-2 py-2">{t.count}</td>
              <td className="px-2 py-2">{cad(t.netCents)}</td>
              <td className="px-2 py-2">{cad(t.taxes.GST)}</td>
              <td className="px-2 py-2">{cad(t.taxes.PST)}</td>
              <td className="px-2 py-2">{cad(t.taxes.HST)}</td>
              <td className="px-2 py-2">{cad(t.totalCents)}</td>
            </tr>
          ))}
        </Table>
      </Section>

      <Section id="documents" title="Invoices, receipts and credit notes">
        {rows.length === 0 ? (
          <p>None in this period.</p>
        ) : (
          <Table
            className="min-w-[56rem]"
            caption="Invoices, then receipts, then credit notes, by number"
            headers={["Date", "Number", "Status", "Quote", "Part", "Buyer", "Before tax", "Taxes", "Total"]}
          >
            {rows.map((r) => (
              <tr key={r.number} className="border-b">
                <td className="px-2 py-2 whitespace-nowrap">{r.day}</td>
                <td className="px-2 py-2 whitespace-nowrap">{r.number}</td>
                <td className="px-2 py-2">{r.status}</td>
                <td className="px-2 py-2">{r.quote}</td>
                <td className="px-2 py-2">{r.part}</td>
                <td className="px-2 py-2">{r.buyer}</td>
                <td className="px-2 py-2 whitespace-nowrap">{cad(r.netCents)}</td>
                <td className="px-2 py-2 whitespace-nowrap">
                  {(["GST", "PST", "HST"] as const)
                    .filter((c) => r.taxes[c] !== 0)
                    .map((c) => `${c} ${cad(r.taxes[c])}`)
                    .join(", ") || "—"}
                </td>
                <td className="px-2 py-2 whitespace-nowrap">{cad(r.totalCents)}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
    </div>
  );
}
