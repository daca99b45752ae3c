import { Hono } from "hono";

import { parseInquirySource, type InquiryApiResponse } from "~/schemas/inquiry";

import type { AppConfig } from "../config.server";
import type { AppEnv } from "../http/env";
import { isCrossSiteRequest } from "../http/origin.server";
import { preReadBody } from "../http/pre-read-body.server";
import { browserOf, CROSS_SITE_MESSAGE } from "./inquiry-context.server";
import { readSubmission } from "./parse.server";
import { type InquiryService } from "./service.server";

/** POST /api/inquiries: JSON, form-urlencoded or multipart in; `{ success, id }` or `{ success: false, error, fieldErrors }` out. */
export function inquiryRoutes(service: InquiryService, config: Pick<AppConfig, "SITE_URL" | "TRUST_PROXY">) {
  const routes = new Hono<AppEnv>();

  routes.post("/", async (c) => {
    const answer = (body: InquiryApiResponse, status: 200 | 400 | 403 | 415 | 429) => c.json(body, status);
    if (isCrossSiteRequest(c.req.raw.headers, c.req.url, config)) {
      return answer({ success: false, error: CROSS_SITE_MESSAGE }, 403);
    }
    const read = await readSubmission(c.req.raw, preReadBody(c));
    if (!read.ok) return answer({ success: false, error: read.error }, read.status);

    // The contact form names its page and the visitor's ref/UTM in this URL's query (schemas/inquiry-source.ts).
    const from = parseInquirySource(new URL(c.req.url).searchParams);
    const result = await service.submit(read.body, {
      clientIp: c.get("clientIp"),
      source: "api",
      from,
      browser: browserOf(c.req.raw.headers),
    });
    switch (result.kind) {
      case "accepted":
      case "quarantined":
        return answer({ success: true, id: result.id }, 200);
      case "invalid":
        return answer({ success: false, error: result.error, fieldErrors: result.fieldErrors }, 400);
      case "rate-limited":
        c.header("Retry-After", String(result.retryAfterSeconds));
        return answer({ success: false, error: result.error }, 429);
    }
  });

  return routes;
}
