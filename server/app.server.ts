import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createRequestHandler, type ServerBuild } from "react-router";

import { analyticsRoutes } from "./analytics/routes.server";
import { createAnalytics, type Analytics } from "./analytics/service.server";
import { createCalendarFeeds, mountCalendarFeed } from "./booking/feed.server";
import { createBookingService, type BookingActivity } from "./booking/service.server";
import type { AppConfig } from "./config.server";
import { pendingMigrations, type AppDatabase } from "./db/database.server";
import { createClientAddressResolver } from "./http/client-address.server";
import { compressResponse } from "./http/compress.server";
import { preReadBody } from "./http/pre-read-body.server";
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  createNonce,
  NON_HTML_CSP,
} from "./http/security-headers.server";
import {
  chooseEncoding,
  createStaticResponder,
  etagMatches,
  loadStaticSite,
  notModifiedHeaders,
  staticHeaders,
  type StaticEntry,
} from "./http/static.server";
import { withoutTrailingSlash } from "./http/trailing-slash.server";
import { isDatabaseUnavailable, SERVICE_UNAVAILABLE_MESSAGE } from "./http/unavailable.server";
import { inquiryRoutes } from "./inquiries/routes.server";
import { createInquiryService } from "./inquiries/service.server";
import { createAccessLog, errorKind, requestContext, type AccessLog, type Logger } from "./logger.server";
import {
  bearerMatches,
  createMetrics,
  registerDatabaseGauges,
  routeGroup,
  type Metrics,
} from "./metrics.server";
import type { OutboxTrigger } from "./outbox/outbox.server";
import { createPayments, type PaymentsOptions } from "./payments/payments.server";
import { mountPaymentRoutes } from "./payments/routes.server";
import { createQuoteCheckout } from "./quotes/checkout.server";
import { createQuoteRefunds } from "./quotes/refunds.server";
import { createQuoteService } from "./quotes/service.server";
import { createQuoteSettlement } from "./quotes/settlement.server";
import { createReminderOptOuts, optOutKey } from "./reminders/opt-outs.server";
import type { AppServices } from "./services.server";
import { createStudioLeadActivity, insertLeadActivity } from "./studio/activity.server";
import { pdfResponse } from "./studio/downloads.server";
import type { LeadPrivacy } from "./studio/privacy.server";
import { mountStudio } from "./studio/routes.server";
import { studioAuthSecret } from "./studio/secret.server";

export type AppEnv = { Variables: { requestId: string; clientIp: string } };

export type AppDeps = {
  config: AppConfig;
  database: AppDatabase;
  logger: Logger;
  /**
   * The built site; omitted in API-only integration tests. The dev server (dev.ts) gives
   * no clientDir (Vite serves the files) and a server build Vite loads per request.
   */
  site?: { clientDir?: string; serverBuild: ServerBuild | (() => Promise<ServerBuild>) };
  /** Payments test seams (a local Stripe API, a provider). */
  payments?: PaymentsOptions;
  /** The outbox worker, nudged when a notification is queued (absent: rows wait for the next worker pass). */
  outbox?: OutboxTrigger;
  /** False when SMTP_URL is unset, so a new inquiry's notification is logged as left pending. */
  mailConfigured?: boolean;
  /** Clock (ms) for rate limits and timestamps; tests move it. */
  now?: () => number;
  /** The process's metrics (server/metrics.server.ts); absent: a registry of this app's own. */
  metrics?: Metrics;
  /** The process's analytics (compose.server.ts flushes it on shutdown); absent: one of this app's own. Booking's "call booked" goal goes through its recordGoal. */
  analytics?: Analytics;
  /** The process's lead privacy (export, deletion, retention), shared with the retention job compose.server.ts starts; absent: one of this app's own. */
  privacy?: LeadPrivacy;
};

/** Default cap on any request body; routes that need less set their own. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * The process's request listener: prerendered pages and assets answered on
 * Node's own objects (createStaticResponder, the hot path), everything else
 * by the Hono app. Both share one in-memory copy of the build and answer a
 * static file identically.
 */
