import type * as React from "react";

import { useFieldControl } from "~/components/form/field-context";
import { cn } from "~/lib/cn";

export const fieldClasses =
  "w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base text-foreground shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm";

/** A text input; inside a `Field` (components/form) it takes the field's id and aria-* wiring. */
export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(fieldClasses, "h-10", className)}
      {...useFieldControl(props)}
    />
  );
}
