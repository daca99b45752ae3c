import type { Context, Hono } from "hono";

import { siteConfig } from "~/content/site";
import { formatCad } from "~/lib/money";
import { formatSiteDate } from "~/lib/site-time";
import { z } from "~/lib/zod";
import { taxCodes, taxTotals, type Province } from "~/shared/taxes";

import type { AppConfig } from "../../config.server";
import type { AppEnv } from "../../http/env";
import { isCrossSiteRequest } from "../../http/origin.server";
import { contentSecurityPolicy } from "../../http/security-headers.server";
import { escapeHtml as e, sandboxLayout } from "../../payments/sandbox-page.server";
import { SANDBOX_BILLING_PATH, type SandboxBilling } from "./sandbox-billing.server";

const cad = (cents: number) => formatCad(cents, { withCode: true });

const checkoutFormSchema = z.object({
  email: z.string().trim().toLowerCase().email("Enter an email address like name@example.com.").max(254),
  name: z.string().trim().max(120).default(""),
});

const portalIntents = ["update-card", "change-plan", "decline-card", "cancel", "keep", "renew"] as const;
const portalDone: Record<(typeof portalIntents)[number], string> = {
  "update-card": "Card updated (test). Any unpaid month was charged again.",
  "change-plan": "Plan changed (test). Nothing is charged now: the next renewal bills the new plan.",
  "decline-card": "The test card now declines every charge.",
  cancel: "Your plan ends at the end of the paid month.",
  keep: "Your plan goes on: it renews as before.",
  renew: "A month went by (test): the next renewal ran.",
};

type Pages = ReturnType<typeof pageHelpers>;

/** The pages' answers: an HTML page's policy, the cross-site check, the not-found page. */
function pageHelpers(config: AppConfig) {
  // An HTML page's policy (no script at all), never cached or indexed, as the payments' sandbox page.
  const html = (c: Context<AppEnv>, body: string, status: 200 | 400 | 404 = 200) => {
    c.header("Content-Security-Policy", contentSecurityPolicy([]));
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex, nofollow");
    return c.html(body, status);
  };
  const crossSite = (c: Context<AppEnv>) => isCrossSiteRequest(c.req.raw.headers, c.req.url, config);
  const notFound = (c: Context<AppEnv>, text: string) =>
    html(
      c,
      sandboxLayout(
        "Not found",
        `<div class="card"><h1>Not found</h1><p>${e(text)}</p><a class="link" href="/pricing#care-plans">Back to care plans</a></div>`,
      ),
      404,
    );

  return { html, crossSite, notFound };
}

/**
 * The sandbox's pages for care plans, standing in for Stripe's hosted checkout and customer
 * portal (server-rendered, no script, the TEST banner, like the payments' sandbox page):
 * the test checkout takes an email and a name and subscribes; the portal (opened by a signed,
 * short-lived link as Stripe's sessions are) updates the card, cancels at the period's end or
 * takes that back, and for testers makes the card decline and moves the plan's clock a month.
 */ export function mountSandboxBillingRoutes(app: Hono<AppEnv>, sandbox: SandboxBilling, config: AppConfig) {
  const pages = pageHelpers(config);
  mountTestCheckout(app, sandbox, config, pages);
  mountTestPortal(app, sandbox, pages);
}

