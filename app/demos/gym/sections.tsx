import { ArrowUpRight } from "lucide-react";
import type * as React from "react";

import { ButtonLink, InertAction } from "~/demos/frame/inert-action";
import { CheckList, DemoSection } from "~/demos/frame/section";
import { SectionHeading, type SectionHeadingProps } from "~/demos/frame/section-heading";
import { cn } from "~/lib/cn";

import { contactPath, programsIntro, trial, type Program } from "./content";

/** Section components of the gym demo: condensed uppercase type, slashes, skewed bands, numbered cards. */

/** The gym's condensed uppercase section title. */
export function Heading({ titleClassName, ...props }: Omit<SectionHeadingProps, "look">) {
  return (
    <SectionHeading
      look="bare"
      {...props}
      titleClassName={cn(
        "font-heading text-4xl leading-none font-bold tracking-tight uppercase sm:text-5xl",
        titleClassName,
      )}
    />
  );
}

export function ProgramCard({ program, index }: { program: Program; index: number }) {
  const Icon = program.icon;
  const included = !program.price.startsWith("$");
  return (
    <article className="group relative flex h-full flex-col border border-border bg-card p-7 transition-colors hover:border-primary">
      <p
        aria-hidden
        className="absolute top-4 right-5 font-heading text-6xl leading-none font-bold text-transparent [-webkit-text-stroke:1px_var(--border)]"
      >
        {String(index + 1).padStart(2, "0")}
      </p>
      <Icon aria-hidden className="size-9 text-primary" />
      <h3 className="mt-6 font-heading text-2xl font-bold tracking-wide uppercase">{program.title}</h3>
      <p className="mt-2 text-muted-foreground">{program.description}</p>
      <CheckList
        items={program.features}
        className="mt-5 grid flex-1 content-start gap-2 text-sm"
        itemClassName="flex gap-2"
        iconClassName="mt-0.5 size-4 shrink-0 text-primary"
      />
      <p
        className={cn(
          "mt-6 border-t border-border pt-5 font-heading font-bold uppercase",
          included ? "text-lg text-accent" : "text-3xl",
        )}
      >
        {program.price}
      </p>
      <ButtonLink to={contactPath} className="mt-5 w-full font-heading text-base tracking-widest uppercase">
        {programsIntro.ctaLabel}
        <span className="sr-only">: {program.title}</span>
        <ArrowUpRight aria-hidden />
      </ButtonLink>
    </article>
  );
}

export function TrialButton({ className }: { className?: string }) {
  return (
    <ButtonLink
      to={contactPath}
      size="lg"
      className={cn("font-heading text-base tracking-widest uppercase", className)}
    >
      {trial.ctaLabel}
    </ButtonLink>
  );
}

/** A lime band cut on the diagonal, announcing the free trial. */
export function TrialBand() {
  return (
    <DemoSection
      titleId="gym-trial"
      className="bg-primary text-primary-foreground [clip-path:polygon(0_8%,100%_0,100%_92%,0_100%)]"
      containerClassName="flex flex-col items-start gap-6 py-20 lg:flex-row lg:items-center lg:justify-between"
    >
      <div>
        <SectionHeading
          look="bare"
          eyebrow={trial.badge}
          eyebrowClassName="font-heading text-sm font-bold tracking-[0.25em] uppercase"
          title={trial.title}
          titleClassName="mt-2 font-heading text-4xl leading-none font-bold uppercase sm:text-6xl"
          description={trial.text}
          descriptionClassName="mt-4 max-w-xl text-lg"
        />
      </div>
      <ButtonLink
        to={contactPath}
        size="lg"
        variant="secondary"
        className="font-heading text-base tracking-widest uppercase"
      >
        {trial.ctaLabel}
      </ButtonLink>
    </DemoSection>
  );
}

export function CallButton({ label }: { label: string }) {
  return (
    <InertAction size="lg" variant="outline" className="font-heading text-base tracking-widest uppercase">
      {label}
    </InertAction>
  );
}
