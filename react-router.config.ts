import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/lib/route-registry";

// Every public page is prerendered to HTML at build time; `ssr: true` keeps a
// server build for the few dynamic pages (payment success, 404) and form actions.
export default {
  ssr: true,
  prerender: () => prerenderPaths(),
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
