// The demo's own type pairing loads only on its pages.
import "@fontsource-variable/oswald/wght.css";
import "@fontsource-variable/archivo/wght.css";
import { Outlet } from "react-router";
import { site } from "./content";
import { DemoLayout } from "~/demos/frame/demo-layout";

export default function Layout() {
  return (
    <DemoLayout site={site}>
      <Outlet />
    </DemoLayout>
  );
}
