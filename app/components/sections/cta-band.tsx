import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";

type CtaLink = { label: string; to: string };

/** A closing call to action: a gradient panel with a primary and a secondary link. */
export function CtaBand({
  id,
  eyebrow,
  title,
  intro,
  primary,
  secondary,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  intro: string;
  primary: CtaLink;
  secondary: CtaLink;
}) {
  const titleId = `${id ?? "cta"}-title`;
  return (
    <section id={id} aria-labelledby={titleId} className="scroll-mt-20 py-12 sm:py-16">
      <Container>
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-primary to-[color-mix(in_oklab,var(--primary)_70%,var(--accent))] px-6 py-14 text-center text-primary-foreground shadow-xl sm:px-12 sm:py-16">
          <svg
            aria-hidden
            focusable="false"
            width="1200"
            height="300"
            viewBox="0 0 1200 300"
            preserveAspectRatio="xMidYMid slice"
            className="absolute inset-0 size-full opacity-15"
          >
            <path d="M0 240 260 90l150 130 120-90 250 170H0Z" fill="currentColor" />
            <path d="M0 280c200-60 400-60 600 0s400 60 600 0v20H0Z" fill="currentColor" />
          </svg>
          <div className="relative">
            {eyebrow && (
              <p className="text-sm font-semibold uppercase tracking-[0.16em] opacity-90">{eyebrow}</p>
            )}
            <h2 id={titleId} className="mx-auto mt-3 max-w-2xl text-3xl font-extrabold sm:text-4xl">
              {title}
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg opacity-95">{intro}</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Button
                asChild
                size="lg"
                variant="secondary"
                className="bg-background text-foreground hover:bg-background/90"
              >
                <Link to={primary.to}>
                  {primary.label}
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
              <Button
                asChild
                size="lg"
                variant="outline"
                className="border-primary-foreground/60 bg-transparent text-primary-foreground hover:bg-primary-foreground/10"
              >
                <Link to={secondary.to}>{secondary.label}</Link>
              </Button>
            </div>
          </div>
        </div>
      </Container>
    </section>
  );
}
