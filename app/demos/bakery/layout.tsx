import bodyFont from "~/styles/fonts/outfit-core.woff2?url";
import headingFont from "~/styles/fonts/fraunces-core.woff2?url";
import type { Route } from "./+types/layout";
import { Outlet } from "react-router";
import { site } from "./content";
import { DemoLayout } from "~/demos/frame/demo-layout";
import { fontPreloads } from "~/lib/font-preload";

// Preload both faces, on /demo/bakery/* only, so no heading re-wraps when its face arrives (lib/font-preload.ts).
export const links: Route.LinksFunction = () => fontPreloads(bodyFont, headingFont);

export default function BakeryLayout() {
  return (
    <DemoLayout site={site}>
      <Outlet />
    </DemoLayout>
  );
}
