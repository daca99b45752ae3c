import { ChevronDown } from "lucide-react";
import * as React from "react";

import { cn } from "~/lib/cn";

/**
 * Accordion on native <details>/<summary>: items sharing a `name` form an exclusive
 * group, so one is open at a time and the open one closes on its own summary, with
 * keyboard and screen-reader support from the browser and no script at all
 * (docs/decisions/0007-static-content-pages.md).
 */
const AccordionName = React.createContext<string | undefined>(undefined);

export function Accordion({ name, className, ...props }: React.ComponentProps<"div"> & { name: string }) {
  return (
    <AccordionName.Provider value={name}>
      <div data-slot="accordion" className={className} {...props} />
    </AccordionName.Provider>
  );
}

export function AccordionItem({ className, ...props }: Omit<React.ComponentProps<"details">, "name">) {
  const name = React.useContext(AccordionName);
  return (
    <details
      data-slot="accordion-item"
      name={name}
      className={cn("group border-b last:border-b-0", className)}
      {...props}
    />
  );
}

export function AccordionTrigger({ className, children, ...props }: React.ComponentProps<"summary">) {
  return (
    <summary
      data-slot="accordion-trigger"
      className={cn(
        "flex cursor-pointer list-none items-center justify-between gap-4 rounded-md py-4 text-left font-semibold transition-colors hover:text-primary focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden",
        className,
      )}
      {...props}
    >
      {children}
      <ChevronDown
        aria-hidden
        className="size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-open:rotate-180 motion-reduce:transition-none"
      />
    </summary>
  );
}

export function AccordionContent({ className, children, ...props }: React.ComponentProps<"div">) {
  return (
    <div data-slot="accordion-content" className="text-muted-foreground" {...props}>
      <div className={cn("pb-4", className)}>{children}</div>
    </div>
  );
}
