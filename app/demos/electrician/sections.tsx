import { ArrowRight } from "lucide-react";
import type * as React from "react";

import { ButtonLink, CallAction } from "~/demos/frame/inert-action";
import { cn } from "~/lib/cn";

import { BlueprintGrid } from "./art";
import type { CoreValue } from "./content";

/** Section components of the electrician demo: blueprint-dark bands, yellow rules, spec-sheet cards. */

/** A dark graphite band with the blueprint grid behind it. */
export function DarkBand({ className, children, ...props }: React.ComponentProps<"section">) {
  return (
    <section
      className={cn("relative isolate overflow-hidden bg-secondary text-secondary-foreground", className)}
      {...props}
    >
      <BlueprintGrid className="absolute inset-0 -z-10 text-secondary-foreground" />
      {children}
    </section>
  );
}

/** Demo phone button: looks like Call Now, never dials (docs/product.md#demo-sites). */
export function CallButton({
  label,
  onDark = false,
  className,
}: {
  label: string;
  onDark?: boolean;
  className?: string;
}) {
  return (
    <CallAction
      label={label}
      variant="outline"
      className={cn(
        onDark &&
          "border-secondary-foreground/40 bg-transparent text-secondary-foreground hover:bg-secondary-foreground/10",
        className,
      )}
    />
  );
}

export function PrimaryLink({
  to,
  children,
  className,
}: {
  to: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <ButtonLink to={to} size="lg" className={className}>
      {children} <ArrowRight aria-hidden />
    </ButtonLink>
  );
}

export function ValueCard({ value }: { value: CoreValue }) {
  const Icon = value.icon;
  return (
    <div className="flex gap-4 rounded-lg border bg-card p-5">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <Icon aria-hidden className="size-5" />
      </span>
      <div>
        <h3 className="font-heading text-lg font-bold">{value.title}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{value.description}</p>
      </div>
    </div>
  );
}
