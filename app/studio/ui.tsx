import {
  Children,
  cloneElement,
  Fragment,
  isValidElement,
  useId,
  type ReactElement,
  type ReactNode,
} from "react";
import { Form, Link, useNavigation } from "react-router";

import { Field, FormAlert } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Select, type SelectOption } from "~/components/ui/select";
import { cn } from "~/lib/cn";

/** A list's filter: a select named as its id, "Any" for no filter, in a GET form of the page. */
export function FilterSelect({
  id,
  label,
  options,
  value,
}: {
  id: string;
  label: string;
  options: readonly SelectOption[];
  value?: string;
}) {
  return (
    <Field id={id} label={label}>
      <Select name={id} options={options} placeholder="Any" defaultValue={value ?? ""} />
    </Field>
  );
}

/**
 * A list page's filters, folded away on a phone behind a "Filters" disclosure (the search box and
 * Apply stay outside it) and always laid out in a row from the large breakpoint up, where the
 * summary is hidden and the closed details' content is shown: no script decides either.
 * `active`: how many filters are set, said in the summary so a folded filter is not forgotten.
 */
export function FilterDisclosure({
  active,
  className,
  children,
}: {
  active: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <details className="group rounded-md border lg:border-0 lg:details-content:[content-visibility:visible]">
      <summary className="flex min-h-10 cursor-pointer items-center justify-between gap-2 rounded-md px-3 text-sm font-semibold lg:hidden">
        <span>
          Filters{active > 0 && <span className="font-normal text-muted-foreground"> · {active} on</span>}
        </span>
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className={cn("grid gap-3 border-t p-3 sm:grid-cols-2 lg:border-0 lg:p-0", className)}>
        {children}
      </div>
    </details>
  );
}

/**
 * A list page's filters: a GET form (`className` lays it out) ending in Apply, and a note read
 * out when the address held filters the server did not understand and ignored (`invalid`).
 */
export function FilterForm({
  label,
  className,
  role,
  invalid,
  children,
}: {
  label: string;
  className: string;
  role?: "search";
  invalid: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <Form method="get" className={className} role={role} aria-label={label}>
        {children}
        <Button type="submit" className="justify-self-start lg:justify-self-stretch">
          Apply
        </Button>
      </Form>
      {invalid && <p role="status">Some filters were not understood and were ignored.</p>}
    </>
  );
}

/**
 * The lead's page: details and actions beside the timeline from the large breakpoint up,
 * one column on a phone (in source order: details, actions, then the timeline).
 */
export function SplitColumns({ children }: { children: ReactNode }) {
  return <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-12">{children}</div>;
}

/** A download of what a page lists, as CSV (`href`: the export endpoint with the page's filters). */
export function ExportLink({
  href,
  className,
  children = "Export CSV",
}: {
  href: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <a
      className={cn("text-sm font-semibold text-primary underline-offset-4 hover:underline", className)}
      href={href}
      download
    >
      {children}
    </a>
  );
}

/**
 * A list page's heading with its CSV export at the end of the line (wrapping under it on a phone);
 * `children` stand between the two (the inbox's view links).
 */
export function ListHeader({
  title,
  exportHref,
  children,
}: {
  title: string;
  exportHref: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children}
      <ExportLink href={exportHref} />
    </div>
  );
}

