import { Link } from "react-router";

import { CurrentYear } from "~/components/layout/current-year";
import { Container } from "~/components/ui/container";
import { siteConfig } from "~/content/site";
import { HoursTable } from "~/demos/frame/hours-table";
import { cn } from "~/lib/cn";
import { href } from "~/lib/href";

import { EmailAddress } from "./contact-card";
import type { DemoSite } from "./types";

const footerTone = {
  inverse: "bg-foreground text-background",
  primary: "bg-primary text-primary-foreground",
  muted: "border-t bg-muted text-foreground",
} as const;

/** Shared footer of the demo sites: contact, hours, links, copyright. */
export function DemoFooter({ site }: { site: DemoSite }) {
  const Icon = site.icon;
  return (
    <footer className={cn("mt-auto", footerTone[site.theme.footer ?? "inverse"])}>
      <Container className="grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="flex items-center gap-2 font-heading text-xl font-bold">
            <Icon aria-hidden className="size-6" /> {site.name}
          </p>
          <p className="mt-3 max-w-sm text-sm opacity-85">{site.tagline}</p>
          <address className="mt-4 grid gap-1 text-sm not-italic opacity-85">
            <span>{site.contact.address}</span>
            <span>{site.contact.phone}</span>
            <span className="[overflow-wrap:anywhere]">
              <EmailAddress email={site.contact.email} />
            </span>
          </address>
        </div>
        <div>
          <h2 className="font-heading text-sm font-semibold uppercase tracking-wider">Hours</h2>
          <HoursTable
            hours={site.hours}
            className="mt-3 grid gap-1 text-sm opacity-85"
            rowClassName="flex justify-between gap-4"
          />
        </div>
        <nav aria-label={`${site.name} footer`}>
          <h2 className="font-heading text-sm font-semibold uppercase tracking-wider">Explore</h2>
          <ul className="mt-3 grid gap-1 text-sm">
            {site.nav.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="opacity-85 hover:underline hover:opacity-100">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </Container>
      <div className="border-t border-current/15">
        <Container className="flex flex-col gap-1 py-5 text-xs opacity-85 sm:flex-row sm:justify-between">
          <p>
            © <CurrentYear /> {site.name}. All rights reserved.
          </p>
          <p>
            Demo site by{" "}
            <Link to={href("/portfolio")} className="underline">
              {siteConfig.name}
            </Link>
          </p>
        </Container>
      </div>
    </footer>
  );
}