/** The test checkout: the plan, its taxes and the monthly total; an email and a name; subscribed. */
function mountTestCheckout(app: Hono<AppEnv>, sandbox: SandboxBilling, config: AppConfig, pages: Pages) {
  const { html, crossSite, notFound } = pages;
  async function checkoutPage(c: Context<AppEnv>, error?: string, values = { email: "", name: "" }) {
    const session = c.req.param("session") ?? "";
    const found = await sandbox.checkout(session);
    if (!found) return notFound(c, "This test checkout does not exist. Start again from the pricing page.");
    const price = Number(found.price_cents);
    const taxes = taxTotals([{ amountCents: price, taxes: taxCodes }], found.province as Province);
    const shown = config.GST_HST_NUMBER ? taxes : [];
    const total = price + shown.reduce((s, t) => s + t.cents, 0);
    const rows = [
      `<dt>Plan</dt><dd>${e(found.planName)}</dd>`,
      `<dt>Monthly price</dt><dd>${e(cad(price))}</dd>`,
      ...shown.map((t) => `<dt>${e(t.label)}</dt><dd>${e(cad(t.cents))}</dd>`),
      `<dt class="total">Each month</dt><dd class="total">${e(cad(total))}</dd>`,
    ].join("");
    const body =
      found.status === "pending"
        ? `<form method="post" novalidate>
${error ? `<p class="error" id="email-error">${e(error)}</p>` : ""}
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required value="${e(values.email)}"${error ? ' aria-invalid="true" aria-describedby="email-error"' : ""}>
<label for="name">Name on the card</label><input id="name" name="name" autocomplete="name" value="${e(values.name)}">
<div class="actions"><button type="submit" class="pay">Subscribe (test): ${e(cad(total))} a month</button>
<a class="cancel link" href="/pricing#care-plans">Cancel</a></div></form>`
        : `<p>This test subscription is already active.</p><a class="link" href="/pricing#care-plans">Back to care plans</a>`;
    return html(
      c,
      sandboxLayout(
        "Test subscription",
        `<div class="card"><p class="merchant">${e(siteConfig.name)}</p><h1>Test subscription</h1><dl>${rows}</dl>${body}<p class="note">Billed monthly until cancelled. No card is asked for and nothing is charged.</p></div>`,
      ),
      error ? 400 : 200,
    );
  }

  app.get(`${SANDBOX_BILLING_PATH}/checkout/:session`, (c) => {
    c.header("Cache-Control", "no-store");
    return checkoutPage(c);
  });

  app.post(`${SANDBOX_BILLING_PATH}/checkout/:session`, async (c) => {
    c.header("Cache-Control", "no-store");
    if (crossSite(c)) return c.text("This form can only be sent from our own site.", 403);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const parsed = checkoutFormSchema.safeParse(form);
    if (!parsed.success)
      return checkoutPage(c, parsed.error.issues[0]!.message, {
        email: typeof form.email === "string" ? form.email.slice(0, 254) : "",
        name: typeof form.name === "string" ? form.name.slice(0, 120) : "",
      });
    const result = await sandbox.completeCheckout(c.req.param("session"), parsed.data);
    if (result === "not-found") return notFound(c, "This test checkout does not exist.");
    return html(
      c,
      sandboxLayout(
        "Subscribed (test)",
        `<div class="card"><h1>Subscribed (test)</h1><p>Your care plan is active. Its first invoice and receipt are on their way to ${e(parsed.data.email)}.</p><a class="link" href="/pricing?care_plan=subscribed#care-plans">Back to ${e(siteConfig.name)}</a></div>`,
      ),
    );
  });
}

/**
 * The portal's change of plan, as Stripe's portal offers it (decision 0060): the plans sold
 * now, applied without a charge now; the next renewal bills the new plan.
 */
function changePlanForm(offered: { id: string; name: string; price_cents: number }[]) {
  if (offered.length === 0) return "";
  const options = offered
    .map(
      (p) => `<option value="${e(p.id)}">${e(p.name)}, ${e(formatCad(Number(p.price_cents)))}/month</option>`,
    )
    .join("");
  return `<form method="post"><input type="hidden" name="intent" value="change-plan">
<label for="plan">Change plan</label><select id="plan" name="plan">${options}</select>
<p class="note" id="plan-note">Nothing is charged now: the new plan is billed from the next renewal.</p>
<button type="submit" class="cancel" aria-describedby="plan-note">Change plan (test)</button></form>`;
}

