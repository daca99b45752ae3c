import { paymentPackage } from "~/content/payment";
import { siteConfig } from "~/content/site";
import { formatCad } from "~/lib/money";

import type { PaymentTable } from "../db/schema";
import { SANDBOX_CHECKOUT_PATH } from "./providers/sandbox.server";

/**
 * The sandbox checkout page: server-rendered HTML from Hono, not a React
 * route, because it stands in for a third-party page (Stripe's): it must
 * work without the built site (API tests), carries no script at all (so the
 * CSP needs no nonce) and never shows the studio's navigation.
 */
export const sandboxPageText = {
  banner: "TEST CHECKOUT: no money moves",
  bannerDetail:
    "This is the built-in sandbox. It stands in for Stripe while no Stripe key is configured. No card is asked for and nothing is charged.",
  heading: "Test checkout",
  pay: "Pay (test)",
  cancel: "Cancel",
  alreadyPaid: "This test payment is already marked as paid.",
  alreadyFailed:
    "This test checkout is closed (it expired, or the quote changed): it takes no payment. Start again from the quote or payment page.",
  viewConfirmation: "View confirmation",
  notFoundHeading: "Checkout not found",
  notFound: "This test checkout does not exist or has expired. Start again from the payment page.",
  backToPayment: "Back to payment",
} as const;

export function escapeHtml(value: string) {
  return value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );
}

const styles = `
:root{color-scheme:light;--fg:#0f172a;--muted:#475569;--border:#cbd5e1;--primary:#1d4ed8;--warn-bg:#fef3c7;--warn-fg:#78350f;--warn-border:#d97706}
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:#f1f5f9;line-height:1.5}
.banner{background:var(--warn-bg);color:var(--warn-fg);border-bottom:3px solid var(--warn-border);padding:1rem;text-align:center}
.banner strong{display:block;font-size:1.125rem;letter-spacing:.02em}
.banner p{margin:.25rem auto 0;max-width:40rem;font-size:.9375rem}
main{max-width:28rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid var(--border);border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 2px rgb(0 0 0/.05)}
.merchant{margin:0;color:var(--muted);font-size:.875rem}
h1{margin:.25rem 0 1rem;font-size:1.5rem}
dl{margin:0 0 1.5rem;display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem}
dt{color:var(--muted)}dd{margin:0;text-align:right;font-weight:600}
.total{font-size:1.25rem}
.actions{display:flex;flex-direction:column;gap:.75rem}
form{margin:0}
button,.link{display:block;width:100%;min-height:2.75rem;border-radius:.5rem;font:inherit;font-weight:600;cursor:pointer;text-align:center;text-decoration:none;padding:.625rem 1rem}
.pay{background:var(--primary);color:#fff;border:1px solid var(--primary)}
.pay:hover{background:#1e40af}
.cancel{background:#fff;color:var(--fg);border:1px solid var(--border)}
.cancel:hover{background:#f8fafc}
.link{background:var(--primary);color:#fff}
button:focus-visible,.link:focus-visible{outline:3px solid #0f172a;outline-offset:2px}
.note{margin:1rem 0 0;color:var(--muted);font-size:.875rem}
label{display:block;font-weight:600;margin:0 0 .25rem}
input,select{display:block;width:100%;min-height:2.75rem;font:inherit;border:1px solid var(--border);border-radius:.5rem;padding:.5rem .75rem;margin:0 0 1rem}
input:focus-visible,select:focus-visible{outline:3px solid #0f172a;outline-offset:1px}
.error{color:#b91c1c;font-weight:600}
@media (prefers-reduced-motion:reduce){*{transition:none!important}}
`;

/** The sandbox's page frame (the TEST banner, no script), shared with the care plans' sandbox billing pages. */
export function sandboxLayout(title: string, body: string) {
  return `<!doctype html>
<html lang="en-CA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} | ${escapeHtml(siteConfig.name)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${styles}</style>
</head>
<body>
<header class="banner"><strong>${escapeHtml(sandboxPageText.banner)}</strong><p>${escapeHtml(sandboxPageText.bannerDetail)}</p></header>
<main>${body}</main>
</body>
</html>`;
}

export function renderSandboxCheckout(payment: PaymentTable): string {
  const pkg = paymentPackage(payment.package);
  const amount = formatCad(Number(payment.amount_cents), { withCode: true });
  const sessionId = payment.provider_session_id ?? "";
  const base = `${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(sessionId)}`;
  const rows = `<dl>
<dt>Package</dt><dd>${escapeHtml(pkg.name)}</dd>
<dt class="total">Total</dt><dd class="total">${escapeHtml(amount)}</dd>
</dl>`;
  let actions: string;
  if (payment.status === "pending") {
    actions = `<div class="actions">
<form method="post" action="${escapeHtml(base)}/pay"><button type="submit" class="pay">${escapeHtml(sandboxPageText.pay)}: ${escapeHtml(amount)}</button></form>
<form method="post" action="${escapeHtml(base)}/cancel"><button type="submit" class="cancel">${escapeHtml(sandboxPageText.cancel)}</button></form>
</div>`;
  } else {
    const text = payment.status === "paid" ? sandboxPageText.alreadyPaid : sandboxPageText.alreadyFailed;
    actions = `<p>${escapeHtml(text)}</p>
<a class="link" href="/payment-success?session_id=${escapeHtml(encodeURIComponent(sessionId))}">${escapeHtml(sandboxPageText.viewConfirmation)}</a>`;
  }
  return sandboxLayout(
    sandboxPageText.heading,
    `<div class="card">
<p class="merchant">${escapeHtml(siteConfig.name)}</p>
<h1>${escapeHtml(sandboxPageText.heading)}</h1>
${rows}
${actions}
</div>`,
  );
}

export function renderSandboxNotFound(): string {
  return sandboxLayout(
    sandboxPageText.notFoundHeading,
    `<div class="card">
<h1>${escapeHtml(sandboxPageText.notFoundHeading)}</h1>
<p>${escapeHtml(sandboxPageText.notFound)}</p>
<a class="link" href="/payment">${escapeHtml(sandboxPageText.backToPayment)}</a>
</div>`,
  );
}
