import type { Hono } from "hono";

import type { AppConfig } from "../../config.server";
import type { AppEnv } from "../../http/env";
import { isCrossSiteRequest } from "../../http/origin.server";
import type { CarePlanBilling } from "./care-plans.server";
import { PORTAL_LINK_PATH } from "./portal-links.server";
import { mountSandboxBillingRoutes } from "./sandbox-routes.server";

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="robots" content="noindex"><title>${title}</title><main style="font-family:system-ui;max-width:36rem;margin:3rem auto;padding:0 1rem"><h1>${title}</h1><p>${text}</p><p><a href="/pricing#care-plans">Back to care plans</a></p></main></html>`;

/**
 * HTTP face of care plans: /pricing's Subscribe form (a plain form post answered with 303 to
 * Stripe Checkout, or a page saying what was wrong), and the emails' links into Stripe's
 * customer portal.
 */
export function mountCarePlanRoutes(app: Hono<AppEnv>, carePlans: CarePlanBilling, config: AppConfig) {
  app.post("/api/care-plans/subscribe", async (c) => {
    c.header("Cache-Control", "no-store");
    if (isCrossSiteRequest(c.req.raw.headers, c.req.url, config))
      return c.html(page("Not allowed", "This form can only be sent from our own site."), 403);
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      return c.html(page("Form not readable", "The form could not be read: please try again."), 400);
    }
    const result = await carePlans.subscribe(
      { plan: form.plan, province: form.province },
      { clientIp: c.get("clientIp") },
    );
    if (result.ok) return c.redirect(result.url, 303);
    if (result.retryAfterSeconds) c.header("Retry-After", String(result.retryAfterSeconds));
    // The messages are our own words, never the input.
    return c.html(page("Could not start the subscription", result.error), result.status);
  });

  if (carePlans.sandbox) mountSandboxBillingRoutes(app, carePlans.sandbox, config);

  app.get(`${PORTAL_LINK_PATH}/:token`, async (c) => {
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    const url = await carePlans.openPortalLink(c.req.param("token"));
    if (url) return c.redirect(url, 303);
    return c.html(
      page("Link not valid", "This billing link is not valid. Write to us and we will help."),
      404,
    );
  });
}
