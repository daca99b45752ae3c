import http from "node:http";

export type HttpServerLimits = {
  /** Time a client has to send its request headers; a slow-headers client then gets 408 and is closed. */
  headersTimeout: number;
  /** Time a client has to send its whole request, body included (not the time we take to answer). */
  requestTimeout: number;
  /** How long an idle kept-alive connection stays open between requests. */
  keepAliveTimeout: number;
  /** How often Node checks the two request timeouts (they are enforced to this granularity). */
  connectionsCheckingInterval: number;
  /** Open connections per process; one more is closed as soon as it is accepted. */
  maxConnections: number;
};

/**
 * The limits the server runs with. A browser or a proxy sends headers in one
 * packet and a form body (64 KB at most) in seconds, so 10 s and 30 s only cut
 * off clients that trickle bytes to hold a connection. Keep-alive outlasts the
 * 60 s that proxies (nginx, cloud load balancers) keep an upstream connection
 * idle: closing it first makes a request racing our close fail with a 502.
 * The cap bounds memory and file descriptors per worker process.
 */
export const HTTP_SERVER_LIMITS: Readonly<HttpServerLimits> = Object.freeze({
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 65_000,
  connectionsCheckingInterval: 1_000,
  maxConnections: 1_000,
});

/** The process's HTTP server around a request listener (server/index.ts); tests pass shorter limits. */
export function createHttpServer(listener: http.RequestListener, limits: Partial<HttpServerLimits> = {}) {
  const { maxConnections, ...timeouts } = { ...HTTP_SERVER_LIMITS, ...limits };
  const server = http.createServer(timeouts, listener);
  server.maxConnections = maxConnections;
  return server;
}

/**
 * Stops accepting connections and calls `onClosed` once every connection has
 * ended: in-flight requests are answered, then their connections are closed
 * (left alone, a kept-alive one would hold the shutdown for the keep-alive time).
 */
export function closeHttpServer(server: http.Server, onClosed: () => void) {
  server.close(() => onClosed());
  server.closeIdleConnections();
  // A request arriving on an open connection now is answered with Connection: close.
  server.on("request", (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.shouldKeepAlive = false;
  });
  // Connections still answering become idle one by one; Node has no event for that.
  const sweep = setInterval(() => server.closeIdleConnections(), 100).unref();
  server.once("close", () => clearInterval(sweep));
}
