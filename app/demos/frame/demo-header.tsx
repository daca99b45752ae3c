import { Link, NavLink } from "react-router";

import { MenuToggle } from "~/components/layout/menu-toggle";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { cn } from "~/lib/cn";

import type { DemoSite } from "./types";

const headerTone = {
  light: "bg-background/95 text-foreground border-b",
  dark: "bg-foreground text-background",
  primary: "bg-primary text-primary-foreground",
} as const;

/** Shared header of the eight demo sites: name, icon, nav, call to action, mobile menu. */
export function DemoHeader({ site }: { site: DemoSite }) {
  const Icon = site.icon;
  const home = `/demo/${site.slug}`;
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      "rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap opacity-90 transition hover:opacity-100 hover:underline underline-offset-4",
      isActive && !site.nav.every((l) => l.to.includes("#")) && "underline opacity-100",
    );
  return (
    <header className={cn("sticky top-0 z-40 backdrop-blur", headerTone[site.theme.header])}>
      <Container className="flex h-16 items-center justify-between gap-4">
        {/* One line at any width: a long name steps down a size on the narrowest phones (issue 37). */}
        <Link
          to={home}
          className="flex items-center gap-2 rounded-md font-heading text-base font-bold whitespace-nowrap sm:text-lg"
        >
          <Icon aria-hidden className="size-6" />
          <span>{site.name}</span>
        </Link>
        <nav aria-label={`${site.name} site`} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {site.nav.map((l) => (
              <li key={l.to}>
                {/* Tighter between 768 and 1024 px, where the name, the links and the button share the row. */}
                <NavLink to={l.to} end className={(s) => cn(linkClass(s), "px-2 lg:px-3")}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <Button
            asChild
            variant={site.theme.header === "primary" ? "secondary" : "default"}
            className="hidden sm:inline-flex"
          >
            <Link to={site.cta.to}>{site.cta.label}</Link>
          </Button>
          <MenuToggle
            controls={`${site.slug}-menu`}
            className="inline-flex size-10 items-center justify-center rounded-md hover:bg-black/10 md:hidden"
          />
        </div>
      </Container>
      <nav
        id={`${site.slug}-menu`}
        aria-label={`${site.name} site`}
        hidden
        className="border-t border-current/15 md:hidden"
      >
        <Container className="py-3">
          <ul className="grid gap-1">
            {site.nav.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end className={(s) => cn(linkClass(s), "block py-3 text-base")}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <Button
            asChild
            variant={site.theme.header === "primary" ? "secondary" : "default"}
            className="mt-3 w-full"
          >
            <Link to={site.cta.to}>{site.cta.label}</Link>
          </Button>
        </Container>
      </nav>
    </header>
  );
}
