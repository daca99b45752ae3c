import type * as React from "react";

import { useFieldControl } from "~/components/form/field-context";
import { cn } from "~/lib/cn";

import { fieldClasses } from "./input";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(fieldClasses, "min-h-24 resize-y", className)}
      {...useFieldControl(props)}
    />
  );
}
