import type { Context, Hono } from "hono";

import type { AppConfig } from "../config.server";
import type { AppEnv } from "../http/env";
import { isCrossSiteRequest } from "../http/origin.server";
import { contentSecurityPolicy } from "../http/security-headers.server";
import { CROSS_SITE_PAYMENT_MESSAGE } from "./errors";
import type { Payments } from "./payments.server";
import { isSandboxSessionId, SANDBOX_CHECKOUT_PATH } from "./providers/sandbox.server";
import { renderSandboxCheckout, renderSandboxNotFound } from "./sandbox-page.server";

export const UNSUPPORTED_PAYMENT_TYPE_MESSAGE =
  "Unsupported content type: send application/json or a form post.";

type OriginConfig = Pick<AppConfig, "SITE_URL" | "TRUST_PROXY">;

/**
 * HTTP face of payments: the create-payment API (JSON, or a plain form post
 * answered with 303), the Stripe webhook, and the sandbox checkout page.
 * The rate limit lives in the service, so the page's own action shares it.
 */
export function mountPaymentRoutes(app: Hono<AppEnv>, payments: Payments, deps: { config: AppConfig }) {
  const { service } = payments;
  const { config } = deps;

  app.post("/api/create-payment", async (c) => {
    // Another site's page must not open checkouts (and provider sessions) in a visitor's name.
    if (isCrossSiteRequest(c.req.raw.headers, c.req.url, config))
      return c.json({ success: false, error: CROSS_SITE_PAYMENT_MESSAGE }, 403);
    const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const isForm = type === "application/x-www-form-urlencoded" || type === "multipart/form-data";
    // JSON only as application/json: a cross-site page can send text/plain without a CORS preflight.
    if (!isForm && type !== "application/json")
      return c.json({ success: false, error: UNSUPPORTED_PAYMENT_TYPE_MESSAGE }, 415);
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
        return c.json(
          { success: false, error: 'Send a JSON body: {"amount": 450.5, "packageType": "basic"}.' },
          400,
        );
      }
    }
    const result = await service.createPayment(input, { clientIp: c.get("clientIp") });
    if (!result.ok) {
      if (result.status === 429) c.header("Retry-After", String(result.retryAfterSeconds));
      return c.json(
        { success: false, error: result.error, ...("fields" in result ? { fields: result.fields } : {}) },
        result.status,
      );
    }
    return isForm ? c.redirect(result.url, 303) : c.json({ url: result.url });
  });

  if (payments.webhook) {
    const handle = payments.webhook;
    app.post("/api/stripe/webhook", async (c) => {
      // The signature covers the exact bytes Stripe sent: read them raw, never re-serialise.
      const raw = new Uint8Array(await c.req.arrayBuffer());
      const answer = await handle(raw, c.req.header("stripe-signature"));
      return c.json(answer.body, answer.status);
    });
  }

  if (payments.provider === "sandbox") mountSandboxCheckout(app, payments, config);
}

function mountSandboxCheckout(app: Hono<AppEnv>, payments: Payments, config: OriginConfig) {
  const { service } = payments;
  const html = (c: Context<AppEnv>, body: string, status: 200 | 403 | 404 = 200) => {
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

  // Pay and Cancel are forms on the sandbox page itself; another site posting them is refused.
  app.use(`${SANDBOX_CHECKOUT_PATH}/:id/*`, async (c, next) => {
    if (c.req.method === "POST" && isCrossSiteRequest(c.req.raw.headers, c.req.url, config))
      return html(c, CROSS_SITE_PAYMENT_MESSAGE, 403);
    await next();
  });

  app.post(`${SANDBOX_CHECKOUT_PATH}/:id/pay`, async (c) => {
    const id = c.req.param("id");
    const payment = await findSandbox(id);
    if (!payment) return html(c, renderSandboxNotFound(), 404);
    // Like Stripe, a closed checkout (expired, withdrawn, replaced) takes no money: the page says so.
    if (payment.status === "failed" || (await service.closeIfLapsed(payment)))
      return c.redirect(`${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(id)}`, 303);
    await service.fulfil(id, { status: "paid" }, "sandbox checkout");
    return c.redirect(`/payment-success?session_id=${encodeURIComponent(id)}`, 303);
  });

  // Like Stripe's cancel: back to the form; the payment stays pending (never paid).
  app.post(`${SANDBOX_CHECKOUT_PATH}/:id/cancel`, (c) => c.redirect("/payment", 303));
}
