import { Outlet } from "react-router";

import { NoticeRegion } from "./notice-region";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

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
