import type { ReactNode } from "react";
import { NavLink, Outlet } from "react-router";

import { Button } from "~/components/ui/button";
import { siteConfig } from "~/content/site";
import { cn } from "~/lib/cn";

import type { Route } from "./+types/layout";

export function loader({ context }: Route.LoaderArgs) {
  return { email: context.client?.email ?? null };
}

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
});

const links = [
  { to: "/portal", label: "Projects", end: true },
  { to: "/portal/documents", label: "Documents", end: false },
  { to: "/portal/calls", label: "Calls", end: false },
  { to: "/portal/plans", label: "Plans", end: false },
  { to: "/portal/data", label: "Your data", end: false },
];

/** The portal's own chrome (issue 39): the studio's name and mark, the client, sign out; no site header or footer. */
export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  return (
    <ClientChrome email={loaderData.email}>
      <Outlet />
    </ClientChrome>
  );
}

/**
 * The chrome of the client's pages, the portal's and the quote page's: the studio's mark and name,
 * for a signed-in client the portal's navigation, their email and "Sign out", and the contact footer.
 */
export function ClientChrome({
  email,
  signInLink = false,
  children,
}: {
  email: string | null;
  /** Signed out, a link to the portal's sign-in (the quote page). */
  signInLink?: boolean;
  children: ReactNode;
}) {
  const a = siteConfig.address;
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-6 gap-y-1 px-4 py-2 sm:py-3">
          <p className="flex items-center gap-2 font-heading font-semibold tracking-tight">
            <svg aria-hidden width="28" height="28" viewBox="0 0 32 32" className="shrink-0">
              <rect width="32" height="32" rx="8" fill="var(--primary)" />
              <path d="M6 22 13 11l4 6 3-4 6 9Z" fill="#fff" />
            </svg>
            {siteConfig.name}
          </p>
          {!email && signInLink && (
            <a
              className="ml-auto inline-flex min-h-10 items-center text-sm font-semibold underline underline-offset-4"
              href="/portal"
            >
              All your projects
            </a>
          )}
          {email && (
            <>
              <nav aria-label="Portal" className="order-last -mx-1.5 w-full sm:order-none sm:mx-0 sm:w-auto">
                {/* Five links on one line at 375 px: tighter spacing on phones. */}
                <ul className="flex flex-wrap sm:gap-1">
                  {links.map((l) => (
                    <li key={l.to}>
                      <NavLink
                        to={l.to}
                        end={l.end}
                        className={({ isActive }) =>
                          cn(
                            "inline-flex min-h-10 items-center rounded-md px-1.5 text-sm sm:px-2 whitespace-nowrap underline-offset-4 hover:underline",
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
                <span className="truncate text-muted-foreground max-lg:hidden">{email}</span>
                <form method="post" action="/portal/sign-out">
                  <Button type="submit" variant="outline" size="sm">
                    Sign out
                  </Button>
                </form>
              </div>
            </>
          )}
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        {children}
      </main>
      <footer className="border-t bg-card">
        <div className="mx-auto max-w-5xl px-4 py-4 text-sm text-muted-foreground">
          <p>
            {siteConfig.name}, {a.street}, {a.city}, {a.region} {a.postalCode}
          </p>
          <p>
            <a className="underline underline-offset-4" href={`mailto:${siteConfig.email}`}>
              {siteConfig.email}
            </a>{" "}
            ·{" "}
            <a className="underline underline-offset-4" href={siteConfig.phone.href}>
              {siteConfig.phone.display}
            </a>
          </p>
        </div>
      </footer>
    </div>
  );
}
