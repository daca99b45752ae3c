import { randomUUID } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createRequestHandler } from "react-router";

import { analyticsRoutes } from "./analytics/routes.server";
import { mountCarePlanRoutes } from "./billing/plans/routes.server";
import { mountCalendarFeed } from "./booking/routes.server";
import type { AppConfig } from "./config.server";
import { pendingMigrations, type AppDatabase } from "./db/database.server";
import { createClientAddressResolver } from "./http/client-address.server";
import { compressResponse } from "./http/compress.server";
import { DEFAULT_BODY_LIMIT, type AppDeps, type AppEnv } from "./http/env";
import { preReadBody } from "./http/pre-read-body.server";
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  createNonce,
  NON_HTML_CSP,
} from "./http/security-headers.server";
import {
  chooseEncoding,
  etagMatches,
  loadStaticSite,
  notModifiedHeaders,
  staticHeaders,
  type StaticEntry,
} from "./http/static.server";
import { withoutTrailingSlash } from "./http/trailing-slash.server";
import { isDatabaseUnavailable, SERVICE_UNAVAILABLE_MESSAGE } from "./http/unavailable.server";
import { inquiryRoutes } from "./inquiries/routes.server";
import { createAccessLog, errorKind, requestContext, type AccessLog } from "./logger.server";
import {
  bearerMatches,
  createMetrics,
  registerDatabaseGauges,
  routeGroup,
  type Metrics,
} from "./metrics.server";
import { mountPaymentRoutes } from "./payments/routes.server";
import { mountPortal } from "./portal/routes.server";
import { createServices, type AppServices } from "./services.server";
import { pdfResponse } from "./studio/downloads.server";
import { mountStudio } from "./studio/routes.server";

/**
 * Builds the HTTP app. Tests call this without listening on a port.
 * `files` and `accessLog` are shared with the static hot path (createNodeHandler, http/listener.server.ts);
 * by default the site's client directory is loaded here.
 */
export function createApp(
  deps: AppDeps,
  files?: Map<string, StaticEntry>,
  accessLog: AccessLog = createAccessLog(deps.logger),
) {
  const { config, database, logger } = deps;
  const metrics = deps.metrics ?? createMetrics();
  const services = deps.services ?? createServices({ ...deps, metrics });
  const production = config.NODE_ENV === "production";
  const securityHeaders = baseSecurityHeaders(production);
  const app = new Hono<AppEnv>();
  const resolveClientAddress = createClientAddressResolver({ trustProxyHops: config.TRUST_PROXY, logger });

  // Request id, client address, security headers and one structured log line per request.
  app.use("*", async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    c.set("requestId", requestId);
    c.set(
      "clientIp",
      resolveClientAddress(c.req.header("x-forwarded-for"), () => getConnInfo(c).remote.address),
    );
    // Everything logged while answering carries this request's id.
    await requestContext.run({ reqId: requestId }, next);
    setResponseHeaders(c, securityHeaders, requestId);
    const ms = performance.now() - started;
    metrics.observeRequest(routeGroup(c.req.path), c.res.status, ms / 1000);
    accessLog(requestId, c.req.method, c.req.path, c.res.status, Math.round(ms));
  });

  const limitBody = bodyLimit({
    maxSize: DEFAULT_BODY_LIMIT,
    onError: (c) => c.json({ success: false, error: "Request body is too large." }, 413),
  });
  // A body the listener already read is within the limit (smallBodyLength); checking it here
  // would build the web Request and its stream for nothing.
  app.use("*", (c, next) => (preReadBody(c) ? next() : limitBody(c, next)));

  app.onError((err, c) => {
    // Only the error's kind and code: a driver's message may quote a visitor's values.
    const error = errorKind(err);
    if (isDatabaseUnavailable(err)) {
      logger.error({ reqId: c.get("requestId"), error }, "database unavailable");
      c.header("Retry-After", "5");
      return c.json({ success: false, error: SERVICE_UNAVAILABLE_MESSAGE }, 503);
    }
    logger.error({ reqId: c.get("requestId"), error }, "unhandled error");
    return c.json({ success: false, error: "Internal server error." }, 500);
  });

  // Liveness: the process answers (a restart would not bring a database back).
  app.get("/healthz", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok" });
  });

  // Readiness: send traffic here only while the database answers with every migration applied.
  app.get("/readyz", async (c) => {
    c.header("Cache-Control", "no-store");
    const pending = await pendingMigrations(database).catch(() => undefined);
    if (pending === undefined) return c.json({ status: "error", database: "down" }, 503);
    if (pending.length > 0) return c.json({ status: "error", database: "up", migrations: "pending" }, 503);
    return c.json({ status: "ok", database: "up", migrations: "applied" });
  });

  mountMetrics(app, metrics, { config, database, now: deps.now });

  // Each capability's HTTP face, mounted from the one set of services.
  app.route("/api/event", analyticsRoutes(services.analytics, config));
  mountPaymentRoutes(app, services.payments, deps);
  mountCarePlanRoutes(app, services.carePlans, config);
  app.route("/api/inquiries", inquiryRoutes(services.inquiries, config));
  // A quote's invoice or receipt, for the holder of the quote's link; like the page, its token goes to no other site.
  app.get("/quote/:token/documents/:documentId", async (c) => {
    const found = await services.quoteCheckout.documentPdf(c.req.param("token"), c.req.param("documentId"));
    if (!found) return c.text("Not found", 404);
    const res = pdfResponse(found);
    res.headers.set("Referrer-Policy", "no-referrer");
    return res;
  });
  mountStudio(app, deps, services);
  mountPortal(app, config, services.web.portal);
  // The studio's private calendar feed: the URL's token is the credential (calendar apps carry no session).
  mountCalendarFeed(app, services.feeds, database, { config, now: deps.now });

  app.all("/api/*", (c) => c.json({ success: false, error: "Not found." }, 404));

  if (deps.site) {
    mountSite(app, deps, deps.site, files ?? siteFiles(deps.site), services.web);
  }

  return app;
}

