import headingFont from "~/styles/fonts/fraunces-core.woff2?url";
import type { Route } from "./+types/layout";
import { Outlet } from "react-router";
import { site } from "./content";
import { DemoLayout } from "~/demos/frame/demo-layout";
import { fontPreloads } from "~/lib/font-preload";

// Preload this demo's heading face, on /demo/bakery/* only (lib/font-preload.ts says why not the body face).
export const links: Route.LinksFunction = () => fontPreloads(headingFont);

export default function BakeryLayout() {
  return (
    <DemoLayout site={site}>
      <Outlet />
    </DemoLayout>
  );
}
