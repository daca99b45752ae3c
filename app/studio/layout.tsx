import { Form, NavLink, Outlet } from "react-router";

import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { hydratedRoute } from "~/lib/hydration";

import type { Route } from "./+types/layout";
import { requireStudio } from "./guard";

export const handle = hydratedRoute;

export function loader({ context }: Route.LoaderArgs) {
  return { email: requireStudio(context).user.email };
}

const links = [
  { to: "/studio", label: "Home", end: true },
  { to: "/studio/inbox", label: "Inbox", end: false },
  { to: "/studio/pipeline", label: "Pipeline", end: false },
  { to: "/studio/payments", label: "Payments", end: false },
  { to: "/studio/calls", label: "Calls", end: false },
  { to: "/studio/accounting", label: "Accounting", end: false },
  { to: "/studio/analytics", label: "Analytics", end: false },
  { to: "/studio/account", label: "Account", end: false },
];

export default function StudioLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b bg-card">
        {/* On a phone: the name and Sign out on one line, the navigation under them; one row from the small breakpoint up. */}
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-1 px-4 py-2 sm:py-3">
          <p className="font-heading font-semibold tracking-tight">Cascadia studio</p>
          <nav aria-label="Studio" className="order-last -mx-2 w-full sm:order-none sm:mx-0 sm:w-auto">
            <ul className="flex flex-wrap gap-1">
              {links.map((l) => (
                <li key={l.to}>
                  <NavLink
                    to={l.to}
                    end={l.end}
                    className={({ isActive }) =>
                      cn(
                        "inline-flex min-h-10 items-center rounded-md px-2 text-sm underline-offset-4 hover:underline",
                        isActive && "bg-muted font-semibold underline",
                      )
                    }
                  >
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex min-w-0 items-center gap-3 text-sm">
            <span className="truncate text-muted-foreground max-sm:hidden">{loaderData.email}</span>
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
