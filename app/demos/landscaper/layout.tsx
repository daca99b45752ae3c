import "@fontsource-variable/archivo/wght.css";
import "@fontsource-variable/lora/wght.css";
import { Outlet } from "react-router";
import { site } from "./content";
import { DemoLayout } from "~/demos/frame/demo-layout";

// The demo's fonts are imported here so they load only on /demo/landscaper/*.
export default function LandscaperLayout() {
  return (
    <DemoLayout site={site}>
      <Outlet />
    </DemoLayout>
  );
}
