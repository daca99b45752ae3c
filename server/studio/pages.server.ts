import type { Context, Hono } from "hono";
import { createRequestHandler } from "react-router";

import { compressResponse } from "../http/compress.server";
import type { AppDeps } from "../http/env";
import { createNonce } from "../http/security-headers.server";
import type { AppServices, StudioServices } from "../services.server";
import type { StudioEnv } from "./guard.server";

/** The studio's own policy: scripts only with this response's nonce, nothing inline or third-party. */
export function studioContentSecurityPolicy(nonce: string) {
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

/** Per-request rendering of the studio's React Router pages (their loaders and actions), with the signed-in user in the load context. */
export function mountStudioPages(
  app: Hono<StudioEnv>,
  build: NonNullable<AppDeps["site"]>["serverBuild"],
  mode: string,
  services: AppServices,
  studioServices: () => Promise<StudioServices>,
) {
  const handleDocument = createRequestHandler(build, mode);
  const render = async (c: Context<StudioEnv>) => {
    const nonce = createNonce();
    const studio = await studioServices();
    const withStudio: AppServices & { studio: StudioServices } = { ...services, studio };
    const response = await handleDocument(c.req.raw, {
      cspNonce: nonce,
      services: withStudio,
      clientIp: c.get("clientIp"),
      studio: { ...studio, user: c.get("studioUser") },
    });
    const headers = new Headers(response.headers);
    headers.set("Content-Security-Policy", studioContentSecurityPolicy(nonce));
    headers.set("Cache-Control", "no-store");
    headers.set("X-Robots-Tag", "noindex, nofollow");
    for (const cookie of c.get("studioCookies") ?? []) headers.append("Set-Cookie", cookie);
    const answer = new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
    return compressResponse(answer, c.req.header("accept-encoding"));
  };
  app.all("/studio", render);
  app.all("/studio.data", render);
  app.all("/studio/*", render);
}
