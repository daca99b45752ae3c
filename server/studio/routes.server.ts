import { Hono } from "hono";

import type { AppDeps, AppEnv } from "../http/env";
import type { Services } from "../services.server";
import { studioDownloads } from "./downloads.server";
import { studioGuard, type StudioEnv } from "./guard.server";
import { mountStudioPages } from "./pages.server";

/**
 * Mounts the studio back office behind its guard. Its one write surface is
 * the React Router pages' actions (with a built site); /api/studio holds only
 * what a page's browser fetches itself: downloads and the passkey ceremonies.
 */
export function mountStudio(app: Hono<AppEnv>, deps: AppDeps, services: Services) {
  const studio = app as unknown as Hono<StudioEnv>;
  const { loadSignIn } = services;
  const guard = studioGuard(deps.config, loadSignIn);
  for (const path of ["/studio", "/studio/*", "/studio.data", "/api/studio/*"]) studio.use(path, guard);

  const api = new Hono<StudioEnv>();
  // Passkey ceremonies run in the browser, so these four better-auth endpoints are reachable (decision 0016).
  // The guard has loaded sign-in before this runs.
  api.on(["GET", "POST"], "/auth/passkey/:step", async (c) =>
    (await loadSignIn()).sessions.passkeyCeremony(c.req.raw, c.get("clientIp")),
  );
  api.route(
    "/",
    studioDownloads({
      leads: services.leads,
      payments: services.paymentsView,
      privacy: services.privacy,
      quotes: services.leadQuotes,
      accounting: services.accounting,
      analytics: services.dashboard,
    }),
  );
  api.all("*", (c) => c.json({ success: false, error: "Not found." }, 404));
  studio.route("/api/studio", api);

  if (deps.site)
    mountStudioPages(studio, deps.site.serverBuild, deps.config.NODE_ENV, services.web, services.studio);
}
