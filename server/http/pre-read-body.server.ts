import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

/**
 * The request body createNodeHandler's listener read before Hono, if it did.
 * Routes that read a body take it from here first: the lightweight request of
 * @hono/node-server then never builds the web Request, its stream and its
 * AbortController (a tenth of an inquiry's CPU). Absent in-process
 * (app.request in tests): read c.req.raw as usual.
 */
export function preReadBody(c: Context): Buffer | undefined {
  return (c.env as { incoming?: IncomingMessage & { rawBody?: Buffer } } | undefined)?.incoming?.rawBody;
}
