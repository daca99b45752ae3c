import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { footerCta, footerGroups } from "~/content/navigation";
import { formatAddress, siteConfig } from "~/content/site";

import { BrandMark } from "./brand-mark";
import { CurrentYear } from "./current-year";

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/50">
      <Container className="grid gap-10 py-14 md:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <BrandMark />
          <p className="mt-4 max-w-sm text-sm text-muted-foreground">{siteConfig.description}</p>
          <ul className="mt-5 grid gap-2 text-sm text-muted-foreground">
            <li className="flex items-center gap-2">
              <Mail aria-hidden className="size-4" />
              <a className="hover:text-foreground hover:underline" href={`mailto:${siteConfig.email}`}>
                {siteConfig.email}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Phone aria-hidden className="size-4" />
              <a className="hover:text-foreground hover:underline" href={siteConfig.phone.href}>
                {siteConfig.phone.display}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>{formatAddress()}</span>
            </li>
          </ul>
          <Button asChild className="mt-6">
            <Link to={footerCta.to}>{footerCta.label}</Link>
          </Button>
        </div>
        {footerGroups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold uppercase tracking-wider">{group.title}</h2>
            <ul className="mt-4 grid gap-2 text-sm">
              {group.links.map((l) => (
                <li key={l.label}>
                  <Link to={l.to} className="text-muted-foreground hover:text-foreground hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </Container>
      <div className="border-t">
        <Container className="flex flex-col gap-2 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>
            © <CurrentYear /> {siteConfig.name}. All rights reserved.
          </p>
          <p>Proudly built in Vancouver, BC.</p>
        </Container>
      </div>
    </footer>
  );
}
