import "@fontsource-variable/fraunces/wght.css";
import "@fontsource-variable/outfit/wght.css";
import { Outlet } from "react-router";
import { site } from "./content";
import { DemoLayout } from "~/demos/frame/demo-layout";

// The demo's fonts are imported here so they load only on /demo/bakery/*.
export default function BakeryLayout() {
  return (
    <DemoLayout site={site}>
      <Outlet />
    </DemoLayout>
  );
}
