import { Form, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { hydratedRoute } from "~/lib/hydration";
import { requireStudio } from "./guard";

export const handle = hydratedRoute;

export function loader({ context }: Route.LoaderArgs) {
  return { email: requireStudio(context).user.email };
}

const links = [
  { to: "/studio", label: "Home", end: true },
  { to: "/studio/inbox", label: "Inbox", end: false },
  { to: "/studio/payments", label: "Payments", end: false },
  { to: "/studio/calls", label: "Calls", end: false },
  { to: "/studio/accounting", label: "Accounting", end: false },
  { to: "/studio/analytics", label: "Analytics", end: false },
  { to: "/studio/account", label: "Account", end: false },
];

export default function StudioLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <p className="font-semibold">Cascadia studio</p>
          <nav aria-label="Studio">
            <ul className="flex gap-4">
              {links.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end={l.end} className={({ isActive }) => cn("underline-offset-4 hover:underline", isActive && "font-semibold underline")}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span>{loaderData.email}</span>
            <Form method="post" action="/studio/logout">
              <Button type="submit" variant="outline" size="sm">
                Sign out
              </Button>
            </Form>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
