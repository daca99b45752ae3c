import { Clock } from "lucide-react";
import type * as React from "react";

import { DemoSection } from "~/demos/frame/section";
import { SectionHeading } from "~/demos/frame/section-heading";
import { TestimonialGrid } from "~/demos/frame/testimonial-card";

import { site, testimonials } from "./content";

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
    <DemoSection titleId="reviews-title" className="py-16 sm:py-24">
      <div className="text-center">
        <SectionHeading
          look="bare"
          eyebrow={eyebrow}
          title={title}
          titleClassName="mt-1 font-heading text-4xl font-semibold"
        />
      </div>
      <TestimonialGrid testimonials={testimonials} />
    </DemoSection>
  );
}
