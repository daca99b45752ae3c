import type * as React from "react";
import { cn } from "~/lib/cn";

/** A titled region of a studio page (its heading names it for assistive technology). */
export function Section({ id, title, className, children }: { id: string; title: string; className?: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className={cn("grid content-start gap-3", className)}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A data table that scrolls sideways on a narrow screen instead of squeezing its columns. */
export function Table({ headers, caption, className, children }: { headers: string[]; caption?: string; className?: string; children: React.ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className={cn("w-full text-left text-sm", className)}>
        {caption && <caption className="sr-only">{caption}</caption>}
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
