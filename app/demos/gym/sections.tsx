import { ArrowUpRight, Check } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { type Program, contactPath, programsIntro, trial } from "./content";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { InertAction } from "~/demos/frame/inert-action";
import { cn } from "~/lib/cn";

/** Section components of the gym demo: condensed uppercase type, slashes, skewed bands, numbered cards. */

export function Heading({ id, children, className }: { id?: string; children: React.ReactNode; className?: string }) {
  return (
    <h2 id={id} className={cn("font-heading text-4xl leading-none font-bold tracking-tight uppercase sm:text-5xl", className)}>
      {children}
    </h2>
  );
}

export function ProgramCard({ program, index }: { program: Program; index: number }) {
  const Icon = program.icon;
  const included = !program.price.startsWith("$");
  return (
    <article className="group relative flex h-full flex-col border border-border bg-card p-7 transition-colors hover:border-primary">
      <p aria-hidden className="absolute top-4 right-5 font-heading text-6xl leading-none font-bold text-transparent [-webkit-text-stroke:1px_var(--border)]">
        {String(index + 1).padStart(2, "0")}
      </p>
      <Icon aria-hidden className="size-9 text-primary" />
      <h3 className="mt-6 font-heading text-2xl font-bold tracking-wide uppercase">{program.title}</h3>
      <p className="mt-2 text-muted-foreground">{program.description}</p>
      <ul className="mt-5 grid flex-1 content-start gap-2 text-sm">
        {program.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            {f}
          </li>
        ))}
      </ul>
      <p className={cn("mt-6 border-t border-border pt-5 font-heading font-bold uppercase", included ? "text-lg text-accent" : "text-3xl")}>{program.price}</p>
      <Button asChild className="mt-5 w-full font-heading text-base tracking-widest uppercase">
        <Link to={contactPath}>
          {programsIntro.ctaLabel}
          <span className="sr-only">: {program.title}</span>
          <ArrowUpRight aria-hidden />
        </Link>
      </Button>
    </article>
  );
}

export function TrialButton({ className }: { className?: string }) {
  return (
    <Button asChild size="lg" className={cn("font-heading text-base tracking-widest uppercase", className)}>
      <Link to={contactPath}>{trial.ctaLabel}</Link>
    </Button>
  );
}

/** A lime band cut on the diagonal, announcing the free trial. */
export function TrialBand() {
  return (
    <section aria-labelledby="gym-trial" className="bg-primary text-primary-foreground [clip-path:polygon(0_8%,100%_0,100%_92%,0_100%)]">
      <Container className="flex flex-col items-start gap-6 py-20 lg:flex-row lg:items-center lg:justify-between">
        <div>
          <p className="font-heading text-sm font-bold tracking-[0.25em] uppercase">{trial.badge}</p>
          <h2 id="gym-trial" className="mt-2 font-heading text-4xl leading-none font-bold uppercase sm:text-6xl">
            {trial.title}
          </h2>
          <p className="mt-4 max-w-xl text-lg">{trial.text}</p>
        </div>
        <Button asChild size="lg" variant="secondary" className="font-heading text-base tracking-widest uppercase">
          <Link to={contactPath}>{trial.ctaLabel}</Link>
        </Button>
      </Container>
    </section>
  );
}

export function CallButton({ label }: { label: string }) {
  return (
    <InertAction size="lg" variant="outline" className="font-heading text-base tracking-widest uppercase">
      {label}
    </InertAction>
  );
}
