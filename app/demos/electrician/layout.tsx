// The demo's heading face loads only on its own pages (Inter is the studio's body font).
import "@fontsource-variable/space-grotesk/wght.css";
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
