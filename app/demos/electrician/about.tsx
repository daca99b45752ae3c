import { BadgeCheck } from "lucide-react";
import type * as React from "react";

import { Container } from "~/components/ui/container";
import { PageHeader } from "~/demos/frame/page-header";
import { CheckList, DemoSection } from "~/demos/frame/section";
import { SectionHeading } from "~/demos/frame/section-heading";
import { TeamGrid } from "~/demos/frame/team-grid";
import { Timeline } from "~/demos/frame/timeline";
import { cn } from "~/lib/cn";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/about";
import { aboutPage, certifications, coreValues, seoText, team } from "./content";
import { DarkBand, ValueCard } from "./sections";

export const meta: Route.MetaFunction = () => seo({ ...seoText.about, path: "/demo/electrician/about" });

function Header() {
  return (
    <PageHeader eyebrow="Since 2008" title={aboutPage.title}>
      <p className="mt-4 text-xl text-primary">{aboutPage.tagline}</p>
    </PageHeader>
  );
}

function History() {
  return (
    <DemoSection
      titleId="el-history"
      className="py-16 sm:py-20"
      containerClassName="grid gap-10 lg:grid-cols-[1fr_2fr]"
    >
      <div>
        <SectionHeading look="bare" title={aboutPage.historyTitle} titleClassName="text-3xl font-bold" />
        {/* Decorative year, drawn as SVG so it is plainly not body text. */}
        <svg
          aria-hidden
          viewBox="0 0 240 90"
          width="240"
          height="90"
          className="mt-4 h-auto w-48 text-muted-foreground/30"
        >
          <text
            x="0"
            y="80"
            fontFamily="Space Grotesk Variable, sans-serif"
            fontWeight="700"
            fontSize="96"
            fill="currentColor"
          >
            2008
          </text>
        </svg>
      </div>
      <Timeline entries={aboutPage.history.map((text) => ({ text }))} />
    </DemoSection>
  );
}

/** A titled band of the about page, its heading the size of every other on it. */
function Band({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <DemoSection titleId={id} className={cn("py-16 sm:py-20", className)}>
      <SectionHeading look="bare" title={title} titleClassName="text-3xl font-bold" />
      {children}
    </DemoSection>
  );
}

function Certifications() {
  return (
    <DarkBand aria-labelledby="el-certs">
      <Container className="py-16">
        <SectionHeading
          look="bare"
          id="el-certs"
          title={aboutPage.certificationsTitle}
          titleClassName="text-3xl font-bold"
        />
        <CheckList
          items={certifications}
          className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
          itemClassName="flex items-center gap-3 rounded-md border border-primary/40 bg-secondary-foreground/5 px-4 py-3 font-medium"
          iconClassName="size-5 shrink-0 text-primary"
          icon={BadgeCheck}
        />
      </Container>
    </DarkBand>
  );
}

export default function Page() {
  return (
    <>
      <Header />
      <History />
      <Band id="el-values" title={aboutPage.valuesTitle} className="bg-muted">
        <div className="mt-8 grid gap-4 sm:grid-cols-2">
          {coreValues.map((v) => (
            <ValueCard key={v.title} value={v} />
          ))}
        </div>
      </Band>
      <Band id="el-team" title={aboutPage.teamTitle}>
        <TeamGrid team={team} />
      </Band>
      <Certifications />
    </>
  );
}