/**
 * GET /metrics (Prometheus text format) for a holder of METRICS_TOKEN only; without
 * the token set it does not exist (404), so an unconfigured server shows nothing.
 */
function mountMetrics(
  app: Hono<AppEnv>,
  metrics: Metrics,
  deps: { config: AppConfig; database: AppDatabase; now?: () => number },
) {
  registerDatabaseGauges(metrics, deps.database, deps.now);
  const token = deps.config.METRICS_TOKEN;
  app.get("/metrics", async (c) => {
    if (!token) return c.json({ success: false, error: "Not found." }, 404);
    if (!bearerMatches(c.req.header("authorization"), token)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.json({ success: false, error: "Unauthorized." }, 401);
    }
    const { contentType, body } = await metrics.scrape();
    return c.body(body, 200, { "Content-Type": contentType, "Cache-Control": "no-store" });
  });
}

/** The prerendered pages and assets held in memory (none in development: Vite renders and serves them). */
export function siteFiles(site: AppDeps["site"]) {
  return site?.clientDir ? loadStaticSite(site.clientDir) : new Map<string, StaticEntry>();
}

function mountSite(
  app: Hono<AppEnv>,
  deps: AppDeps,
  site: NonNullable<AppDeps["site"]>,
  files: Map<string, StaticEntry>,
  services: AppServices,
) {
  const handleDocument = createRequestHandler(site.serverBuild, deps.config.NODE_ENV);

  // One trailing-slash rule: paths have none; "/about/" answers 301 to "/about".
  app.use("*", async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") {
      const { pathname, search } = new URL(c.req.url);
      const target = withoutTrailingSlash(pathname);
      if (target !== undefined) return c.redirect(`${target}${search}`, 301);
    }
    await next();
  });

  // /payment?quote=TOKEN is that quote's page, which shows and pays the fixed amount;
  // /payment itself stays the prerendered page (docs/decisions/0015-quotes-fix-the-amount.md).
  app.on(["GET", "HEAD"], "/payment", async (c, next) => {
    const token = c.req.query("quote");
    if (token === undefined) return next();
    return c.redirect(`/quote/${encodeURIComponent(token.slice(0, 100))}`, 303);
  });

  // Prerendered pages and assets straight from memory.
  app.on(["GET", "HEAD"], "*", async (c, next) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text("Bad request", 400);
    }
    const entry = files.get(pathname);
    if (!entry) return next();
    return sendStatic(c.req.raw, entry);
  });

  // Everything else: runtime rendering (dynamic pages, form actions, the 404 page).
  app.all("*", async (c) => {
    const nonce = createNonce();
    const response = await handleDocument(c.req.raw, {
      cspNonce: nonce,
      services,
      clientIp: c.get("clientIp"),
      client: c.get("portalClient"),
    });
    const headers = new Headers(response.headers);
    for (const cookie of c.get("portalCookies") ?? []) headers.append("Set-Cookie", cookie);
    if ((headers.get("Content-Type") ?? "").startsWith("text/html")) {
      headers.set("Content-Security-Policy", contentSecurityPolicy([`'nonce-${nonce}'`]));
      headers.set("Cache-Control", "no-store");
    }
    const answer = new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
    return compressResponse(answer, c.req.header("accept-encoding"));
  });
}

/**
 * Adds the security headers a response does not set itself, the default CSP
 * and the request id to the finished response, in place. Hono's c.header() after the handler rebuilds
 * the Response on every call (eleven times here), which also turns its body
 * into a web stream that @hono/node-server then pipes chunk by chunk instead
 * of writing in one go: a third of the CPU of a small JSON answer. A Response
 * whose headers are immutable (Response.redirect, a fetch result) is rebuilt
 * once instead.
 */
function setResponseHeaders(c: Context<AppEnv>, securityHeaders: Record<string, string>, requestId: string) {
  let headers = c.res.headers;
  try {
    headers.set("X-Request-Id", requestId);
  } catch {
    c.res = new Response(c.res.body, c.res);
    headers = c.res.headers;
    headers.set("X-Request-Id", requestId);
  }
  // Defaults: a page's own header wins (the quote page's Referrer-Policy: no-referrer keeps its token off other sites).
  for (const k in securityHeaders) if (!headers.has(k)) headers.set(k, securityHeaders[k]!);
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", NON_HTML_CSP);
}

/** The same answer as createStaticResponder's, through Hono (in-process tests, and any path the hot path skips). */
function sendStatic(request: Request, entry: StaticEntry) {
  const encoding = chooseEncoding(entry, request.headers.get("accept-encoding") ?? undefined);
  // Security headers and the CSP are added by the first middleware.
  const { headers, body } = staticHeaders(entry, encoding, {}, NON_HTML_CSP);
  if (etagMatches(request.headers.get("if-none-match"), entry.etag)) {
    return new Response(null, { status: 304, headers: notModifiedHeaders(headers) });
  }
  // A Buffer is a Uint8Array; the DOM typings only lack the ArrayBufferLike variance.
  return new Response(request.method === "HEAD" ? null : (body as unknown as BodyInit), {
    status: 200,
    headers,
  });
}
