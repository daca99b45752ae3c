import type { Context, Next } from "hono";

import { type StudioUser } from "../auth/session-context.server";
import { isAnonymousPasskeyPath } from "../auth/session.server";
import type { AppConfig } from "../config.server";
import type { AppEnv } from "../http/env";
import { isCrossSiteRequest } from "../http/origin.server";
import type { StudioSignIn } from "../services.server";

export type StudioEnv = {
  Variables: AppEnv["Variables"] & { studioUser?: StudioUser; studioCookies?: string[] };
};

const LOGIN = "/studio/login";
/** The login page and its React Router data request (`/studio/login.data`): the only pages open without a session. */
const isLoginPath = (path: string) => path === LOGIN || path === `${LOGIN}.data`;
const isApiPath = (path: string) => path.startsWith("/api/studio/");

/**
 * The session guard on every /studio page and /api/studio endpoint: no
 * indexing or caching, state changes only from our own pages, and a session
 * everywhere but the login page and the anonymous passkey steps.
 */
export function studioGuard(config: AppConfig, loadSignIn: () => Promise<StudioSignIn>) {
  return async (c: Context<StudioEnv>, next: Next) => {
    const path = c.req.path;
    c.header("X-Robots-Tag", "noindex, nofollow");
    c.header("Cache-Control", "no-store");
    // State changes must come from our own pages: a browser always says where a POST comes from.
    const stateChanging = c.req.method !== "GET" && c.req.method !== "HEAD";
    const headers = c.req.raw.headers;
    if (
      stateChanging &&
      (isCrossSiteRequest(headers, c.req.url, config) ||
        (!headers.get("origin") && !headers.get("sec-fetch-site")))
    ) {
      return c.json({ success: false, error: "Cross-site request refused." }, 403);
    }
    const { sessions } = await loadSignIn();
    const session = await sessions.current(headers);
    if (session) {
      c.set("studioUser", session.user);
      c.set("studioCookies", session.setCookie);
      for (const cookie of session.setCookie) c.header("Set-Cookie", cookie, { append: true });
    } else if (!isLoginPath(path) && !isAnonymousPasskeyPath(path)) {
      if (isApiPath(path) || stateChanging) return c.json({ success: false, error: "Sign in first." }, 401);
      // React Router's data requests reach the loaders, which answer with a redirect it can follow.
      if (!path.endsWith(".data")) return c.redirect(LOGIN, 302);
    }
    await next();
  };
}
