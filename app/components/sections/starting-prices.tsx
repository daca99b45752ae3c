import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { homeSections } from "~/content/home";
import { formatStartingPrice, popularLabel, type WebsitePackage } from "~/content/packages";
import { cn } from "~/lib/cn";

import { SiteSection, SiteSectionHeading } from "./site-section";

/** Home #pricing: the "starting at" prices ($220+ / $340+) with a link to the full pricing page. */
export function StartingPrices({ items }: { items: readonly WebsitePackage[] }) {
  const h = homeSections.pricing;
  return (
    <SiteSection id="pricing" tone="tinted" aria-labelledby="pricing-title">
      <SiteSectionHeading id="pricing-title" eyebrow={h.eyebrow} title={h.title} intro={h.intro} />
      <ul className="mx-auto mt-12 grid max-w-3xl gap-6 sm:grid-cols-2">
        {items.map((p) => (
          <li
            key={p.id}
            className={cn(
              "relative rounded-2xl border bg-card p-7 shadow-sm",
              p.popular && "border-primary ring-1 ring-primary",
            )}
          >
            {p.popular && (
              <p className="absolute right-5 top-5 rounded-full bg-secondary px-3 py-0.5 text-xs font-semibold text-primary">
                {popularLabel}
              </p>
            )}
            <h3 className="text-xl font-bold">{p.name} Website</h3>
            <p className="mt-1 text-sm text-muted-foreground">Up to {p.pages} pages</p>
            <p className="mt-5 text-sm font-medium text-muted-foreground">Starting at</p>
            <p
              className="font-heading text-4xl font-extrabold tracking-tight"
              data-testid={`starting-price-${p.id}`}
            >
              {formatStartingPrice(p)}
            </p>
            <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{p.description}</p>
          </li>
        ))}
      </ul>
      <div className="mt-10 text-center">
        <Button asChild size="lg" variant="outline">
          <Link to={h.link.to}>
            {h.link.label}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </SiteSection>
  );
}
