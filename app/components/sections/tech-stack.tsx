import { homeSections, type TechGroup } from "~/content/home";

import { SiteSection, SiteSectionHeading } from "./site-section";

/** The technology stack, grouped by layer. */
export function TechStack({ groups }: { groups: readonly TechGroup[] }) {
  const h = homeSections.tech;
  return (
    <SiteSection id="technology" aria-labelledby="technology-title">
      <SiteSectionHeading id="technology-title" eyebrow={h.eyebrow} title={h.title} intro={h.intro} />
      <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {groups.map((g) => (
          <div key={g.title} className="rounded-2xl border bg-gradient-to-b from-card to-muted/50 p-6">
            <h3 className="text-sm font-semibold uppercase tracking-wider text-muted-foreground">
              {g.title}
            </h3>
            <ul className="mt-4 flex flex-wrap gap-2">
              {g.items.map((item) => (
                <li
                  key={item}
                  className="rounded-full border bg-card px-3 py-1.5 text-sm font-medium shadow-xs"
                >
                  {item}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </SiteSection>
  );
}
