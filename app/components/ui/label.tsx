import * as LabelPrimitive from "@radix-ui/react-label";
import type * as React from "react";

import { cn } from "~/lib/cn";

export function Label({
  className,
  required,
  children,
  ...props
}: React.ComponentProps<typeof LabelPrimitive.Root> & { required?: boolean }) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn("text-sm font-medium leading-none", className)}
      {...props}
    >
      {children}
      {required && (
        <>
          <span aria-hidden className="ml-0.5 text-destructive">
            *
          </span>
          <span className="sr-only"> (required)</span>
        </>
      )}
    </LabelPrimitive.Root>
  );
}
