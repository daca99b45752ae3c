import { redirect, type AppLoadContext } from "react-router";

import { siteConfig } from "~/content/site";

export const PORTAL_PATH = "/portal";

/** The portal's services, or a 503 where the server has none (a build without them). */
export function portalServices(context: AppLoadContext) {
  const portal = context.services?.portal;
  if (!portal) throw new Response("The client portal is not available here.", { status: 503 });
  return portal;
}

/**
 * The signed-in client and the portal's services, or a redirect to the sign-in page. The
 * server's guard (server/portal/routes.server.ts) read the session from the portal's own cookie.
 */
export function requireClient(context: AppLoadContext) {
  const portal = portalServices(context);
  if (!context.client) throw redirect(PORTAL_PATH);
  return { ...portal, client: context.client };
}

/** The title and robots rule of every portal page. */
export function portalMeta(title: string) {
  return [
    { title: `${title} · ${siteConfig.name}` },
    {
      name: "description",
      content: `${siteConfig.name}'s client portal: your quotes, agreements, invoices, receipts and calls in one place.`,
    },
    { name: "robots", content: "noindex, nofollow" },
  ];
}
