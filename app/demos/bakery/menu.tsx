import { ArrowRight, Info } from "lucide-react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { PageHeader } from "~/demos/frame/page-header";
import { cn } from "~/lib/cn";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/menu";
import { BakeryItemArt } from "./art";
import { contactPath, menu, menuPage, pageSeo } from "./content";

export const meta: Route.MetaFunction = () => seo({ ...pageSeo.menu, path: "/demo/bakery/menu" });

export default function BakeryMenu() {
  return (
    <>
      <PageHeader eyebrow={menuPage.eyebrow} title={menuPage.title} text={menuPage.lead} />
      <section aria-label={menuPage.title} className="py-14 sm:py-20">
        <Container className="grid gap-10">
          {menu.map(({ icon: Icon, ...m }, i) => (
            <article
              key={m.id}
              aria-labelledby={`menu-${m.id}`}
              data-testid="menu-item"
              className={cn(
                "grid items-center gap-6 rounded-[2rem] bg-card p-6 shadow-sm ring-1 ring-border sm:p-10",
                i % 2 === 1 ? "md:grid-cols-[3fr_2fr]" : "md:grid-cols-[2fr_3fr]",
              )}
            >
              <BakeryItemArt
                kind={m.art}
                label={m.artLabel}
                className={cn("mx-auto h-auto w-full max-w-sm", i % 2 === 1 && "md:order-2")}
              />
              <div>
                <div className="flex flex-wrap items-end justify-between gap-4 border-b-2 border-dotted border-accent pb-4">
                  <h2
                    id={`menu-${m.id}`}
                    className="flex items-center gap-3 font-heading text-3xl font-semibold sm:text-4xl"
                  >
                    <Icon aria-hidden className="size-7 text-primary" /> {m.title}
                  </h2>
                  <p className="sm:text-right">
                    <span className="block font-heading text-3xl font-semibold text-primary">{m.price}</span>
                    <span className="text-sm text-muted-foreground">{m.priceNote}</span>
                  </p>
                </div>
                <p className="mt-4 text-lg">{m.description}</p>
                <h3 className="mt-5 text-sm font-semibold uppercase tracking-wider text-muted-foreground">
                  {menuPage.varietiesLabel}
                </h3>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {m.varieties.map((v) => (
                    <li
                      key={v}
                      className="rounded-full bg-secondary px-3 py-1 text-sm text-secondary-foreground"
                    >
                      {v}
                    </li>
                  ))}
                </ul>
                <Button asChild size="lg" className="mt-6 rounded-full">
                  <Link to={contactPath} aria-label={`${menuPage.orderLabel}: ${m.title}`}>
                    {menuPage.orderLabel} <ArrowRight aria-hidden />
                  </Link>
                </Button>
              </div>
            </article>
          ))}
          <p className="flex items-start gap-3 rounded-2xl bg-muted p-5 text-sm text-muted-foreground">
            <Info aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" /> {menuPage.note}
          </p>
        </Container>
      </section>
    </>
  );
}
