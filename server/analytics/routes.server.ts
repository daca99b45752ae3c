import { Hono } from "hono";

import type { AppConfig } from "../config.server";
import type { AppEnv } from "../http/env";
import { isCrossSiteRequest } from "../http/origin.server";
import { preReadBody } from "../http/pre-read-body.server";
import { BEACON_MAX_BYTES } from "./beacon.server";
import type { Analytics } from "./service.server";

/**
 * POST /api/event: a page's beacon. 202 when stored, 204 when deliberately not counted
 * (a bot, Global Privacy Control); invalid, oversized or cross-site beacons are refused
 * with a short error and no row. Nothing in the answer echoes the request.
 */
export function analyticsRoutes(analytics: Analytics, config: Pick<AppConfig, "SITE_URL" | "TRUST_PROXY">) {
  const routes = new Hono<AppEnv>();

  routes.post("/", async (c) => {
    const refuse = (error: string, status: 400 | 403 | 413) => {
      analytics.refused();
      return c.json({ success: false, error }, status);
    };
    const declared = Number(c.req.header("content-length") ?? NaN);
    if (declared > BEACON_MAX_BYTES) return refuse("Event too large.", 413);
    if (isCrossSiteRequest(c.req.raw.headers, c.req.url, config)) return refuse("Cross-site event.", 403);
    const raw = preReadBody(c) ?? Buffer.from(await c.req.arrayBuffer());
    if (raw.length > BEACON_MAX_BYTES) return refuse("Event too large.", 413);
    const outcome = await analytics.ingest({
      body: raw.toString("utf8"),
      ip: c.get("clientIp"),
      userAgent: c.req.header("user-agent") ?? "",
      gpc: c.req.header("sec-gpc") === "1",
    });
    if (outcome === "invalid") return c.json({ success: false, error: "Invalid event." }, 400);
    c.header("Cache-Control", "no-store");
    return c.body(null, outcome === "accepted" ? 202 : 204);
  });

  return routes;
}
