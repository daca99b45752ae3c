import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

import { demoSites } from "./lib/demo-sites";

/** The route table (docs/product.md#routes), in one place; the demos come from lib/demo-sites.ts. Every page here is listed in lib/route-registry.ts (public) or its unlistedRoutes; a test checks. */
export default [
  layout("components/layout/site-layout.tsx", [
    index("routes/home.tsx"),
    route("portfolio", "routes/portfolio.tsx"),
    route("pricing", "routes/pricing.tsx"),
    route("about", "routes/about.tsx"),
    route("story", "routes/story.tsx"),
    route("contact", "routes/contact.tsx"),
    route("extras", "routes/extras.tsx"),
    route("payment", "routes/payment.tsx"),
    route("payment-success", "routes/payment-success.tsx"),
    route("unsubscribe/:token", "routes/unsubscribe.tsx"),
    route("quote/:token/agreement.pdf", "routes/quote-agreement.ts"),
    route("book", "routes/book.tsx"),
    route("book/manage/:token", "routes/book-manage.tsx"),
    route("book/manage/:token/invitation.ics", "routes/book-invitation.ts"),
    route("*", "routes/not-found.tsx"),
  ]),
  // The studio back office: rendered per request behind sign-in, never prerendered (server/studio).
  ...prefix("studio", [
    route("login", "studio/login.tsx"),
    route("logout", "studio/logout.tsx"),
    layout("studio/layout.tsx", [
      index("studio/home.tsx"),
      route("inbox", "studio/inbox.tsx"),
      route("pipeline", "studio/pipeline.tsx"),
      route("replies", "studio/replies.tsx"),
      route("leads/:id", "studio/lead.tsx"),
      route("payments", "studio/payments.tsx"),
      route("plans", "studio/plans.tsx"),
      route("accounting", "studio/accounting.tsx"),
      route("calls", "studio/calls.tsx"),
      route("calls/settings", "studio/call-settings.tsx"),
      route("analytics", "studio/analytics.tsx"),
      route("account", "studio/account.tsx"),
      route("settings", "studio/settings.tsx"),
      route("settings/catalogue", "studio/catalogue.tsx"),
      route("settings/contract", "studio/contract.tsx"),
      route("settings/plans", "studio/plan-settings.tsx"),
    ]),
  ]),
  // The client's quote page, in the client's chrome (signed in or not: its token is its key);
  // the studio's preview of a draft shows that page in that chrome (behind the studio's guard).
  layout("portal/quote-layout.tsx", [
    route("quote/:token", "routes/quote.tsx"),
    route("studio/leads/:id/quotes/:quoteId/preview", "studio/quote-preview.tsx"),
  ]),
  // The client portal: rendered per request, a client's session from its own cookie (server/portal).
  ...prefix("portal", [
    layout("portal/layout.tsx", [
      index("portal/home.tsx"),
      route("documents", "portal/documents.tsx"),
      route("calls", "portal/calls.tsx"),
      route("plans", "portal/plans.tsx"),
      route("data", "portal/data.tsx"),
      route("sign-out", "portal/sign-out.tsx"),
    ]),
  ]),
  ...prefix("demo", [
    ...demoSites.map(({ slug, folder, pages }) =>
      pages.length === 0
        ? route(slug, `demos/${folder}/page.tsx`)
        : route(slug, `demos/${folder}/layout.tsx`, [
            index(`demos/${folder}/home.tsx`),
            ...pages.map((page) => route(page, `demos/${folder}/${page}.tsx`)),
          ]),
    ),
    route("portfolio/photos/:file", "demos/photographer/photo-file.tsx"),
  ]),
] satisfies RouteConfig;
