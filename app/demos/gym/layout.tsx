import { DemoLayout } from "~/demos/frame/demo-layout";
import { fontPreloads } from "~/lib/font-preload";
import bodyFont from "~/styles/fonts/archivo-core.woff2?url";

import type { Route } from "./+types/layout";
import { site } from "./content";

// Preload the body face (most of the text); lib/font-preload.ts says why one, and which.
export const links: Route.LinksFunction = () => fontPreloads(bodyFont);

export default function Layout() {
  return <DemoLayout site={site} />;
}
