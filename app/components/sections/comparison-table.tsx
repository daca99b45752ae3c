import { Check, Minus } from "lucide-react";

import type { ComparisonRow, ComparisonValue } from "~/content/comparison";
import type { WebsitePackage } from "~/content/packages";

function Cell({ value }: { value: ComparisonValue }) {
  if (value === true)
    return (
      <>
        <Check aria-hidden className="mx-auto size-5 text-accent" />
        <span className="sr-only">Included</span>
      </>
    );
  if (value === false)
    return (
      <>
        <Minus aria-hidden className="mx-auto size-5 text-muted-foreground" />
        <span className="sr-only">Not included</span>
      </>
    );
  return <span className="font-medium">{value}</span>;
}

/**
 * Basic vs Pro as a real data table (caption, column and row headers). On a
 * narrow screen the table scrolls inside its own focusable region rather than
 * widening the page.
 */
export function ComparisonTable({
  rows,
  packages,
}: {
  rows: readonly ComparisonRow[];
  packages: readonly WebsitePackage[];
}) {
  const [basic, pro] = packages;
  return (
    <div
      role="region"
      aria-labelledby="comparison-caption"
      tabIndex={0}
      className="relative mx-auto max-w-4xl overflow-x-auto rounded-2xl border bg-card shadow-sm focus-visible:outline-2 focus-visible:outline-ring"
    >
      <table className="w-full min-w-[20rem] border-collapse text-left">
        <caption id="comparison-caption" className="sr-only">
          Feature comparison of the {basic?.name} and {pro?.name} packages
        </caption>
        <thead>
          <tr className="border-b bg-muted/60">
            <th
              scope="col"
              className="px-3 py-4 sm:px-5 text-sm font-semibold uppercase tracking-wider text-muted-foreground"
            >
              Feature
            </th>
            <th scope="col" className="w-24 sm:w-32 px-3 py-4 sm:px-5 text-center text-base font-bold">
              {basic?.name}
            </th>
            <th
              scope="col"
              className="w-24 sm:w-32 bg-secondary px-3 py-4 sm:px-5 text-center text-base font-bold text-primary"
            >
              {pro?.name}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.feature} className="border-b last:border-b-0 even:bg-muted/30">
              <th scope="row" className="px-3 py-3.5 sm:px-5 font-medium">
                {r.feature}
              </th>
              <td className="relative px-3 py-3.5 sm:px-5 text-center">
                <Cell value={r.basic} />
              </td>
              <td className="relative bg-secondary/50 px-3 py-3.5 sm:px-5 text-center">
                <Cell value={r.pro} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
