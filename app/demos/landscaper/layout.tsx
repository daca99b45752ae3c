import headingFont from "~/styles/fonts/archivo-core.woff2?url";
import bodyFont from "~/styles/fonts/lora-core.woff2?url";
import type { Route } from "./+types/layout";
import { Outlet } from "react-router";
import { site } from "./content";
import { DemoLayout } from "~/demos/frame/demo-layout";
import { fontPreloads } from "~/lib/font-preload";

// Preload this demo's own two fonts, on /demo/landscaper/* only.
export const links: Route.LinksFunction = () => fontPreloads(headingFont, bodyFont);

export default function LandscaperLayout() {
  return (
    <DemoLayout site={site}>
      <Outlet />
    </DemoLayout>
  );
}
