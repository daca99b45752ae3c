import type { Context, Hono, Next } from "hono";
import type { AppEnv } from "../app.server";
import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { contentSecurityPolicy } from "../http/security-headers.server";
import { type RateLimiter, createRateLimiter } from "../http/rate-limit.server";
import type { Payments } from "./payments.server";
import { SANDBOX_CHECKOUT_PATH, isSandboxSessionId } from "./providers/sandbox.server";
import { renderSandboxCheckout, renderSandboxNotFound } from "./sandbox-page.server";

export const CREATE_PAYMENT_LIMITS = [
  { windowMs: 60_000, max: 10 },
  { windowMs: 60 * 60_000, max: 60 },
];

export const RATE_LIMITED_MESSAGE = "Too many payment attempts from your connection. Please wait a minute and try again.";

/**
 * HTTP face of payments: the create-payment API (JSON, or a plain form post
 * answered with 303), the Stripe webhook, and the sandbox checkout page.
 */
export function mountPaymentRoutes(app: Hono<AppEnv>, payments: Payments, deps: { config: AppConfig; database: AppDatabase }) {
  const limiter = createRateLimiter(deps.database, "create-payment", CREATE_PAYMENT_LIMITS);
  const limit = rateLimit(limiter, deps.config.RATE_LIMIT_DISABLED, "json");
  const { service } = payments;

  app.post("/api/create-payment", limit, async (c) => {
    const type = c.req.header("content-type") ?? "";
    const isForm = type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data");
    let input: unknown;
    if (isForm) {
      let form: Awaited<ReturnType<typeof c.req.parseBody>>;
      try {
        form = await c.req.parseBody();
      } catch {
        // A malformed multipart body (no boundary, truncated) is the client's mistake, not a 500.
        return c.json({ success: false, error: "The form data could not be read." }, 400);
      }
      input = { amount: form.amount, packageType: form.packageType };
    } else {
      try {
        input = await c.req.json();
      } catch {
        return c.json({ success: false, error: "Send a JSON body: {\"amount\": 450.5, \"packageType\": \"basic\"}." }, 400);
      }
    }
    const result = await service.createPayment(input);
    if (!result.ok) {
      return c.json({ success: false, error: result.error, ...("fields" in result ? { fields: result.fields } : {}) }, result.status);
    }
    return isForm ? c.redirect(result.url, 303) : c.json({ url: result.url });
  });

  // The payment page's own no-JavaScript post goes to its route action; it shares the limit.
  const limitPage = rateLimit(limiter, deps.config.RATE_LIMIT_DISABLED, "text");
  app.use("/payment", async (c, next) => (c.req.method === "POST" ? limitPage(c, next) : next()));

  if (payments.webhook) {
    const handle = payments.webhook;
    app.post("/api/stripe/webhook", async (c) => {
      // The signature covers the exact bytes Stripe sent: read them raw, never re-serialise.
      const raw = new Uint8Array(await c.req.arrayBuffer());
      const answer = await handle(raw, c.req.header("stripe-signature"));
      return c.json(answer.body, answer.status);
    });
  }

  if (payments.provider === "sandbox") mountSandboxCheckout(app, payments);
}

function mountSandboxCheckout(app: Hono<AppEnv>, payments: Payments) {
  const { service } = payments;
  const html = (c: Context<AppEnv>, body: string, status: 200 | 404 = 200) => {
    c.header("Content-Security-Policy", contentSecurityPolicy([]));
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex, nofollow");
    return c.html(body, status);
  };
  const findSandbox = async (id: string) => {
    if (!isSandboxSessionId(id)) return undefined;
    const payment = await service.findBySession(id);
    return payment?.provider === "sandbox" ? payment : undefined;
  };

  app.get(`${SANDBOX_CHECKOUT_PATH}/:id`, async (c) => {
    const payment = await findSandbox(c.req.param("id"));
    return payment ? html(c, renderSandboxCheckout(payment)) : html(c, renderSandboxNotFound(), 404);
  });

  app.post(`${SANDBOX_CHECKOUT_PATH}/:id/pay`, async (c) => {
    const id = c.req.param("id");
    const payment = await findSandbox(id);
    if (!payment) return html(c, renderSandboxNotFound(), 404);
    await service.fulfil(id, { status: "paid" }, "sandbox checkout");
    return c.redirect(`/payment-success?session_id=${encodeURIComponent(id)}`, 303);
  });

  // Like Stripe's cancel: back to the form; the payment stays pending (never paid).
  app.post(`${SANDBOX_CHECKOUT_PATH}/:id/cancel`, (c) => c.redirect("/payment", 303));
}

function rateLimit(limiter: RateLimiter, disabled: boolean, answer: "json" | "text") {
  return async (c: Context<AppEnv>, next: Next) => {
    if (disabled) return next();
    const decision = await limiter.hit(c.get("clientIp"));
    if (!decision.allowed) {
      c.header("Retry-After", String(decision.retryAfterSeconds));
      return answer === "json" ? c.json({ success: false, error: RATE_LIMITED_MESSAGE }, 429) : c.text(RATE_LIMITED_MESSAGE, 429);
    }
    return next();
  };
}
