import { ChevronDown } from "lucide-react";
import type * as React from "react";

import { useFieldControl } from "~/components/form/field-context";
import { cn } from "~/lib/cn";

import { fieldClasses } from "./input";

export type SelectOption = { value: string; label: string };

/**
 * A styled native <select>: keyboard, screen-reader and no-JavaScript form
 * posts work as the browser makes them, which a custom listbox cannot promise.
 */
export function Select({
  className,
  options,
  placeholder,
  ...props
}: React.ComponentProps<"select"> & { options: readonly SelectOption[]; placeholder?: string }) {
  return (
    <div className="relative">
      <select
        data-slot="select"
        className={cn(fieldClasses, "h-10 appearance-none pr-9", className)}
        {...useFieldControl(props)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
