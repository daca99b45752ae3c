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
