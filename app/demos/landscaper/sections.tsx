import { ArrowRight } from "lucide-react";

import { ButtonLink, CallAction } from "~/demos/frame/inert-action";
import { CheckList, DemoSection } from "~/demos/frame/section";
import { SectionHeading } from "~/demos/frame/section-heading";
import { TestimonialGrid } from "~/demos/frame/testimonial-card";

import { contactPath, site, testimonials } from "./content";

export function FeatureList({ items }: { items: readonly string[] }) {
  return (
    <CheckList
      items={items}
      className="grid gap-2 text-sm"
      itemClassName="flex gap-2"
      iconClassName="mt-0.5 size-4 shrink-0 text-primary"
    />
  );
}

export function TestimonialStrip({ eyebrow, title }: { eyebrow: string; title: string }) {
  return (
    <DemoSection titleId="reviews-title" className="py-16 sm:py-24">
      <SectionHeading id="reviews-title" eyebrow={eyebrow} title={title} />
      <TestimonialGrid testimonials={testimonials} />
    </DemoSection>
  );
}

export function QuoteBand({
  title,
  text,
  cta,
}: {
  title: string;
  text: string;
  cta: { label: string; to: string };
}) {
  return (
    <DemoSection
      titleId="quote-band-title"
      className="bg-primary text-primary-foreground"
      containerClassName="flex flex-col items-start gap-6 py-14 md:flex-row md:items-center md:justify-between"
    >
      <div className="max-w-2xl">
        <SectionHeading
          look="bare"
          title={title}
          titleClassName="font-heading text-3xl font-extrabold"
          description={text}
          descriptionClassName="mt-3 opacity-90"
        />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <ButtonLink to={cta.to} size="lg" variant="secondary">
          {cta.label} <ArrowRight aria-hidden />
        </ButtonLink>
        <CallAction
          label={site.contact.phone}
          variant="outline"
          className="border-primary-foreground/60 bg-transparent text-primary-foreground hover:bg-primary-foreground/10"
        />
      </div>
    </DemoSection>
  );
}

export { contactPath };