/** A titled region of a studio page (its heading names it for assistive technology). */
export function Section({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn("grid content-start gap-3", className)}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A table's column whose header carries classes (one hidden on a phone: `wideOnly`). */
type Column = { label: string; className?: string };

/** A column and its cells shown from the medium breakpoint up: a phone's list keeps one line per row. */
export const wideOnly = "max-md:hidden";

/**
 * A data table. From 640 px up it is a table that scrolls sideways inside its own region when
 * wider than the screen (a named region a keyboard can focus and scroll; `relative` so the visually
 * hidden header texts scroll with it instead of widening the page). On a phone each row is a card of
 * label and value pairs (`stack`, the default; the `table-stack` rules in app.css): each cell's label
 * is its column's header, set here on each cell of its rows (`labelRows`; not an inline style, which
 * the studio's CSP forbids).
 * `stack={false}`: a table designed for a phone already (the inbox's one line per lead).
 */
export function Table({
  headers,
  caption,
  className,
  stack = true,
  children,
}: {
  headers: (string | Column)[];
  caption: string;
  className?: string;
  stack?: boolean;
  children: ReactNode;
}) {
  const captionId = useId();
  const labels = headers.map((h) => (typeof h === "string" ? h : h.label));
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="scroll-cue relative max-w-full overflow-x-auto rounded-sm focus-visible:outline-2 focus-visible:outline-ring"
    >
      <table className={cn("w-full text-left text-sm", className, stack && "table-stack")}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="border-b">
          <tr>
            {headers.map((header, i) => {
              const { label, className: columnClass } =
                typeof header === "string" ? { label: header, className: undefined } : header;
              return (
                <th key={label || i} scope="col" className={cn("px-2 py-2 font-semibold", columnClass)}>
                  {label || <span className="sr-only">Action</span>}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{stack ? labelRows(children, labels) : children}</tbody>
      </table>
    </div>
  );
}

/**
 * Each row's cells labelled with their column's header (`data-label`, shown on a phone by
 * app.css). Rows are the table's own `tr` elements; cells are theirs or in a fragment among them
 * (a helper returning several cells), counted in order.
 */
function labelRows(rows: ReactNode, labels: string[]) {
  return Children.map(rows, (row) =>
    isValidElement<{ children?: ReactNode }>(row) && row.type === "tr"
      ? cloneElement(row, undefined, labelCells(row.props.children, labels, { next: 0 }))
      : row,
  );
}

function labelCells(cells: ReactNode, labels: string[], at: { next: number }): ReactNode[] {
  return Children.toArray(cells).map((cell) => {
    if (!isValidElement<{ children?: ReactNode }>(cell)) return cell;
    if (cell.type === Fragment)
      return cloneElement(cell, undefined, labelCells(cell.props.children, labels, at));
    if (cell.type !== "td" && cell.type !== "th") return cell;
    const label = labels[at.next++];
    return label
      ? cloneElement(cell as ReactElement<{ "data-label"?: string }>, { "data-label": label })
      : cell;
  });
}

/**
 * For a page's description lists that stand one under another (a lead's details and source):
 * one term width for all, so their values line up, and term beside value on a phone too.
 */
export const alignedTerms = "grid-cols-[8rem_minmax(0,1fr)] sm:grid-cols-[9rem_minmax(0,1fr)]";

/**
 * Facts as a description list, term beside value from the small breakpoint up; an empty value
 * shows as a dash. Long unbroken values (emails, URLs) wrap instead of widening the page.
 * `children`: further dt/dd pairs after the rows.
 */
export function Details({
  rows,
  className,
  children,
}: {
  rows: [term: string, value: string | null | undefined][];
  className?: string;
  children?: ReactNode;
}) {
  return (
    <dl className={cn("grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]", className)}>
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold">{term}</dt>
          <dd className="[overflow-wrap:anywhere]">{value || "—"}</dd>
        </div>
      ))}
      {children}
    </dl>
  );
}

/** What a page action answered, read out when it appears: its error as an alert, else what it did as a status. */
export function ActionMessage({ error, done }: { error?: string; done?: string }) {
  if (error) return <FormAlert tone="error">{error}</FormAlert>;
  return done ? (
    <FormAlert tone="success" role="status">
      {done}
    </FormAlert>
  ) : null;
}

/** Where a page under the settings leads back to. */
const toSettings = { to: "/studio/settings", label: "Back to the settings" };

/**
 * A page under another (the settings' pages, the calls' settings): the way back up (`back`, the
 * settings unless said), its heading and what it is for (`intro`).
 */
export function Subpage({
  back = toSettings,
  title,
  intro,
  children,
}: {
  back?: { to: string; label: string };
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-8">
      <p>
        <Link to={back.to} className="text-sm text-primary underline-offset-4 hover:underline">
          {back.label}
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {intro && <p className="max-w-2xl text-muted-foreground">{intro}</p>}
      {children}
    </div>
  );
}

/** What a page's action answered a form: its error (and the fields it refused) or what it did. */
export type FormResult = { error?: string; done?: string; fieldErrors?: Record<string, string> };

/** What a page of kept things (`KeptItem`) answered a form: about the thing `id`, or the new one without. */
export type KeptResult = FormResult & { intent: string; id?: string };

/**
 * A form posting to its page: its hidden fields (which of the page's forms it is), its fields, what
 * its last post answered (`result`, when it was about this form) and its submit button, off while
 * a post is on its way.
 */
export function PostForm({
  hidden = {},
  className,
  result,
  submit,
  children,
}: {
  hidden?: Record<string, string>;
  className: string;
  result?: FormResult;
  submit: string;
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className={className}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      {result && <ActionMessage error={result.error} done={result.done} />}
      <Button type="submit" disabled={busy} className="justify-self-start">
        {submit}
      </Button>
    </Form>
  );
}

/**
 * One of the things a settings page keeps (a catalogue item, a care plan): its name and `line`,
 * its `note`, what the last post about it answered, its `fields` folded under "Change" (open again
 * when a save refused them), and the button that takes it off sale or puts it back (`toggle`).
 */
export function KeptItem({
  id,
  name,
  line,
  note,
  result,
  fields,
  toggle,
}: {
  id: string;
  name: string;
  line: ReactNode;
  note?: string;
  result?: FormResult;
  fields: ReactNode;
  toggle: { intent: string; label: string };
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <li className="grid gap-2 rounded-md border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{name}</span>
        {line}
      </div>
      {note && <p className="text-sm text-muted-foreground">{note}</p>}
      {result && <ActionMessage error={result.error} done={result.done} />}
      <details open={Boolean(result?.fieldErrors)}>
        <summary className="cursor-pointer text-sm text-primary">Change {name}</summary>
        <PostForm className="mt-3 grid gap-4" hidden={{ intent: "save" }} submit={`Save ${name}`}>
          {fields}
        </PostForm>
      </details>
      <Form method="post">
        <input type="hidden" name="id" value={id} />
        <Button type="submit" name="intent" value={toggle.intent} variant="outline" size="sm" disabled={busy}>
          {toggle.label}
        </Button>
      </Form>
    </li>
  );
}
