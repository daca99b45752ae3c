import type * as React from "react";
import { cn } from "~/lib/cn";
import { fieldClasses } from "./input";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea data-slot="textarea" className={cn(fieldClasses, "min-h-24 resize-y", className)} {...props} />;
}
