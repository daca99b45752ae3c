import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { PageHeader } from "~/demos/frame/page-header";
import { ServiceCard } from "~/demos/frame/service-card";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/services";
import { contactPath, home, pageSeo, services, servicesPage } from "./content";
import { QuoteBand } from "./sections";

export const meta: Route.MetaFunction = () => seo({ ...pageSeo.services, path: "/demo/landscaper/services" });

export default function LandscaperServices() {
  return (
    <>
      <PageHeader eyebrow={servicesPage.eyebrow} title={servicesPage.title} text={servicesPage.lead} />
      <section aria-label={servicesPage.title} className="py-16 sm:py-20">
        <Container>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((s) => (
              <li key={s.title} data-testid="service-card">
                <ServiceCard
                  service={s}
                  price="top"
                  priceNote={servicesPage.priceLabel}
                  titleAs="h2"
                  className="h-full"
                  action={
                    <Button asChild className="mt-6 w-full">
                      <Link to={contactPath} aria-label={`${servicesPage.quoteLabel}: ${s.title}`}>
                        {servicesPage.quoteLabel} <ArrowRight aria-hidden />
                      </Link>
                    </Button>
                  }
                />
              </li>
            ))}
          </ul>
        </Container>
      </section>
      <QuoteBand {...home.closing} />
    </>
  );
}
