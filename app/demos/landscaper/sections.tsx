import { ArrowRight, Check, Phone } from "lucide-react";
import { Link } from "react-router";
import { contactPath, site, testimonials } from "./content";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { SectionHeading } from "~/demos/frame/section-heading";
import { InertAction } from "~/demos/frame/inert-action";
import { TestimonialGrid } from "~/demos/frame/testimonial-card";

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
        <SectionHeading id="reviews-title" eyebrow={eyebrow} title={title} />
        <TestimonialGrid testimonials={testimonials} />
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
