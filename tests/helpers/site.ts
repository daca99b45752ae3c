import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

import { builtFile } from "./build";

/**
 * A stand-in for the built site: one root route whose document is a plain
 * text answer with React Router's status, and no prerendered files. Enough to
 * run the app's site middleware (the trailing-slash rule, the static lookup,
 * the document handler) without `npm run build`.
 */
export function fakeSite(): { clientDir: string; serverBuild: ServerBuild } {
  const serverBuild = {
    entry: {
      module: {
        default: (_request: Request, status: number) =>
          new Response(`page ${status}`, { status, headers: { "Content-Type": "text/plain" } }),
      },
    },
    routes: { root: { id: "root", path: "", module: { default: () => null } } },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  // A directory that does not exist: no prerendered pages or assets.
  return { clientDir: path.join(import.meta.dirname, "no-such-client-dir"), serverBuild };
}

/** The real built site (`npm run build`, or BUILD_DIR): its client files and server build. */
export async function builtSite(): Promise<{ clientDir: string; serverBuild: ServerBuild }> {
  const entry = builtFile("server/index.js");
  const serverBuild = (await import(/* @vite-ignore */ pathToFileURL(entry).href)) as ServerBuild;
  return { clientDir: builtFile("client"), serverBuild };
}
