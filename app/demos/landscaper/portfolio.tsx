import { MapPin } from "lucide-react";

import { Badge } from "~/components/ui/badge";
import { Container } from "~/components/ui/container";
import { PageHeader } from "~/demos/frame/page-header";
import { cn } from "~/lib/cn";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/portfolio";
import { GardenArt } from "./art";
import { home, pageSeo, portfolioPage, projects } from "./content";
import { FeatureList, QuoteBand } from "./sections";

export const meta: Route.MetaFunction = () =>
  seo({ ...pageSeo.portfolio, path: "/demo/landscaper/portfolio" });

export default function LandscaperPortfolio() {
  return (
    <>
      <PageHeader eyebrow={portfolioPage.eyebrow} title={portfolioPage.title} text={portfolioPage.lead} />
      <section aria-label={portfolioPage.title} className="py-16 sm:py-20">
        <Container>
          <ul className="grid gap-16">
            {projects.map((p, i) => (
              <li
                key={p.title}
                className="grid items-center gap-8 lg:grid-cols-2 lg:gap-14"
                data-testid="project"
              >
                <div className={cn("overflow-hidden rounded-3xl shadow-lg", i % 2 === 1 && "lg:order-2")}>
                  <GardenArt
                    id={`lp-${i}`}
                    scene={p.image.scene}
                    label={p.image.alt}
                    className="block h-auto w-full"
                  />
                </div>
                <div>
                  <div className="flex flex-wrap items-center gap-3">
                    <Badge
                      variant={
                        p.category === "Residential"
                          ? "default"
                          : p.category === "Commercial"
                            ? "accent"
                            : "secondary"
                      }
                    >
                      {p.category}
                    </Badge>
                    <span className="flex items-center gap-1 text-sm text-muted-foreground">
                      <MapPin aria-hidden className="size-4" /> {p.location}
                    </span>
                  </div>
                  <h2 className="mt-4 font-heading text-3xl font-extrabold">{p.title}</h2>
                  <p className="mt-3 text-lg text-muted-foreground">{p.description}</p>
                  <h3 className="mt-6 font-heading text-sm font-bold uppercase tracking-wider">
                    {portfolioPage.detailsLabel}
                  </h3>
                  <div className="mt-3">
                    <FeatureList items={p.details} />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </Container>
      </section>
      <QuoteBand {...home.closing} />
    </>
  );
}
