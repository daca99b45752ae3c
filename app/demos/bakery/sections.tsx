import { Clock } from "lucide-react";
import type * as React from "react";
import { site, testimonials } from "./content";
import { Container } from "~/components/ui/container";
import { StarRating } from "~/demos/frame/star-rating";
import { cn } from "~/lib/cn";

/** A scalloped edge between sections: the bakery's paper-doily signature. */
export function Scallop({ className, flip = false }: { className?: string; flip?: boolean }) {
  return (
    <svg aria-hidden viewBox="0 0 1200 24" width={1200} height={24} preserveAspectRatio="none" className={cn("block h-4 w-full sm:h-6", flip && "rotate-180", className)}>
      <path
        d={`M0 0 ${Array.from({ length: 30 }, (_, i) => `Q${i * 40 + 20} 28 ${(i + 1) * 40} 0`).join(" ")} L1200 0Z`}
        fill="currentColor"
      />
    </svg>
  );
}

export function Eyebrow({ children, className }: { children: React.ReactNode; className?: string }) {
  return <p className={cn("font-heading text-lg italic text-primary", className)}>{children}</p>;
}

/** Soft, centred opening of an inner page with its single h1. */
export function PageIntro({ eyebrow, title, lead }: { eyebrow: string; title: string; lead: string }) {
  return (
    <section>
      <div className="bg-secondary text-secondary-foreground">
        <Container className="pt-14 pb-10 text-center sm:pt-20 sm:pb-14">
          <Eyebrow>{eyebrow}</Eyebrow>
          <h1 className="mt-2 font-heading text-5xl font-semibold sm:text-6xl">{title}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">{lead}</p>
        </Container>
      </div>
      <Scallop className="text-secondary" />
    </section>
  );
}

export function OpenBadge({ label }: { label: string }) {
  const h = site.hours[0];
  return (
    <p className="inline-flex items-center gap-2 rounded-full border border-accent bg-card px-4 py-2 text-sm">
      <Clock aria-hidden className="size-4 text-primary" />
      <span>
        {label}: <strong>{h?.time}</strong>
      </span>
    </p>
  );
}

export function Reviews({ eyebrow, title }: { eyebrow: string; title: string }) {
  return (
    <section aria-labelledby="reviews-title" className="py-16 sm:py-24">
      <Container>
        <div className="text-center">
          <Eyebrow>{eyebrow}</Eyebrow>
          <h2 id="reviews-title" className="mt-1 font-heading text-4xl font-semibold">
            {title}
          </h2>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {testimonials.map((t, i) => (
            <li key={t.name} className={cn("rounded-[1.75rem] bg-card p-7 shadow-sm ring-1 ring-border", i === 1 && "md:-translate-y-4")}>
              <StarRating rating={t.rating} className="text-primary" />
              <blockquote className="mt-4 font-heading text-lg leading-relaxed">“{t.text}”</blockquote>
              <p className="mt-5 font-semibold">{t.name}</p>
              <p className="text-sm text-muted-foreground">{t.service}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
