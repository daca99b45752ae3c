import type { Hono } from "hono";

import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import type { AppEnv } from "../http/env";
import { createRateLimiter } from "../http/rate-limit.server";
import { FEED_RATE_LIMIT, type CalendarFeeds } from "./feed.server";

/**
 * GET /calendar/<token>.ics for calendar apps (no session: the URL is the credential).
 * Rate-limited per address; the access log masks the token (maskSecretPath).
 */
export function mountCalendarFeed(
  app: Hono<AppEnv>,
  feeds: CalendarFeeds,
  database: AppDatabase,
  deps: { config: Pick<AppConfig, "RATE_LIMIT_DISABLED">; now?: () => number },
) {
  const limiter = createRateLimiter(database, "calendar-feed", [FEED_RATE_LIMIT]);
  app.get("/calendar/:file", async (c) => {
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    c.header("X-Robots-Tag", "noindex");
    if (!deps.config.RATE_LIMIT_DISABLED) {
      const decision = await limiter.hit(c.get("clientIp"), (deps.now ?? Date.now)());
      if (!decision.allowed) {
        c.header("Retry-After", String(decision.retryAfterSeconds));
        return c.text("Too many requests.", 429);
      }
    }
    const file = c.req.param("file");
    const body = file.endsWith(".ics") ? await feeds.ics(file.slice(0, -".ics".length)) : undefined;
    if (body === undefined) return c.text("Not found.", 404);
    return c.body(body, 200, { "Content-Type": "text/calendar; charset=utf-8" });
  });
}
