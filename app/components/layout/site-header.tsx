import { Link, NavLink } from "react-router";

import { Button, buttonVariants } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { bookCallCta, mainNav, quoteCta } from "~/content/navigation";
import { cn } from "~/lib/cn";

import { BrandMark } from "./brand-mark";
import { MenuToggle } from "./menu-toggle";

// Never on two lines (issue 37: "Our Story" and "About Us" broke at 1440 px once "Book a Call" joined).
const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors hover:bg-muted hover:text-foreground",
    isActive ? "text-primary" : "text-muted-foreground",
  );

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <Container className="flex h-16 items-center justify-between gap-4">
        <BrandMark />
        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center gap-1">
            {mainNav.map((l) => (
              <li key={l.to}>
                {/* 8 px a side: the eight links, the logo and both buttons fit the 1,088 px row from 1280 px up. */}
                <NavLink to={l.to} end className={(s) => cn(linkClass(s), "px-2")}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <Button asChild variant="outline" className="hidden md:inline-flex">
            <Link to={bookCallCta.to}>{bookCallCta.label}</Link>
          </Button>
          <Button asChild className="hidden sm:inline-flex">
            <Link to={quoteCta.to}>{quoteCta.label}</Link>
          </Button>
          <MenuToggle
            controls="mobile-menu"
            className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "xl:hidden")}
          />
        </div>
      </Container>
      <nav id="mobile-menu" aria-label="Main" hidden className="border-t bg-background xl:hidden">
        <Container className="py-3">
          <ul className="grid gap-1">
            {mainNav.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end className={(s) => cn(linkClass(s), "block py-3 text-base")}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <Button asChild className="mt-3 w-full">
            <Link to={quoteCta.to}>{quoteCta.label}</Link>
          </Button>
          <Button asChild variant="outline" className="mt-2 w-full">
            <Link to={bookCallCta.to}>{bookCallCta.label}</Link>
          </Button>
        </Container>
      </nav>
    </header>
  );
}
