import { Code, Search, Smartphone, Zap } from "lucide-react";

import { homeSections, type Benefit } from "~/content/home";

import { SiteSection, SiteSectionHeading } from "./site-section";

const icons: Record<Benefit["icon"], typeof Zap> = {
  zap: Zap,
  code: Code,
  smartphone: Smartphone,
  search: Search,
};

/** Why choose us: four benefit cards. */
export function BenefitsGrid({ items }: { items: readonly Benefit[] }) {
  const h = homeSections.whyUs;
  return (
    <SiteSection id="why-us" aria-labelledby="why-us-title">
      <SiteSectionHeading id="why-us-title" eyebrow={h.eyebrow} title={h.title} intro={h.intro} />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((b) => {
          const Icon = icons[b.icon];
          return (
            <li
              key={b.title}
              className="group rounded-2xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className="flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-primary to-accent text-primary-foreground shadow-sm">
                <Icon aria-hidden className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-bold">{b.title}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{b.description}</p>
            </li>
          );
        })}
      </ul>
    </SiteSection>
  );
}
