import { BadgeCheck } from "lucide-react";
import type { Route } from "./+types/about";
import { aboutPage, certifications, coreValues, seoText, team } from "./content";
import { DarkBand, ValueCard } from "./sections";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { PageHeader } from "~/demos/frame/page-header";
import { seo } from "~/lib/seo";

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
    <section aria-labelledby="el-history" className="py-16 sm:py-20">
      <Container className="grid gap-10 lg:grid-cols-[1fr_2fr]">
        <div>
          <h2 id="el-history" className="text-3xl font-bold">
            {aboutPage.historyTitle}
          </h2>
          {/* Decorative year, drawn as SVG so it is plainly not body text. */}
          <svg aria-hidden viewBox="0 0 240 90" width="240" height="90" className="mt-4 h-auto w-48 text-muted-foreground/30">
            <text x="0" y="80" fontFamily="Space Grotesk Variable, sans-serif" fontWeight="700" fontSize="96" fill="currentColor">
              2008
            </text>
          </svg>
        </div>
        <ol className="relative grid gap-8 border-l-2 border-primary pl-8">
          {aboutPage.history.map((p, i) => (
            <li key={i} className="relative">
              <span aria-hidden className="absolute top-1.5 -left-[2.45rem] size-4 rounded-full border-4 border-background bg-primary ring-2 ring-primary" />
              <p className="leading-relaxed">{p}</p>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}

function Values() {
  return (
    <section aria-labelledby="el-values" className="bg-muted py-16 sm:py-20">
      <Container>
        <h2 id="el-values" className="text-3xl font-bold">
          {aboutPage.valuesTitle}
        </h2>
        <div className="mt-8 grid gap-4 sm:grid-cols-2">
          {coreValues.map((v) => (
            <ValueCard key={v.title} value={v} />
          ))}
        </div>
      </Container>
    </section>
  );
}

function Team() {
  return (
    <section aria-labelledby="el-team" className="py-16 sm:py-20">
      <Container>
        <h2 id="el-team" className="text-3xl font-bold">
          {aboutPage.teamTitle}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {team.map((m) => (
            <li key={m.name}>
              <Card className="items-center text-center">
                <span aria-hidden className="flex size-20 items-center justify-center rounded-full bg-secondary font-heading text-2xl font-bold text-primary ring-4 ring-primary">
                  {m.initials}
                </span>
                <div>
                  <h3 className="font-heading text-xl font-bold">{m.name}</h3>
                  <p className="font-medium text-accent">{m.role}</p>
                  <p className="mt-2 text-sm text-muted-foreground">{m.cert}</p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

function Certifications() {
  return (
    <DarkBand aria-labelledby="el-certs">
      <Container className="py-16">
        <h2 id="el-certs" className="text-3xl font-bold">
          {aboutPage.certificationsTitle}
        </h2>
        <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {certifications.map((c) => (
            <li key={c} className="flex items-center gap-3 rounded-md border border-primary/40 bg-secondary-foreground/5 px-4 py-3 font-medium">
              <BadgeCheck aria-hidden className="size-5 shrink-0 text-primary" />
              {c}
            </li>
          ))}
        </ul>
      </Container>
    </DarkBand>
  );
}

export default function Page() {
  return (
    <>
      <Header />
      <History />
      <Values />
      <Team />
      <Certifications />
    </>
  );
}
