import { ArrowRight } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";

import { SiteSection, SiteSectionHeading } from "./site-section";

/** A home anchor section that previews a page and links to it. */
export function HomeTeaser({
  id,
  tone,
  eyebrow,
  title,
  intro,
  link,
  children,
}: {
  id: string;
  tone?: "plain" | "muted" | "tinted";
  eyebrow: string;
  title: string;
  intro: string;
  link: { label: string; to: string };
  children: React.ReactNode;
}) {
  return (
    <SiteSection id={id} tone={tone} aria-labelledby={`${id}-title`}>
      <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <SiteSectionHeading id={`${id}-title`} align="left" eyebrow={eyebrow} title={title} intro={intro} />
        <Button asChild variant="outline" className="self-start md:self-auto">
          <Link to={link.to}>
            {link.label}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
      <div className="mt-12">{children}</div>
    </SiteSection>
  );
}