/** The test portal: card, plan, cancellation, and the testers' decline and clock. */
function mountTestPortal(app: Hono<AppEnv>, sandbox: SandboxBilling, pages: Pages) {
  const { html, crossSite, notFound } = pages;
  app.get(`${SANDBOX_BILLING_PATH}/portal/:token`, async (c) => {
    c.header("Cache-Control", "no-store");
    // The token stays on our site (no-referrer would make the page's own forms post Origin: null, refused as cross-site).
    c.header("Referrer-Policy", "same-origin");
    const opened = await sandbox.openPortal(c.req.param("token"));
    if (!opened)
      return notFound(c, "This billing link has expired or is not valid: open it again from your plan.");
    const { row, returnUrl } = opened;
    const done = portalIntents.find((i) => i === c.req.query("done"));
    const ended = row.status === "canceled";
    const cancelling = Number(row.cancel_at_period_end) === 1;
    const state = ended
      ? "Ended"
      : row.status === "past_due"
        ? "Payment failed: update your card"
        : cancelling
          ? `Ends ${formatSiteDate(row.period_end)}`
          : `Renews ${formatSiteDate(row.period_end)}`;
    const plans = await sandbox.plans();
    const planName = plans.find((p) => p.id === row.plan_id)?.name ?? row.plan_id;
    const button = (intent: string, label: string, cls = "pay") =>
      `<form method="post"><input type="hidden" name="intent" value="${intent}"><button type="submit" class="${cls}">${e(label)}</button></form>`;
    const actions = ended
      ? ""
      : [
          button("update-card", "Update card (test)"),
          changePlanForm(plans.filter((p) => p.retired_at === null && p.id !== row.plan_id)),
          cancelling
            ? button("keep", "Keep my plan", "cancel")
            : button("cancel", "Cancel at the end of the period", "cancel"),
          `<p class="note">For testing:</p>`,
          Number(row.card_declines) === 1
            ? `<p class="note">The test card declines every charge.</p>`
            : button("decline-card", "Make the card decline (test)", "cancel"),
          button("renew", "Move the clock a month (test)", "cancel"),
        ].join("");
    return html(
      c,
      sandboxLayout(
        "Test billing",
        `<div class="card"><p class="merchant">${e(siteConfig.name)}</p><h1>Test billing</h1>
${done ? `<p role="status"><strong>${e(portalDone[done])}</strong></p>` : ""}
<dl><dt>Plan</dt><dd>${e(planName)}</dd><dt>Monthly price</dt><dd>${e(cad(Number(row.price_cents)))}</dd><dt>State</dt><dd>${e(state)}</dd><dt>Card</dt><dd>${Number(row.card_declines) === 1 ? "Declines (test)" : "Works (test)"}</dd></dl>
<div class="actions">${actions}<a class="cancel link" href="${e(returnUrl)}">Return to ${e(siteConfig.name)}</a></div></div>`,
      ),
    );
  });

  app.post(`${SANDBOX_BILLING_PATH}/portal/:token`, async (c) => {
    c.header("Cache-Control", "no-store");
    if (crossSite(c)) return c.text("This form can only be sent from our own site.", 403);
    const token = c.req.param("token");
    const opened = await sandbox.openPortal(token);
    if (!opened)
      return notFound(c, "This billing link has expired or is not valid: open it again from your plan.");
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const intent = portalIntents.find((i) => i === form.intent);
    if (!intent) return c.text("Unknown action.", 400);
    const id = opened.row.id;
    if (intent === "change-plan") {
      const plan = typeof form.plan === "string" ? form.plan.slice(0, 40) : "";
      if ((await sandbox.changePlan(id, plan)) === "unknown-plan")
        return c.text("Choose one of the plans offered.", 400);
    } else if (intent === "update-card") await sandbox.updateCard(id);
    else if (intent === "decline-card") await sandbox.declineCard(id);
    else if (intent === "cancel" || intent === "keep")
      await sandbox.setCancelAtPeriodEnd(id, intent === "cancel");
    else await sandbox.renew(id);
    return c.redirect(`${SANDBOX_BILLING_PATH}/portal/${token}?done=${intent}`, 303);
  });
}
