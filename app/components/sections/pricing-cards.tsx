import { Check, Star } from "lucide-react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { formatListPrice, popularLabel, type WebsitePackage } from "~/content/packages";
import { cn } from "~/lib/cn";
import { href } from "~/lib/href";

/** The two package cards of the pricing page, with the pricing-card list prices ($350+ / $700+). */
export function PricingCards({ items }: { items: readonly WebsitePackage[] }) {
  return (
    <ul className="mx-auto grid max-w-4xl gap-8 md:grid-cols-2">
      {items.map((p) => {
        const titleId = `package-${p.id}-title`;
        return (
          <li key={p.id} className="flex">
            <article
              aria-labelledby={titleId}
              className={cn(
                "relative flex w-full flex-col rounded-3xl border bg-card p-8 shadow-sm",
                p.popular && "border-primary shadow-xl ring-1 ring-primary md:-translate-y-2",
              )}
            >
              {p.popular && (
                <p className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 whitespace-nowrap rounded-full bg-primary px-4 py-1 text-sm font-semibold text-primary-foreground shadow">
                  <Star aria-hidden className="size-3.5 fill-current" />
                  {popularLabel}
                </p>
              )}
              <h3 id={titleId} className="text-2xl font-extrabold">
                {p.name}
              </h3>
              <p className="mt-2 text-muted-foreground">{p.description}</p>
              <p className="mt-6 flex items-baseline gap-2">
                <span
                  className="font-heading text-5xl font-extrabold tracking-tight"
                  data-testid={`price-${p.id}`}
                >
                  {formatListPrice(p)}
                </span>
                <span className="text-sm text-muted-foreground">CAD, one time</span>
              </p>
              <p className="mt-1 text-sm font-medium text-primary">Up to {p.pages} pages</p>
              <ul className="mt-8 grid gap-3 border-t pt-8">
                {p.features.map((f) => (
                  <li key={f} className="flex items-start gap-3">
                    <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-accent/15 text-accent">
                      <Check aria-hidden className="size-3.5" />
                    </span>
                    {f}
                  </li>
                ))}
              </ul>
              <Button asChild size="lg" variant={p.popular ? "default" : "outline"} className="mt-8 w-full">
                <Link to={href("/contact")}>
                  Get Started<span className="sr-only"> with {p.name}</span>
                </Link>
              </Button>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
