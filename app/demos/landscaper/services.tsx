import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/services";
import { contactPath, home, pageSeo, services, servicesPage } from "./content";
import { FeatureList, QuoteBand } from "./sections";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { PageHeader } from "~/demos/frame/page-header";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () => seo({ ...pageSeo.services, path: "/demo/landscaper/services" });

export default function LandscaperServices() {
  return (
    <>
      <PageHeader eyebrow={servicesPage.eyebrow} title={servicesPage.title} text={servicesPage.lead} />
      <section aria-label={servicesPage.title} className="py-16 sm:py-20">
        <Container>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {services.map(({ icon: Icon, ...s }) => (
              <li key={s.title} className="flex flex-col rounded-2xl border bg-card p-7 shadow-sm" data-testid="service-card">
                <div className="flex items-start justify-between gap-4">
                  <span className="flex size-12 items-center justify-center rounded-xl bg-secondary text-primary">
                    <Icon aria-hidden className="size-6" />
                  </span>
                  <p className="text-right">
                    <span className="block text-xs uppercase tracking-wider text-muted-foreground">{servicesPage.priceLabel}</span>
                    <span className="font-heading text-xl font-extrabold text-primary">{s.price}</span>
                  </p>
                </div>
                <h2 className="mt-5 font-heading text-2xl font-bold">{s.title}</h2>
                <p className="mt-2 text-muted-foreground">{s.description}</p>
                <div className="mt-5 flex-1 border-t pt-5">
                  <FeatureList items={s.features} />
                </div>
                <Button asChild className="mt-6 w-full">
                  <Link to={contactPath} aria-label={`${servicesPage.quoteLabel}: ${s.title}`}>
                    {servicesPage.quoteLabel} <ArrowRight aria-hidden />
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
        </Container>
      </section>
      <QuoteBand {...home.closing} />
    </>
  );
}
