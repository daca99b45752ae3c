import { useId, type ReactNode } from "react";
import { Form, Link } from "react-router";

import { Field } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { formatCad } from "~/lib/money";
import { formatCalendarDate } from "~/lib/site-time";

import type { Route } from "./+types/analytics";
import {
  bouncePercent,
  bucketLabel,
  filterNames,
  filterValueLabel,
  funnelColumns,
  topTables,
  visitorsColumns,
  type Column,
} from "./analytics-tables";
import { queryString, requireStudio, studioMeta } from "./guard";
import { ExportLink, Section, Table } from "./ui";

export const meta: Route.MetaFunction = () => studioMeta("Analytics");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { analytics } = requireStudio(context);
  const { query, error, filters, filterErrors } = analytics.parseQuery(new URL(request.url).searchParams);
  return { ...(await analytics.overview(query, filters)), query, error, filters, filterErrors };
}

const rangeOptions = [
  { value: "today", label: "Today" },
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
  { value: "custom", label: "Custom (the dates below)" },
];

type Data = Route.ComponentProps["loaderData"];
type List = keyof typeof filterNames;
type Filters = Data["filters"];

/** The page's query string: its range and these filters (and the list shown whole). */
function pageQuery(query: Data["query"], filters: Filters, all?: string) {
  return queryString({ range: query.range, from: query.from, to: query.to, ...filters, all });
}

/** "Source is Google": a filter as its chip and its links name it. */
const filterText = (list: List, value: string) => `${filterNames[list]} is ${filterValueLabel(list, value)}`;

const days = (r: { from: string; to: string }) =>
  r.from === r.to
    ? formatCalendarDate(r.from)
    : `${formatCalendarDate(r.from)} to ${formatCalendarDate(r.to)}`;

/** "+12% from the previous period", or why there is no percentage. */
function change(current: number, previous: number) {
  if (previous === 0) return current === 0 ? "None in either period" : "None in the previous period";
  const percent = Math.round(((current - previous) / previous) * 100);
  return `${percent > 0 ? "+" : ""}${percent}% from the previous period`;
}

