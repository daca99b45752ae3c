import { Hono } from "hono";

import type { AppDeps, AppEnv } from "../app.server";
import type { QuoteService } from "../quotes/service.server";
import type { AppServices } from "../services.server";
import { studioDownloads } from "./downloads.server";
import { studioGuard, type StudioEnv } from "./guard.server";
import { mountStudioPages } from "./pages.server";
import { createStudioServices } from "./services.server";

/**
 * Mounts the studio back office behind its guard. Its one write surface is
 * the React Router pages' actions (with a built site); /api/studio holds only
 * what a page's browser fetches itself: downloads and the passkey ceremonies.
 */
export function mountStudio(
  app: Hono<AppEnv>,
  deps: AppDeps,
  services: AppServices,
  quoteService: QuoteService,
) {
  const studio = app as unknown as Hono<StudioEnv>;
  const { loadSignIn, leads, payments, privacy, quotes, accounting, analytics, all } = createStudioServices(
    deps,
    services,
    quoteService,
  );
  const guard = studioGuard(deps.config, loadSignIn);
  for (const path of ["/studio", "/studio/*", "/studio.data", "/api/studio/*"]) studio.use(path, guard);

  const api = new Hono<StudioEnv>();
  // Passkey ceremonies run in the browser, so these four better-auth endpoints are reachable (decision 0016).
  // The guard has loaded sign-in before this runs.
  api.on(["GET", "POST"], "/auth/passkey/:step", async (c) =>
    (await loadSignIn()).sessions.passkeyCeremony(c.req.raw, c.get("clientIp")),
  );
  api.route("/", studioDownloads({ leads, payments, privacy, quotes, accounting, analytics }));
  api.all("*", (c) => c.json({ success: false, error: "Not found." }, 404));
  studio.route("/api/studio", api);

  if (deps.site) mountStudioPages(studio, deps.site.serverBuild, deps.config.NODE_ENV, services, all);
}
