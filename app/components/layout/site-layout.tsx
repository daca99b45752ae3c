import { Outlet } from "react-router";

import { fontPreloads } from "~/lib/font-preload";
import headingFont from "~/styles/fonts/plus-jakarta-sans-core.woff2?url";

import type { Route } from "./+types/site-layout";
import { NoticeRegion } from "./notice-region";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

// One face preloaded: the heading face here (lib/font-preload.ts says why one, and which).
export const links: Route.LinksFunction = () => fontPreloads(headingFont);

/** Layout of the site pages (the company's own); the demo sites have their own frame. */
export default function SiteLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <NoticeRegion />
    </div>
  );
}
