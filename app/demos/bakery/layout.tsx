import { DemoLayout } from "~/demos/frame/demo-layout";

import { site } from "./content";

export default function BakeryLayout() {
  return <DemoLayout site={site} />;
}
