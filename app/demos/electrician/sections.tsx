import { ArrowRight, Check, Phone, Star } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { BlueprintGrid } from "./art";
import type { CoreValue, Service, Testimonial } from "./content";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { InertAction } from "~/demos/frame/inert-action";
import { cn } from "~/lib/cn";

/** Section components of the electrician demo: blueprint-dark bands, yellow rules, spec-sheet cards. */

export function Eyebrow({ children, onDark = false }: { children: React.ReactNode; onDark?: boolean }) {
  return (
    <p className={cn("flex items-center gap-3 font-heading text-xs font-bold uppercase tracking-[0.2em]", onDark ? "text-primary" : "text-accent")}>
      <span aria-hidden className="h-1 w-8 bg-primary" />
      {children}
    </p>
  );
}

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
    <InertAction
      size="lg"
      variant="outline"
      className={cn(onDark && "border-secondary-foreground/40 bg-transparent text-secondary-foreground hover:bg-secondary-foreground/10", className)}
    >
      <Phone aria-hidden /> {label}
    </InertAction>
  );
}

export function PrimaryLink({ to, children, className }: { to: string; children: React.ReactNode; className?: string }) {
  return (
    <Button asChild size="lg" className={className}>
      <Link to={to}>
        {children} <ArrowRight aria-hidden />
      </Link>
    </Button>
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
        <ul className="grid gap-2 text-sm">
          {service.features.map((f) => (
            <li key={f} className="flex gap-2">
              <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
              {f}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="border-t pt-4">
        <p className="font-heading text-lg font-bold">{service.price}</p>
      </CardFooter>
    </Card>
  );
}

export function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex gap-0.5" aria-label={`${rating} out of 5 stars`} role="img">
      {Array.from({ length: 5 }, (_, i) => (
        <Star aria-hidden key={i} className={cn("size-4 stroke-secondary", i < rating ? "fill-primary" : "fill-transparent")} />
      ))}
    </p>
  );
}

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <Card className="h-full">
      <Stars rating={testimonial.rating} />
      <blockquote className="flex-1 text-base leading-relaxed">“{testimonial.text}”</blockquote>
      <footer className="flex flex-wrap items-center justify-between gap-2 border-t pt-4 text-sm">
        <cite className="font-semibold not-italic">{testimonial.name}</cite>
        <Badge variant="secondary">{testimonial.service}</Badge>
      </footer>
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

export function PageHeader({ eyebrow, title, text }: { eyebrow: string; title: string; text: string }) {
  return (
    <DarkBand>
      <Container className="py-16 sm:py-20">
        <Eyebrow onDark>{eyebrow}</Eyebrow>
        <h1 className="mt-4 max-w-3xl text-4xl font-bold sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-lg text-secondary-foreground/85">{text}</p>
      </Container>
    </DarkBand>
  );
}
