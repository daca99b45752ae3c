import { Clock } from "lucide-react";
import type * as React from "react";
import { site, testimonials } from "./content";
import { Container } from "~/components/ui/container";
import { Eyebrow } from "~/demos/frame/eyebrow";
import { TestimonialGrid } from "~/demos/frame/testimonial-card";

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
        <TestimonialGrid testimonials={testimonials} />
      </Container>
    </section>
  );
}