const customOnly = "gap-1.5 hidden group-has-[option[value=custom]:checked]:grid";

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const {
    range,
    previous,
    totals,
    previousTotals,
    series,
    top,
    rowCounts,
    funnel,
    query,
    error,
    filters,
    filterErrors,
    rawSince,
  } = loaderData;
  const rangeQuery = pageQuery(query, filters);
  /** A row's link: the page with its value as the list's filter (one value per list), the others kept. */
  const filterLink = (list: List, value: string, shown: string | number) => ({
    to: pageQuery(query, { ...filters, [list]: value }),
    label: `${shown}: show only the visits where ${filterNames[list].toLowerCase()} is ${filterValueLabel(list, value)}`,
  });
  const exportLink = (table: string, label: string) => (
    <ExportLink className="justify-self-start" href={`/api/studio/analytics/${table}.csv${rangeQuery}`}>
      Export {label} as CSV
    </ExportLink>
  );
  const cards: [string, string, string][] = [
    ["Visitors", totals.visitors.toLocaleString("en-CA"), change(totals.visitors, previousTotals.visitors)],
    ["Visits", totals.visits.toLocaleString("en-CA"), change(totals.visits, previousTotals.visits)],
    [
      "Page views",
      totals.pageviews.toLocaleString("en-CA"),
      change(totals.pageviews, previousTotals.pageviews),
    ],
    ["Bounce rate", bouncePercent(totals), `${bouncePercent(previousTotals)} in the previous period`],
  ];
  return (
    <div className="grid gap-8">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">Analytics</h1>
        <p className="text-sm text-muted-foreground">
          {days(range)} (Vancouver time), compared with {days(previous)}. Today's visits appear within a
          minute.
        </p>
      </div>

      <Form
        method="get"
        className="group grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
        aria-label="Choose the range"
      >
        <Field id="range" label="Range" className="gap-1.5">
          <Select name="range" options={rangeOptions} defaultValue={query.range} />
        </Field>
        {/* The dates only when "Custom" is chosen (CSS :has, so it works before JavaScript too). */}
        <Field id="from" label="From (custom)" className={customOnly}>
          <Input name="from" type="date" defaultValue={query.from ?? range.from} />
        </Field>
        <Field id="to" label="To (custom)" className={customOnly}>
          <Input name="to" type="date" defaultValue={query.to ?? range.to} />
        </Field>
        {/* The filters stay when the range changes. */}
        {(Object.entries(filters) as [List, string][]).map(([list, value]) => (
          <input key={list} type="hidden" name={list} value={value} />
        ))}
        <Button type="submit">Show</Button>
      </Form>
      {error && <p role="status">{error} Showing the last 7 days.</p>}
      {filterErrors.length > 0 && (
        <div role="status" className="grid gap-1 text-sm">
          {filterErrors.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </div>
      )}
      <FilterChips query={query} filters={filters} rawSince={rawSince} />

      <Section id="summary" title="Summary">
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {cards.map(([term, value, delta]) => (
            <div key={term} className="grid gap-1 rounded-md border p-3">
              <dt className="text-sm font-semibold">{term}</dt>
              <dd className="text-2xl font-semibold">{value}</dd>
              <dd className="text-sm text-muted-foreground">{delta}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="visitors" title={range.from === range.to ? "Visitors by hour" : "Visitors by day"}>
        <div className="grid gap-4 lg:grid-cols-[3fr_2fr] lg:items-start">
          <BarChart
            title="Visitors over the range"
            bars={series.map((p) => ({ label: bucketLabel(p.bucket), value: p.visitors }))}
          />
          <DataTable
            caption="Visitors and page views per period"
            columns={visitorsColumns}
            rows={series}
            rowKey={(p) => p.bucket}
          />
        </div>
        {exportLink("visitors", "visitors")}
      </Section>

      <Section id="funnel" title="Funnel by source">
        <p className="text-sm text-muted-foreground">
          Visits in the range by source; the leads that arrived in it and what has become of them since: a
          call booked, a call they did not come to (no-show), a quote sent, accepted, and the money paid on
          their quotes (from payments, less refunds and refunds due).
        </p>
        <div className="grid gap-4 lg:grid-cols-[2fr_3fr] lg:items-start">
          <BarChart
            title="Funnel, every source"
            bars={[
              ["Visits", "visits"],
              ["Inquiries", "inquiries"],
              ["Calls booked", "booked"],
              ["Quotes sent", "quoted"],
              ["Accepted", "accepted"],
            ].map(([label, key]) => ({
              label: label!,
              value: funnel.reduce((sum, f) => sum + (f[key as "visits"] ?? 0), 0),
            }))}
          />
          <DataTable
            caption="Visits, leads and money paid by source"
            columns={funnelColumns.map((c) =>
              c.header === "Paid (CAD)"
                ? { ...c, value: (f: Data["funnel"][number]) => formatCad(f.revenueCents) }
                : c,
            )}
            rows={funnel}
            rowKey={(f) => f.source}
            link={(f) => filterLink("source", f.source, f.source)}
            empty="No visits or leads in this range."
            stack
          />
        </div>
        {exportLink("funnel", "the funnel")}
      </Section>

      <div className="grid gap-8 lg:grid-cols-2">
        {(Object.keys(topTables) as (keyof typeof topTables)[]).map((list) => (
          <Section key={list} id={`top-${list}`} title={topTables[list].title}>
            <DataTable
              caption={`${topTables[list].title}, most visitors first`}
              columns={topTables[list].columns}
              rows={top[list]}
              rowKey={(r) => r.value}
              link={(r) => filterLink(list, r.value, topTables[list].columns[0]!.value(r))}
              empty="Nothing in this range."
            />
            {list === "device" && (
              <p className="text-sm text-muted-foreground">
                Browsers are not recorded: of a visitor&apos;s browser only its device class is kept.
              </p>
            )}
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              <MoreLink
                list={list}
                shown={top[list].length}
                count={rowCounts[list]}
                query={query}
                filters={filters}
              />
              {exportLink(list, topTables[list].title.toLowerCase())}
            </div>
          </Section>
        ))}
      </div>
    </div>
  );
}

/**
 * The filters in use, each a chip with a link that removes it (and one that removes them all):
 * plain links, so they work before JavaScript and Back returns to the filter.
 */
function FilterChips({
  query,
  filters,
  rawSince,
}: {
  query: Data["query"];
  filters: Filters;
  rawSince: string | null;
}) {
  const entries = Object.entries(filters) as [List, string][];
  if (entries.length === 0) return null;
  const link = "text-sm font-semibold text-primary underline-offset-4 hover:underline";
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <ul aria-label="Filters in use" className="flex flex-wrap gap-2">
          {entries.map(([list, value]) => {
            const { [list]: _removed, ...rest } = filters;
            return (
              <li
                key={list}
                className="inline-flex max-w-full items-center gap-1 rounded-full border bg-muted py-0.5 pr-1 pl-3 text-sm"
              >
                <span className="[overflow-wrap:anywhere]">
                  {filterNames[list]} is <strong>{filterValueLabel(list, value)}</strong>
                </span>
                <Link
                  to={pageQuery(query, rest)}
                  aria-label={`Remove the filter ${filterText(list, value)}`}
                  className="inline-grid size-7 shrink-0 place-items-center rounded-full text-base hover:bg-background focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span aria-hidden="true">×</span>
                </Link>
              </li>
            );
          })}
        </ul>
        {entries.length > 1 && (
          <Link className={link} to={pageQuery(query, {})}>
            Remove every filter
          </Link>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        Every figure below counts only the visits that match{" "}
        {entries.length > 1 ? "all these filters" : "this filter"}
        {rawSince &&
          `; visits are kept one by one for 90 days, so the figures before ${formatCalendarDate(rawSince)} are not counted`}
        .
      </p>
    </div>
  );
}

/**
 * Under a list of its first ten rows, a link to the page with it whole (a plain link: no script
 * needed), back at the list; under the whole list, one back to the first ten.
 */
function MoreLink({
  list,
  shown,
  count,
  query,
  filters,
}: {
  list: keyof typeof topTables;
  shown: number;
  count: number;
  query: Data["query"];
  filters: Filters;
}) {
  const title = topTables[list].title.toLowerCase();
  const className = "text-sm font-semibold text-primary underline-offset-4 hover:underline";
  if (query.all === list)
    return (
      <Link className={className} to={`${pageQuery(query, filters)}#top-${list}`} preventScrollReset>
        Show the top 10 {title}
        {shown < count && ` (showing ${shown} of ${count})`}
      </Link>
    );
  if (count <= shown) return null;
  return (
    <Link className={className} to={`${pageQuery(query, filters, list)}#top-${list}`} preventScrollReset>
      Show all {count} {title}
    </Link>
  );
}

/**
 * A table of rows by the shared columns, the first one a row header. The short lists fit a phone
 * as tables; a wide one (`stack`: the funnel) becomes a card per row there. With `link`, a row's
 * header is a link that filters the page by it, and a click anywhere on the row follows it.
 */
function DataTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  stack = false,
  link,
}: {
  caption: string;
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R) => string;
  empty?: string;
  stack?: boolean;
  link?: (row: R) => { to: string; label: string };
}) {
  if (rows.length === 0 && empty) return <p>{empty}</p>;
  return (
    <Table caption={caption} headers={columns.map((c) => c.header)} stack={stack}>
      {rows.map((row) => (
        <tr key={rowKey(row)} className={link ? "relative border-b hover:bg-muted" : "border-b"}>
          {columns.map((c, i) =>
            i === 0 ? (
              <th key={c.header} scope="row" className="px-2 py-1.5 font-normal [overflow-wrap:anywhere]">
                {link ? <RowLink {...link(row)}>{c.value(row)}</RowLink> : c.value(row)}
              </th>
            ) : (
              <td key={c.header} className="px-2 py-1.5 tabular-nums">
                {c.value(row)}
              </td>
            ),
          )}
        </tr>
      ))}
    </Table>
  );
}

/** A row's filter link; its ::after covers the row (the row is `relative`), so the whole row is the target. */
function RowLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      aria-label={label}
      className="text-primary underline-offset-4 after:absolute after:inset-0 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
    >
      {children}
    </Link>
  );
}

