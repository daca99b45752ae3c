import { ArrowRight, CircleCheck } from "lucide-react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { homeHero } from "~/content/home";

import { HeroIllustration } from "./hero-illustration";

/** The home page's first screen: tagline, the spec's headline and its two buttons (docs/product.md#site-pages). */
export function HomeHero() {
  return (
    <section
      id="home"
      aria-labelledby="home-title"
      className="relative scroll-mt-20 overflow-hidden border-b"
    >
      {/* Decorative wash: two soft radial glows over a vertical gradient. */}
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(60%_50%_at_15%_0%,color-mix(in_oklab,var(--primary)_14%,transparent),transparent),radial-gradient(50%_50%_at_95%_30%,color-mix(in_oklab,var(--accent)_12%,transparent),transparent)]"
      />
      <div
        aria-hidden
        className="absolute inset-x-0 bottom-0 -z-20 h-full bg-gradient-to-b from-background via-secondary/40 to-background"
      />
      <Container className="grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-[1.05fr_1fr] lg:py-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border bg-card/80 px-3 py-1 text-sm font-semibold text-primary shadow-sm">
            <span aria-hidden className="size-2 rounded-full bg-accent" />
            {homeHero.tagline}
          </p>
          <h1 id="home-title" className="mt-6 text-4xl font-extrabold leading-[1.08] sm:text-5xl lg:text-6xl">
            {homeHero.headline}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted-foreground">{homeHero.intro}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={homeHero.primary.to}>
                {homeHero.primary.label}
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={homeHero.secondary.to}>{homeHero.secondary.label}</Link>
            </Button>
          </div>
          <ul className="mt-8 flex flex-col gap-x-6 gap-y-2 text-sm text-muted-foreground sm:flex-row sm:flex-wrap">
            {homeHero.highlights.map((h) => (
              <li key={h} className="flex items-center gap-2">
                <CircleCheck aria-hidden className="size-4 text-accent" />
                {h}
              </li>
            ))}
          </ul>
        </div>
        <HeroIllustration className="mx-auto h-auto w-full max-w-[560px]" />
      </Container>
    </section>
  );
}
