import { ArrowRight, Check, Leaf, Phone } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { contactPath, site, testimonials } from "./content";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { SectionHeading } from "~/demos/frame/section-heading";
import { StarRating } from "~/demos/frame/star-rating";
import { InertAction } from "~/demos/frame/inert-action";
import { cn } from "~/lib/cn";

/** Eyebrow with a leaf: the landscaper's signature detail. */
export function LeafEyebrow({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <p className={cn("flex items-center gap-2 font-heading text-sm font-semibold uppercase tracking-[0.16em] text-accent", className)}>
      <Leaf aria-hidden className="size-4" /> {children}
    </p>
  );
}

/** The green band that opens every inner page, with its single h1. */
export function PageIntro({ eyebrow, title, lead }: { eyebrow: string; title: string; lead: string }) {
  return (
    <section className="relative overflow-hidden bg-secondary">
      <svg aria-hidden viewBox="0 0 200 200" width={200} height={200} className="absolute -top-10 -right-10 size-64 text-primary/10 sm:size-80">
        <path d="M100 10 C160 40 190 100 100 190 C10 100 40 40 100 10Z" fill="currentColor" />
        <path d="M100 30 L100 180" stroke="currentColor" strokeWidth="4" />
      </svg>
      <Container className="relative py-14 sm:py-20">
        <LeafEyebrow>{eyebrow}</LeafEyebrow>
        <h1 className="mt-3 max-w-3xl font-heading text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{lead}</p>
      </Container>
    </section>
  );
}

export function FeatureList({ items }: { items: readonly string[] }) {
  return (
    <ul className="grid gap-2 text-sm">
      {items.map((f) => (
        <li key={f} className="flex gap-2">
          <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" /> {f}
        </li>
      ))}
    </ul>
  );
}

export function TestimonialStrip({ eyebrow, title }: { eyebrow: string; title: string }) {
  return (
    <section aria-labelledby="reviews-title" className="py-16 sm:py-24">
      <Container>
        <SectionHeading
          id="reviews-title"
          eyebrow={eyebrow}
          title={title}
          eyebrowClassName="text-accent"
          titleClassName="font-extrabold"
        />
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.name} className="rounded-xl border bg-card p-6">
              <StarRating rating={t.rating} className="text-accent" />
              <blockquote className="mt-4 italic">“{t.text}”</blockquote>
              <p className="mt-5 font-heading text-sm font-bold">{t.name}</p>
              <p className="text-sm text-muted-foreground">{t.service}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

export function QuoteBand({ title, text, cta }: { title: string; text: string; cta: { label: string; to: string } }) {
  return (
    <section aria-labelledby="quote-band-title" className="bg-primary text-primary-foreground">
      <Container className="flex flex-col items-start gap-6 py-14 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id="quote-band-title" className="font-heading text-3xl font-extrabold">
            {title}
          </h2>
          <p className="mt-3 opacity-90">{text}</p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg" variant="secondary">
            <Link to={cta.to}>
              {cta.label} <ArrowRight aria-hidden />
            </Link>
          </Button>
          <InertAction size="lg" variant="outline" className="border-primary-foreground/60 bg-transparent text-primary-foreground hover:bg-primary-foreground/10">
            <Phone aria-hidden /> {site.contact.phone}
          </InertAction>
        </div>
      </Container>
    </section>
  );
}

export { contactPath };
