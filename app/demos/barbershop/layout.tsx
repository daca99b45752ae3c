import { DemoLayout } from "~/demos/frame/demo-layout";

import { site } from "./content";

export default function Layout() {
  return <DemoLayout site={site} />;
}
