import { aboutContent } from "~/content/about";

import { SiteSection, SiteSectionHeading } from "./site-section";

/** About page: who we are, with four figures. */
export function AboutIntro() {
  const { intro, stats } = aboutContent;
  return (
    <SiteSection
      id="about-studio"
      aria-labelledby="about-studio-title"
      containerClassName="grid items-center gap-12 lg:grid-cols-2"
    >
      <div>
        <SiteSectionHeading
          id="about-studio-title"
          align="left"
          eyebrow={intro.eyebrow}
          title={intro.title}
        />
        {intro.paragraphs.map((p) => (
          <p key={p} className="mt-5 text-lg leading-relaxed text-muted-foreground">
            {p}
          </p>
        ))}
      </div>
      <dl className="grid grid-cols-2 gap-4">
        {stats.map((s) => (
          <div
            key={s.label}
            className="flex flex-col-reverse rounded-2xl border bg-gradient-to-br from-card to-secondary/60 p-6 shadow-sm"
          >
            <dt className="mt-1 text-sm font-medium text-muted-foreground">{s.label}</dt>
            <dd className="font-heading text-3xl font-extrabold text-primary sm:text-4xl">{s.value}</dd>
          </div>
        ))}
      </dl>
    </SiteSection>
  );
}

/** About page: the founding story (2025). */
export function FoundingStory() {
  const { founding } = aboutContent;
  return (
    <SiteSection
      id="founding"
      tone="muted"
      aria-labelledby="founding-title"
      containerClassName="grid gap-10 lg:grid-cols-[auto_1fr] lg:items-start"
    >
      <div
        aria-hidden
        className="flex size-36 items-center justify-center rounded-3xl bg-gradient-to-br from-primary to-accent font-heading text-4xl font-extrabold text-primary-foreground shadow-lg lg:size-44 lg:text-5xl"
      >
        {founding.year}
      </div>
      <div>
        <SiteSectionHeading
          id="founding-title"
          align="left"
          eyebrow={founding.eyebrow}
          title={founding.title}
        />
        {founding.paragraphs.map((p) => (
          <p key={p} className="mt-5 max-w-3xl text-lg leading-relaxed text-muted-foreground">
            {p}
          </p>
        ))}
      </div>
    </SiteSection>
  );
}
