import { DemoLayout } from "~/demos/frame/demo-layout";

import { site } from "./content";

export default function LandscaperLayout() {
  return <DemoLayout site={site} />;
}
