import type { Context, Hono, Next } from "hono";

import { CLIENT_VERIFY_PATH } from "../auth/client-auth.server";
import type { AppConfig } from "../config.server";
import type { AppEnv } from "../http/env";
import { isCrossSiteRequest } from "../http/origin.server";
import { pdfResponse } from "../studio/downloads.server";
import type { ClientSignIn } from "./sign-in.server";
import type { PortalView } from "./view.server";

/** Every path of the portal the guard covers: its pages (and their .data), downloads and the link. */
export const PORTAL_PATHS = ["/portal", "/portal.data", "/portal/*"] as const;

/**
 * The client portal's HTTP face (decision 0051): the sign-in link's one better-auth endpoint, a
 * guard on every /portal path (noindex, no caching, same-site writes, the client's session read
 * from the portal's own cookie) and the downloads. The pages are React Router's (app/portal).
 */
export function mountPortal(
  app: Hono<AppEnv>,
  config: AppConfig,
  portal: { signIn: ClientSignIn; view: PortalView },
) {
  const { signIn, view } = portal;
  app.get(CLIENT_VERIFY_PATH, async (c) => {
    const res = await signIn.verify(c.req.raw);
    const headers = new Headers(res.headers);
    // The link's token must not leave in a Referer, nor the answer be cached.
    headers.set("Referrer-Policy", "no-referrer");
    headers.set("Cache-Control", "no-store");
    return new Response(res.body, { status: res.status, headers });
  });
  for (const path of PORTAL_PATHS) app.use(path, portalGuard(config, signIn));
  // A booking sent by a signed-in client is theirs (issue 37, item 1): /book's action reads the client.
  // The quote page shows a signed-in client's chrome (their email, sign out).
  const readClient = async (c: Context<AppEnv>, next: Next) => {
    const session = await signIn.current(c.req.raw.headers);
    if (session) c.set("portalClient", session.client);
    await next();
  };
  for (const path of ["/book", "/book.data"]) app.post(path, readClient);
  app.on(["GET", "POST"], "/quote/:token", readClient);

  const download =
    (find: (c: Context<AppEnv>) => Promise<{ filename: string; pdf: Buffer } | undefined>) =>
    async (c: Context<AppEnv>) => {
      if (!c.get("portalClient")) return c.redirect("/portal", 302);
      const found = await find(c);
      // Another client's document and one that does not exist answer alike.
      if (!found) return c.text("Not found", 404);
      const res = pdfResponse(found);
      res.headers.set("X-Robots-Tag", "noindex, nofollow");
      return res;
    };
  app.get(
    "/portal/documents/:id",
    download((c) => view.documentPdf(c.get("portalClient")!, c.req.param("id") ?? "")),
  );
  app.get(
    "/portal/agreements/:quoteId",
    download((c) => view.agreementPdf(c.get("portalClient")!, c.req.param("quoteId") ?? "")),
  );
  app.get("/portal/data/export.json", async (c) => {
    const client = c.get("portalClient");
    if (!client) return c.redirect("/portal", 302);
    const data = await view.exportData(client);
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": 'attachment; filename="my-data.json"',
        "Cache-Control": "no-store",
      },
    });
  });
}

/** Headers and the client's session on every portal request; writes only from the site's own pages. */
function portalGuard(config: AppConfig, signIn: ClientSignIn) {
  return async (c: Context<AppEnv>, next: Next) => {
    c.header("X-Robots-Tag", "noindex, nofollow");
    c.header("Cache-Control", "no-store");
    const headers = c.req.raw.headers;
    if (
      c.req.method !== "GET" &&
      c.req.method !== "HEAD" &&
      (isCrossSiteRequest(headers, c.req.url, config) ||
        (!headers.get("origin") && !headers.get("sec-fetch-site")))
    )
      return c.json({ success: false, error: "Cross-site request refused." }, 403);
    const session = await signIn.current(headers);
    if (session) {
      c.set("portalClient", session.client);
      c.set("portalCookies", session.setCookie);
    }
    // The pages' renderer (app.server.ts mountSite) sends portalCookies with the page.
    await next();
  };
}
