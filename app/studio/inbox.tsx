import { Link } from "react-router";

import { Field } from "~/components/form";
import { Badge } from "~/components/ui/badge";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { cn } from "~/lib/cn";
import { budgetOptions, optionLabel, projectTypeOptions, timelineOptions } from "~/schemas/inquiry-fields";

import type { Route } from "./+types/inbox";
import { formatTime, queryString, requireStudio, studioMeta } from "./guard";
import { NO_REF, sortOptions, statusOptions } from "./labels";
import { LeadSourceSummary } from "./lead-source";
import { FilterDisclosure, FilterForm, FilterSelect, ListHeader, Table, wideOnly } from "./ui";

export const meta: Route.MetaFunction = () => studioMeta("Inbox");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { leads } = requireStudio(context);
  const { query, invalid } = leads.parseQuery(new URL(request.url).searchParams);
  const { after: _after, ...filters } = query;
  const [page, refs] = await Promise.all([leads.list(query), leads.refs()]);
  return {
    ...page,
    refs,
    filters: { ...filters, q: filters.q ?? "" },
    invalid,
  };
}

const deliveryLabel = {
  delivered: "Delivered",
  pending: "Pending",
  failed: "Failed",
  none: "None",
} as const;

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { leads, next, filters, invalid, refs } = loaderData;
  const exportQuery = queryString({
    q: filters.q,
    status: filters.status,
    projectType: filters.projectType,
    budget: filters.budget,
    ref: filters.ref,
    sort: filters.sort,
    view: filters.view,
  });
  const spam = filters.view === "spam";
  const refOptions = [
    { value: NO_REF, label: "No ref (direct)" },
    ...refs.map((r) => ({ value: r.ref, label: `${r.ref} (${r.count})` })),
  ];
  return (
    <div className="grid gap-6">
      <ListHeader title={spam ? "Spam" : "Leads"} exportHref={`/api/studio/leads.csv${exportQuery}`}>
        {/* The quarantine is a view of its own: suspected spam never mixes with the inbox. */}
        <nav aria-label="Lead views" className="flex gap-4 text-sm font-semibold">
          <Link
            to="/studio/inbox"
            aria-current={spam ? undefined : "page"}
            className={
              spam ? "text-primary underline-offset-4 hover:underline" : "underline underline-offset-4"
            }
          >
            Inbox
          </Link>
          <Link
            to="/studio/inbox?view=spam"
            aria-current={spam ? "page" : undefined}
            className={
              spam ? "underline underline-offset-4" : "text-primary underline-offset-4 hover:underline"
            }
          >
            Spam
          </Link>
        </nav>
      </ListHeader>
      {spam && (
        <p>
          Inquiries taken for spam (hidden field filled, or sent within seconds). Nothing was sent for them.
          Open one to move it to the inbox; they are deleted after 30 days.
        </p>
      )}
      <FilterForm
        label="Filter leads"
        role="search"
        className="grid gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,5fr)_auto] lg:items-end"
        invalid={invalid}
      >
        {spam && <input type="hidden" name="view" value="spam" />}
        <Field id="q" label="Search">
          <Input
            name="q"
            type="search"
            defaultValue={filters.q}
            maxLength={200}
            placeholder="Name, email, company or message"
          />
        </Field>
        <FilterDisclosure
          active={[filters.status, filters.projectType, filters.budget, filters.ref].filter(Boolean).length}
          className="lg:grid-cols-5"
        >
          <FilterSelect id="status" label="Status" options={statusOptions} value={filters.status} />
          <FilterSelect
            id="projectType"
            label="Project type"
            options={projectTypeOptions}
            value={filters.projectType}
          />
          <FilterSelect id="budget" label="Budget" options={budgetOptions} value={filters.budget} />
          <FilterSelect id="ref" label="Source" options={refOptions} value={filters.ref} />
          <Field id="sort" label="Order">
            <Select name="sort" options={sortOptions} defaultValue={filters.sort} />
          </Field>
        </FilterDisclosure>
      </FilterForm>
      {leads.length === 0 ? (
        <p>{spam ? "No inquiries in Spam." : "No leads match."}</p>
      ) : (
        <Table
          stack={false}
          className="md:min-w-[56rem]"
          caption={`${spam ? "Spam" : "Leads"}, ${sortOptions.find((o) => o.value === filters.sort)?.label.toLowerCase()}`}
          headers={[
            "Name",
            { label: "Company", className: wideOnly },
            { label: "Project type", className: wideOnly },
            { label: "Budget", className: wideOnly },
            { label: "Timeline", className: wideOnly },
            { label: "Source", className: wideOnly },
            { label: "Received", className: wideOnly },
            "Status",
            { label: "Notification", className: wideOnly },
          ]}
        >
          {leads.map((l) => (
            <tr key={l.id} className="border-b align-top">
              <th scope="row" className="px-2 py-2 font-normal">
                <Link
                  to={`/studio/leads/${l.id}`}
                  className="block font-semibold text-primary underline-offset-4 hover:underline max-md:max-w-[14rem] max-md:truncate"
                >
                  {l.first_name} {l.last_name}
                </Link>
              </th>
              <td className={cn("px-2 py-2", wideOnly)}>{l.company ?? "—"}</td>
              <td className={cn("px-2 py-2", wideOnly)}>{optionLabel(projectTypeOptions, l.project_type)}</td>
              <td className={cn("px-2 py-2", wideOnly)}>{optionLabel(budgetOptions, l.budget) ?? "—"}</td>
              <td className={cn("px-2 py-2", wideOnly)}>{optionLabel(timelineOptions, l.timeline) ?? "—"}</td>
              <td className={cn("px-2 py-2", wideOnly)}>
                <LeadSourceSummary lead={l} />
              </td>
              <td className={cn("px-2 py-2 whitespace-nowrap", wideOnly)}>{formatTime(l.created_at)}</td>
              <td className="px-2 py-2">
                <Badge variant="outline">{optionLabel(statusOptions, l.status)}</Badge>
              </td>
              <td className={cn("px-2 py-2", wideOnly)}>{deliveryLabel[l.delivery]}</td>
            </tr>
          ))}
        </Table>
      )}
      {next && (
        <Link
          className="justify-self-start font-semibold text-primary underline-offset-4 hover:underline"
          to={queryString({ ...filters, after: next })}
        >
          Next page
        </Link>
      )}
    </div>
  );
}
