import { ArrowRight } from "lucide-react";
import type * as React from "react";
import { BlueprintGrid } from "./art";
import type { CoreValue, Service } from "./content";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { ButtonLink, CallAction } from "~/demos/frame/inert-action";
import { cn } from "~/lib/cn";
import { CheckList } from "~/demos/frame/section";

/** Section components of the electrician demo: blueprint-dark bands, yellow rules, spec-sheet cards. */

/** A dark graphite band with the blueprint grid behind it. */
export function DarkBand({ className, children, ...props }: React.ComponentProps<"section">) {
  return (
    <section className={cn("relative isolate overflow-hidden bg-secondary text-secondary-foreground", className)} {...props}>
      <BlueprintGrid className="absolute inset-0 -z-10 text-secondary-foreground" />
      {children}
    </section>
  );
}

/** Demo phone button: looks like Call Now, never dials (docs/product.md#demo-sites). */
export function CallButton({ label, onDark = false, className }: { label: string; onDark?: boolean; className?: string }) {
  return (
    <CallAction label={label} variant="outline" className={cn(onDark && "border-secondary-foreground/40 bg-transparent text-secondary-foreground hover:bg-secondary-foreground/10", className)} />
  );
}

export function PrimaryLink({ to, children, className }: { to: string; children: React.ReactNode; className?: string }) {
  return (
    <ButtonLink to={to} size="lg" className={className}>
      {children} <ArrowRight aria-hidden />
    </ButtonLink>
  );
}

export function ServiceCard({ service }: { service: Service }) {
  const Icon = service.icon;
  return (
    <Card className="gap-5 border-t-4 border-t-primary">
      <CardHeader className="gap-3">
        <span className="flex size-12 items-center justify-center rounded-md bg-secondary text-primary">
          <Icon aria-hidden className="size-6" />
        </span>
        <CardTitle className="text-xl">{service.title}</CardTitle>
        <CardDescription className="text-base">{service.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <CheckList items={service.features} className="grid gap-2 text-sm" itemClassName="flex gap-2" iconClassName="mt-0.5 size-4 shrink-0 text-accent" />
      </CardContent>
      <CardFooter className="border-t pt-4">
        <p className="font-heading text-lg font-bold">{service.price}</p>
      </CardFooter>
    </Card>
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
