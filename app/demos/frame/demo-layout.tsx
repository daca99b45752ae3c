import type * as React from "react";
import { Outlet } from "react-router";

import { NoticeRegion } from "~/components/layout/notice-region";

import { DemoFooter } from "./demo-footer";
import { DemoHeader } from "./demo-header";
import { ThemeScope } from "./theme-scope";
import type { DemoSite } from "./types";

/** The frame every demo site renders inside: its theme, the shared header and footer; a layout route's pages go in its Outlet. */
export function DemoLayout({ site, children = <Outlet /> }: { site: DemoSite; children?: React.ReactNode }) {
  return (
    <ThemeScope theme={site.theme}>
      <DemoHeader site={site} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <DemoFooter site={site} />
      <NoticeRegion />
    </ThemeScope>
  );
}
