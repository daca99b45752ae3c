import type { Config } from "@react-router/dev/config";

import { photos, photoSrc } from "./app/demos/photographer/content";
import { prerenderPaths } from "./app/lib/route-registry";
import { configuredBuildDir } from "./server/paths";

// Every public page is prerendered to HTML at build time; `ssr: true` keeps a
// server build for the few dynamic pages (payment success, 404) and form actions.
// The portfolio demo's photographs are prerendered files beside its page.
export default {
  ssr: true,
  prerender: () => [...prerenderPaths(), ...photos.map((p) => photoSrc(p.id))],
  buildDirectory: configuredBuildDir(),
} satisfies Config;
