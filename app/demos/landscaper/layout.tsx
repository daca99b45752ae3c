import { DemoLayout } from "~/demos/frame/demo-layout";
import { fontPreloads } from "~/lib/font-preload";
import bodyFont from "~/styles/fonts/lora-core.woff2?url";

import type { Route } from "./+types/layout";
import { site } from "./content";

// Preload this demo's body face (most of its text), on /demo/landscaper/* only; lib/font-preload.ts says why one, and which.
export const links: Route.LinksFunction = () => fontPreloads(bodyFont);

export default function LandscaperLayout() {
  return <DemoLayout site={site} />;
}