export function createNodeHandler(deps: AppDeps) {
  const files = siteFiles(deps.site);
  const accessLog = createAccessLog(deps.logger);
  const metrics = deps.metrics ?? createMetrics();
  const app = createApp({ ...deps, metrics }, files, accessLog);
  const fallback = getRequestListener(app.fetch);
  const respondStatic = createStaticResponder(files, {
    securityHeaders: baseSecurityHeaders(deps.config.NODE_ENV === "production"),
    nonHtmlCsp: NON_HTML_CSP,
    requestId: randomUUID,
    onResponse: ({ reqId, method, path, status, started }) => {
      const ms = performance.now() - started;
      metrics.observeRequest(routeGroup(path), status, ms / 1000);
      accessLog(reqId, method, path, status, Math.round(ms));
    },
  });
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    // A quote's payment link is answered by the app (a redirect), not by the prerendered /payment.
    if (!isQuotePaymentLink(req.url ?? "/") && respondStatic(req, res)) return;
    const length = smallBodyLength(req);
    if (length !== undefined) return readSmallBody(req, length, () => void fallback(req, res));
    if (isModestOversize(req)) return discardBody(req, () => void fallback(req, res));
    void fallback(req, res);
  };
  return { app, listener };
}

/**
 * The declared length of a small request body (an inquiry, a form post), or
 * undefined when there is none or it is over the body limit (those go through
 * Hono's bodyLimit as they are, which answers 413).
 */
function smallBodyLength(req: IncomingMessage): number | undefined {
  if (req.method === "GET" || req.method === "HEAD" || req.headers["transfer-encoding"] !== undefined)
    return undefined;
  const declared = req.headers["content-length"];
  if (declared === undefined) return undefined;
  const length = Number(declared);
  return Number.isInteger(length) && length > 0 && length <= DEFAULT_BODY_LIMIT ? length : undefined;
}

/** Bodies over the limit up to this size are read and dropped before the 413 (see discardBody). */
const DISCARD_BEFORE_413_BYTES = 1024 * 1024;

function isModestOversize(req: IncomingMessage) {
  if (req.method === "GET" || req.method === "HEAD" || req.headers["transfer-encoding"] !== undefined)
    return false;
  const length = Number(req.headers["content-length"]);
  return Number.isInteger(length) && length > DEFAULT_BODY_LIMIT && length <= DISCARD_BEFORE_413_BYTES;
}

/**
 * A client that sends a whole oversize form (say a 100 KB paste) and then reads
 * the answer must get the 413, not a reset: answering first and closing with its
 * upload unread made the kernel reset the connection (ECONNRESET seen under load).
 * Up to 1 MB is read and dropped, then Hono's bodyLimit answers from the header.
 */
function discardBody(req: IncomingMessage, then: () => void) {
  req.on("end", then);
  req.on("error", () => {});
  req.resume();
}

/**
 * Reads a small body into a Buffer before the request reaches Hono, and hands
 * it over as `rawBody`, which @hono/node-server turns into a one-chunk body.
 * Otherwise it wraps the socket stream in a web stream (Readable.toWeb) read
 * chunk by chunk through promises: a tenth of the CPU of an inquiry. Node's
 * parser holds the body to its Content-Length, so "end" comes after that many
 * bytes; a client that goes away before sends nothing further to answer.
 * A message read to its end is destroyed by Node, so node-server has nothing
 * to drain afterwards and the connection stays open for the next request.
 */
function readSmallBody(req: IncomingMessage & { rawBody?: Buffer }, length: number, then: () => void) {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    req.rawBody = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length);
    then();
  });
  // An aborted upload: the socket is gone, so is the answer.
  req.on("error", () => {});
}

/** GET /payment?quote=...: the one query string that changes what a prerendered path answers. */
export function isQuotePaymentLink(url: string) {
  return url.startsWith("/payment?") && new URLSearchParams(url.slice("/payment?".length)).has("quote");
}

/**
 * Builds the HTTP app. Tests call this without listening on a port.
 * `files` and `accessLog` are shared with the static hot path (createNodeHandler);
 * by default the site's client directory is loaded here.
 */
