import { type Context, Hono } from "hono";
import type { AppDeps, AppEnv } from "../app.server";
import type { QuoteService } from "../quotes/service.server";
import type { AppServices } from "../services.server";
import { studioDownloads } from "./downloads.server";
import { type StudioEnv, studioGuard } from "./guard.server";
import { leadQuerySchema } from "./leads.server";
import { mountStudioPages } from "./pages.server";
import { paymentQuerySchema } from "./payments-view.server";
import { createStudioServices } from "./services.server";

export type { StudioEnv } from "./guard.server";
export type { StudioServices } from "./services.server";

/**
 * Mounts the studio back office behind its guard. Its one write surface is
 * the React Router pages' actions (with a built site); /api/studio holds only
 * what a page's browser fetches itself: downloads and the passkey ceremonies.
 */
export function mountStudio(app: Hono<AppEnv>, deps: AppDeps, services: AppServices, quoteService: QuoteService) {
  const studio = app as unknown as Hono<StudioEnv>;
  const { loadSignIn, leads, payments, privacy, all } = createStudioServices(deps, services, quoteService);
  const guard = studioGuard(deps.config, loadSignIn);
  for (const path of ["/studio", "/studio/*", "/studio.data", "/api/studio/*"]) studio.use(path, guard);

  const api = new Hono<StudioEnv>();
  // Passkey ceremonies run in the browser, so these four better-auth endpoints are reachable (decision 0016).
  // The guard has loaded sign-in before this runs.
  api.on(["GET", "POST"], "/auth/passkey/:step", async (c) => (await loadSignIn()).sessions.passkeyCeremony(c.req.raw, c.get("clientIp")));
  api.route("/", studioDownloads({ leads, payments, privacy }));
  api.get("/session", (c) => c.json({ success: true, user: { email: user(c).email } }));
  api.get("/leads", async (c) => {
    const query = leadQuerySchema.safeParse(c.req.query());
    if (!query.success) return c.json({ success: false, error: "Invalid filters." }, 400);
    return c.json({ success: true, ...(await leads.list(query.data)) });
  });
  api.get("/leads/:id", async (c) => {
    const lead = await leads.get(c.req.param("id"));
    return lead ? c.json({ success: true, ...lead }) : c.json({ success: false, error: "No such lead." }, 404);
  });
  api.get("/payments", async (c) => {
    const query = paymentQuerySchema.safeParse(c.req.query());
    if (!query.success) return c.json({ success: false, error: "Invalid filters." }, 400);
    return c.json({ success: true, ...(await payments.list(query.data)) });
  });
  api.all("*", (c) => c.json({ success: false, error: "Not found." }, 404));
  studio.route("/api/studio", api);

  if (deps.site) mountStudioPages(studio, deps.site.serverBuild, deps.config.NODE_ENV, services, all);
}

const user = (c: Context<StudioEnv>) => c.get("studioUser")!;
