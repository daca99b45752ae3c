import { ArrowRight, CalendarCheck, Check, Phone, Star } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Wave } from "./art";
import { type Feature, type PlumbingService, type Testimonial, contactPath, emergencyBar, servicesIntro } from "./content";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { InertAction } from "~/demos/frame/inert-action";
import { cn } from "~/lib/cn";

/** Section components of the plumber demo: soft cards, round icon badges, wave dividers. */

export function Eyebrow({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <p className={cn("inline-flex items-center gap-2 rounded-full bg-secondary px-3 py-1 text-sm font-semibold text-primary", className)}>
      {children}
    </p>
  );
}

export function EmergencyBar() {
  return (
    <div className="bg-accent text-accent-foreground">
      <Container className="flex flex-col items-center justify-between gap-2 py-2 text-center text-sm font-semibold sm:flex-row sm:text-left">
        <p>{emergencyBar.text}</p>
        <InertAction size="sm" variant="secondary" className="rounded-full">
          <Phone aria-hidden /> {emergencyBar.callLabel}
        </InertAction>
      </Container>
    </div>
  );
}

/** A pale-blue page header that ends in a wave. */
export function PageHero({ eyebrow, title, text, children }: { eyebrow: string; title: string; text: string; children?: React.ReactNode }) {
  return (
    <section className="bg-secondary text-secondary-foreground">
      <Container className="py-14 text-center sm:py-20">
        <Eyebrow className="bg-background">{eyebrow}</Eyebrow>
        <h1 className="mx-auto mt-5 max-w-3xl text-4xl font-bold sm:text-5xl">{title}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">{text}</p>
        {children}
      </Container>
      <Wave className="text-background" />
    </section>
  );
}

export function IconBadge({ icon: Icon, className }: { icon: Feature["icon"]; className?: string }) {
  return (
    <span className={cn("flex size-14 shrink-0 items-center justify-center rounded-full bg-secondary text-primary", className)}>
      <Icon aria-hidden className="size-7" />
    </span>
  );
}

export function ServiceCard({ service }: { service: PlumbingService }) {
  return (
    <Card className="h-full gap-5 rounded-3xl p-7 transition-shadow hover:shadow-lg">
      <div className="flex items-start justify-between gap-4">
        <IconBadge icon={service.icon} />
        <p className="text-right">
          <span className="block text-xs font-semibold uppercase tracking-wide text-muted-foreground">{service.priceNote}</span>
          <span className="font-heading text-3xl font-bold text-primary">{service.price}</span>
        </p>
      </div>
      <div className="flex-1">
        <h3 className="font-heading text-xl font-semibold">{service.title}</h3>
        <p className="mt-2 text-muted-foreground">{service.description}</p>
        <ul className="mt-4 grid gap-2 text-sm">
          {service.features.map((f) => (
            <li key={f} className="flex gap-2">
              <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
              {f}
            </li>
          ))}
        </ul>
      </div>
      <Button asChild className="w-full rounded-full">
        <Link to={contactPath}>
          {servicesIntro.requestLabel}
          <span className="sr-only">: {service.title}</span>
          <ArrowRight aria-hidden />
        </Link>
      </Button>
    </Card>
  );
}

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col gap-4 rounded-3xl bg-background/10 p-7 ring-1 ring-background/20">
      <p role="img" aria-label={`${testimonial.rating} out of 5 stars`} className="flex gap-1">
        {Array.from({ length: testimonial.rating }, (_, i) => (
          <Star key={i} aria-hidden className="size-5 fill-current" />
        ))}
      </p>
      <blockquote className="flex-1 text-lg leading-relaxed">“{testimonial.text}”</blockquote>
      <figcaption className="text-sm">
        <span className="block font-semibold">{testimonial.name}</span>
        <span className="opacity-85">{testimonial.service}</span>
      </figcaption>
    </figure>
  );
}

export function BookButton({ label, className }: { label: string; className?: string }) {
  return (
    <InertAction size="lg" variant="outline" className={cn("rounded-full", className)}>
      <CalendarCheck aria-hidden /> {label}
    </InertAction>
  );
}

export function CallButton({ label, className, variant = "accent" }: { label: string; className?: string; variant?: "accent" | "secondary" }) {
  return (
    <InertAction size="lg" variant={variant} className={cn("rounded-full", className)}>
      <Phone aria-hidden /> {label}
    </InertAction>
  );
}
