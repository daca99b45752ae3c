import { useEffect, useRef } from "react";
import { Form, NavLink, Outlet, useLocation } from "react-router";

import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { hydratedRoute } from "~/lib/hydration";

import type { Route } from "./+types/layout";
import { requireStudio } from "./guard";

export const handle = hydratedRoute;

export function loader({ context }: Route.LoaderArgs) {
  return { email: requireStudio(context).user.email };
}

/** `more`: below the large breakpoint these wait under "More", so the bar stays one row on a phone. */
const links = [
  { to: "/studio", label: "Home", end: true },
  { to: "/studio/inbox", label: "Inbox", end: false },
  { to: "/studio/pipeline", label: "Pipeline", end: false },
  { to: "/studio/calls", label: "Calls", end: false },
  { to: "/studio/payments", label: "Payments", end: false, more: true },
  { to: "/studio/plans", label: "Plans", end: false, more: true },
  { to: "/studio/accounting", label: "Accounting", end: false, more: true },
  { to: "/studio/analytics", label: "Analytics", end: false, more: true },
  { to: "/studio/account", label: "Account", end: false, more: true },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex min-h-10 items-center rounded-md px-2 text-sm underline-offset-4 hover:underline",
    isActive && "bg-muted font-semibold underline",
  );

/**
 * "More": a disclosure (details, so it opens before JavaScript too) below the large breakpoint,
 * naming the page when it is one of its links; it closes when a page is chosen.
 */
function MoreLinks() {
  const { pathname } = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname]);
  const more = links.filter((l) => l.more);
  const current = more.find((l) => pathname === l.to || pathname.startsWith(`${l.to}/`));
  return (
    <details ref={ref} className="group relative lg:hidden">
      <summary
        className={cn(
          "inline-flex min-h-10 cursor-pointer list-none items-center gap-1 rounded-md px-2 text-sm underline-offset-4 hover:underline [&::-webkit-details-marker]:hidden",
          current && "bg-muted font-semibold underline",
        )}
      >
        {current ? current.label : "More"}
        <span className="sr-only">{current ? ", more pages" : " pages"}</span>
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <ul className="absolute right-0 z-10 mt-1 grid min-w-40 gap-1 rounded-md border bg-card p-1 shadow-md">
        {more.map((l) => (
          <li key={l.to}>
            <NavLink to={l.to} end={l.end} className={(s) => cn(linkClass(s), "flex w-full")}>
              {l.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </details>
  );
}

export default function StudioLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b bg-card">
        {/* On a phone: the name and Sign out on one line, the navigation under them; one row from the large breakpoint up. */}
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-1 px-4 py-2 lg:py-3">
          <p className="font-heading font-semibold tracking-tight">Cascadia studio</p>
          <nav aria-label="Studio" className="order-last -mx-2 w-full lg:order-none lg:mx-0 lg:w-auto">
            {/* One row at every width: the first links, then "More" (or every link from the large breakpoint up). */}
            <ul className="flex items-center gap-1">
              {links.map((l) => (
                <li key={l.to} className={cn(l.more && "max-lg:hidden")}>
                  <NavLink to={l.to} end={l.end} className={linkClass}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <MoreLinks />
              </li>
            </ul>
          </nav>
          <div className="ml-auto flex min-w-0 items-center gap-3 text-sm">
            <span className="truncate text-muted-foreground max-xl:hidden">{loaderData.email}</span>
            <Form method="post" action="/studio/logout">
              <Button type="submit" variant="outline" size="sm">
                Sign out
              </Button>
            </Form>
          </div>
        </div>
      </header>
      {/* Focused by script only (a skip link, a route change): no ring around the whole page. */}
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 focus:outline-none sm:py-8">
        <Outlet />
      </main>
    </div>
  );
}
