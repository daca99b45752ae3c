import bodyFont from "~/styles/fonts/dm-sans-core.woff2?url";
import headingFont from "~/styles/fonts/outfit-core.woff2?url";
import type { Route } from "./+types/layout";
import { Outlet } from "react-router";
import { site } from "./content";
import { DemoLayout } from "~/demos/frame/demo-layout";
import { fontPreloads } from "~/lib/font-preload";

// Preload both faces, so no heading re-wraps when its face arrives (lib/font-preload.ts).
export const links: Route.LinksFunction = () => fontPreloads(bodyFont, headingFont);

export default function Layout() {
  return (
    <DemoLayout site={site}>
      <Outlet />
    </DemoLayout>
  );
}
