import { Quote } from "lucide-react";

import { cn } from "~/lib/cn";

import type { Testimonial } from "./schemas";
import { useDemoStyle } from "./slots";
import { StarRating } from "./star-rating";

type TestimonialCardProps = {
  testimonial: Testimonial;
  /** What opens the card: the star rating, a quotation mark, or both. */
  mark?: "stars" | "quote" | "both";
  /** "stacked": name over service; "inline": "Name · Service" on one line. */
  caption?: "stacked" | "inline";
  className?: string;
};

/** One customer review; the demo's theme styles the `testimonial*` slots. */
export function TestimonialCard({
  testimonial: t,
  mark = "stars",
  caption = "stacked",
  className,
}: TestimonialCardProps) {
  const { slots } = useDemoStyle();
  return (
    <figure data-slot="testimonial" className={cn(slots.testimonial, className)}>
      {mark !== "stars" && (
        <Quote aria-hidden data-slot="testimonial-mark" className={slots["testimonial-mark"]} />
      )}
      {mark !== "quote" && (
        <StarRating
          rating={t.rating}
          data-slot="testimonial-rating"
          className={slots["testimonial-rating"]}
        />
      )}
      <blockquote data-slot="testimonial-quote" className={slots["testimonial-quote"]}>
        “{t.text}”
      </blockquote>
      <figcaption data-slot="testimonial-caption" className={slots["testimonial-caption"]}>
        <span data-slot="testimonial-name" className={slots["testimonial-name"]}>
          {t.name}
        </span>
        {/* The space keeps name and service two words for screen readers and copied text, whatever the layout. */}{" "}
        <span data-slot="testimonial-service" className={slots["testimonial-service"]}>
          {caption === "inline" && "· "}
          {t.service}
        </span>
      </figcaption>
    </figure>
  );
}

/** The reviews of a demo as a list of cards. */
export function TestimonialGrid({
  testimonials,
  className,
  ...card
}: Omit<TestimonialCardProps, "testimonial" | "className"> & {
  testimonials: readonly Testimonial[];
  className?: string;
}) {
  const { slots } = useDemoStyle();
  return (
    <ul data-slot="testimonial-grid" className={cn(slots["testimonial-grid"], className)}>
      {testimonials.map((t, i) => (
        <li key={t.name} data-index={i}>
          <TestimonialCard testimonial={t} {...card} className="h-full" />
        </li>
      ))}
    </ul>
  );
}