export function createApp(
  deps: AppDeps,
  files?: Map<string, StaticEntry>,
  accessLog: AccessLog = createAccessLog(deps.logger),
) {
  const { config, database, logger } = deps;
  const metrics = deps.metrics ?? createMetrics();
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

  // API routes of each capability mount here (inquiries, payments).
  // Quotes write their steps into the studio's lead timeline and move the lead's status.
  const activity = createStudioLeadActivity();
  const onPaid = createQuoteSettlement({
    activity,
    logger,
    registrationNumber: config.GST_HST_NUMBER ?? null,
  });
  // Cookieless analytics: page beacons, and goals recorded by the capabilities below (docs/product.md#analytics).
  const analytics = deps.analytics ?? createAnalytics({ config, database, logger, metrics, now: deps.now });
  app.route("/api/event", analyticsRoutes(analytics, config));
  // Stripe's refund events finish (or fail) the refunds the studio made of settled payments.
  const payments = createPayments({
    config,
    database,
    logger,
    options: deps.payments,
    outbox: deps.outbox,
    onPaid,
    now: deps.now,
    goals: analytics,
    onRefundUpdate: (update) => refunds.providerUpdate(update),
  });
  const refunds = createQuoteRefunds({
    database,
    payments: payments.service,
    activity,
    outbox: deps.outbox,
    logger,
    now: deps.now,
  });
  mountPaymentRoutes(app, payments, deps);
  const quotes = createQuoteCheckout({
    config,
    database,
    payments: payments.service,
    activity,
    logger,
    outbox: deps.outbox,
    now: deps.now,
    goals: analytics,
  });
  const inquiries = createInquiryService({
    config,
    database,
    logger,
    outbox: deps.outbox,
    mailConfigured: deps.mailConfigured,
    now: deps.now,
    goals: analytics,
  });
  app.route("/api/inquiries", inquiryRoutes(inquiries, config));
  // A quote's invoice or receipt, for the holder of the quote's link; like the page, its token goes to no other site.
  app.get("/quote/:token/documents/:documentId", async (c) => {
    const found = await quotes.documentPdf(c.req.param("token"), c.req.param("documentId"));
    if (!found) return c.text("Not found", 404);
    const res = pdfResponse(found);
    res.headers.set("Referrer-Policy", "no-referrer");
    return res;
  });
  const quoteService = createQuoteService({
    config,
    database,
    activity,
    checkouts: payments.service,
    outbox: deps.outbox,
    now: deps.now,
  });
  const booking = createBookingService({
    config,
    database,
    logger,
    manageSecret: studioAuthSecret(config),
    recordActivity: bookingActivity,
    outbox: deps.outbox,
    goals: analytics,
    now: deps.now,
  });
  const reminderOptOuts = createReminderOptOuts({ database, key: optOutKey(config), now: deps.now });
  const services: AppServices = {
    config,
    payments: payments.service,
    inquiries,
    quotes,
    reminderOptOuts,
    booking,
    logRouteError: (request, error) => {
      const kind = errorKind(error);
      const refused = typeof kind.code === "number" && kind.code < 500;
      logger[refused ? "warn" : "error"](
        { method: request.method, path: new URL(request.url).pathname, error: kind },
        refused ? "route refused a request" : "route error",
      );
    },
  };
  mountStudio(app, deps, services, quoteService);
  // The studio's private calendar feed: the URL's token is the credential (calendar apps carry no session).
  mountCalendarFeed(app, createCalendarFeeds({ config, database, now: deps.now }), database, {
    config,
    now: deps.now,
  });

  app.all("/api/*", (c) => c.json({ success: false, error: "Not found." }, 404));

  if (deps.site) {
    mountSite(app, deps, deps.site, files ?? siteFiles(deps.site), services);
  }

  return app;
}

/** Bookings land in the lead's timeline as the studio's other steps do. */
const bookingActivity: BookingActivity = (db, e, at) =>
  insertLeadActivity(db, { inquiry_id: e.leadId, kind: e.kind, body: e.detail, actor_email: e.actor }, at);

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
function siteFiles(site: AppDeps["site"]) {
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
    });
    const headers = new Headers(response.headers);
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
