import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

import { islands } from "./scripts/vite/islands";
import { configuredSiteUrl } from "./server/paths";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), islands()],
  resolve: { tsconfigPaths: true },
  // The canonical origin is fixed at build time from SITE_URL, never from a request's Host.
  define: { __SITE_URL__: JSON.stringify(configuredSiteUrl()) },
  build: { assetsInlineLimit: 0 },
  // Bundle icons into the server build so only the used ones load (the package
  // as a whole costs ~35 MB of server memory when left external).
  ssr: { noExternal: ["lucide-react"] },
});