/**
 * Vertical bars drawn on the server as SVG: no chart script. A picture with a name and a
 * one-line description for a screen reader; the table beside it holds the figures.
 */
function BarChart({ title, bars }: { title: string; bars: { label: string; value: number }[] }) {
  const titleId = useId();
  const descId = useId();
  const width = 600;
  const height = 200;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const axis = 36;
  const slot = (width - axis) / Math.max(1, bars.length);
  const peak = bars.reduce(
    (best, b) => (b.value > best.value ? b : best),
    bars[0] ?? { label: "", value: 0 },
  );
  return (
    <svg
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      viewBox={`0 -14 ${width} ${height + 34}`}
      className="h-auto w-full text-primary"
    >
      <title id={titleId}>{title}</title>
      <desc id={descId}>
        {bars.length === 0 || peak.value === 0
          ? "Nothing to show."
          : `${bars.length} bars; the highest is ${peak.label} with ${peak.value}. The table beside it lists every value.`}
      </desc>
      {/* Axes: the value scale on the left (0 and the highest), the periods along the bottom. */}
      <line x1={axis} y1={0} x2={axis} y2={height} className="stroke-border" strokeWidth={1} />
      <line x1={axis} y1={height} x2={width} y2={height} className="stroke-border" strokeWidth={1} />
      <line
        x1={axis}
        y1={10}
        x2={width}
        y2={10}
        className="stroke-border"
        strokeDasharray="4 4"
        strokeWidth={1}
      />
      <text x={axis - 4} y={14} textAnchor="end" fontSize={12} className="fill-foreground">
        {max}
      </text>
      <text x={axis - 4} y={height} textAnchor="end" fontSize={12} className="fill-foreground">
        0
      </text>
      {bars.map((b, i) => {
        const h = Math.round((b.value / max) * (height - 10));
        return (
          <rect
            key={`${b.label}-${i}`}
            x={axis + i * slot + slot * 0.15}
            y={height - h}
            width={slot * 0.7}
            height={h}
            className="fill-current"
          />
        );
      })}
      {/* Each bar's value above it, while they fit. */}
      {bars.length <= 14 &&
        bars.map((b, i) => (
          <text
            key={`v-${b.label}-${i}`}
            x={axis + i * slot + slot / 2}
            y={height - Math.round((b.value / max) * (height - 10)) - 3}
            textAnchor="middle"
            fontSize={11}
            className="fill-foreground"
          >
            {b.value}
          </text>
        ))}
      {bars.length <= 8 &&
        bars.map((b, i) => (
          <text
            key={`t-${b.label}-${i}`}
            x={axis + i * slot + slot / 2}
            y={height + 15}
            textAnchor="middle"
            fontSize={12}
            className="fill-foreground"
          >
            {b.label}
          </text>
        ))}
    </svg>
  );
}
