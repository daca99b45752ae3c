import { type ReactNode, useId } from "react";
import { Field } from "~/components/form";
import { Select, type SelectOption } from "~/components/ui/select";
import { cn } from "~/lib/cn";

/** A list's filter: a select named as its id, "Any" for no filter, in a GET form of the page. */
export function FilterSelect({ id, label, options, value }: { id: string; label: string; options: readonly SelectOption[]; value?: string }) {
  return (
    <Field id={id} label={label}>
      <Select name={id} options={options} placeholder="Any" defaultValue={value ?? ""} />
    </Field>
  );
}

/** A titled region of a studio page (its heading names it for assistive technology). */
export function Section({ id, title, className, children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cn("grid content-start gap-3", className)}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A data table that scrolls sideways on a narrow screen instead of squeezing its columns
 * or widening the page: the scrolling box is a named region a keyboard can focus and scroll.
 * It is `relative` so the visually hidden (absolute) header texts scroll with it instead of widening the page.
 */
export function Table({ headers, caption, className, children }: { headers: string[]; caption: string; className?: string; children: ReactNode }) {
  const captionId = useId();
  return (
    <div role="region" aria-labelledby={captionId} tabIndex={0} className="relative max-w-full overflow-x-auto rounded-sm focus-visible:outline-2 focus-visible:outline-ring">
      <table className={cn("w-full text-left text-sm", className)}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="border-b">
          <tr>
            {headers.map((h, i) => (
              <th key={h || i} scope="col" className="px-2 py-2 font-semibold">
                {h || <span className="sr-only">Action</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * Facts as a description list, term beside value from the small breakpoint up; an empty value
 * shows as a dash. Long unbroken values (emails, URLs) wrap instead of widening the page.
 * `children`: further dt/dd pairs after the rows.
 */
export function Details({ rows, className, children }: { rows: [term: string, value: string | null | undefined][]; className?: string; children?: ReactNode }) {
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
  if (error)
    return (
      <p role="alert" className="text-sm text-destructive">
        {error}
      </p>
    );
  return done ? (
    <p role="status" className="text-sm">
      {done}
    </p>
  ) : null;
}
