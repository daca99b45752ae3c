import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";

import { createApp, siteFiles } from "../app.server";
import { createAccessLog } from "../logger.server";
import { createMetrics, routeGroup } from "../metrics.server";
import { DEFAULT_BODY_LIMIT, type AppDeps } from "./env";
import { baseSecurityHeaders, NON_HTML_CSP } from "./security-headers.server";
import { createStaticResponder } from "./static.server";

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
