import { Star } from "lucide-react";

import { cn } from "~/lib/cn";

/**
 * 1-5 star rating. Screen readers hear one phrase ("Rated 4 out of 5 stars")
 * instead of five unlabeled icons; a demo sizes and colours the stars with
 * `[&>svg]:` classes on its slot.
 */
export function StarRating({
  rating,
  max = 5,
  className,
  ...props
}: {
  rating: number;
  max?: number;
  className?: string;
  "data-slot"?: string;
}) {
  const value = Math.max(0, Math.min(max, Math.round(rating)));
  return (
    <span
      role="img"
      aria-label={`Rated ${value} out of ${max} stars`}
      data-slot="star-rating"
      {...props}
      className={cn("inline-flex gap-0.5", className)}
    >
      {Array.from({ length: max }, (_, i) => (
        <Star
          key={i}
          aria-hidden
          data-filled={i < value}
          className={cn("size-4", i < value ? "fill-current" : "fill-none opacity-35")}
        />
      ))}
    </span>
  );
}
