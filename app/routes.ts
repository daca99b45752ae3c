import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/** The route table (docs/product.md#routes), in one place. Every page here is listed in lib/route-registry.ts (public) or its unlistedRoutes; a test checks. */
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
    route("quote/:token", "routes/quote.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // The studio back office: rendered per request behind sign-in, never prerendered (server/studio).
  ...prefix("studio", [
    route("login", "studio/login.tsx"),
    route("logout", "studio/logout.tsx"),
    layout("studio/layout.tsx", [index("studio/inbox.tsx"), route("leads/:id", "studio/lead.tsx"), route("payments", "studio/payments.tsx"), route("account", "studio/account.tsx")]),
  ]),
  ...prefix("demo", [
    route("consultant", "demos/consultant/page.tsx"),
    route("portfolio", "demos/photographer/page.tsx"),
    route("portfolio/photos/:file", "demos/photographer/photo-file.tsx"),
    route("landscaper", "demos/landscaper/layout.tsx", [
      index("demos/landscaper/home.tsx"),
      route("services", "demos/landscaper/services.tsx"),
      route("portfolio", "demos/landscaper/portfolio.tsx"),
      route("about", "demos/landscaper/about.tsx"),
      route("contact", "demos/landscaper/contact.tsx"),
    ]),
    route("bakery", "demos/bakery/layout.tsx", [
      index("demos/bakery/home.tsx"),
      route("menu", "demos/bakery/menu.tsx"),
      route("about", "demos/bakery/about.tsx"),
      route("contact", "demos/bakery/contact.tsx"),
    ]),
    route("plumber", "demos/plumber/layout.tsx", [
      index("demos/plumber/home.tsx"),
      route("services", "demos/plumber/services.tsx"),
      route("about", "demos/plumber/about.tsx"),
      route("contact", "demos/plumber/contact.tsx"),
    ]),
    route("gym", "demos/gym/layout.tsx", [
      index("demos/gym/home.tsx"),
      route("programs", "demos/gym/programs.tsx"),
      route("about", "demos/gym/about.tsx"),
      route("contact", "demos/gym/contact.tsx"),
    ]),
    route("barbershop", "demos/barbershop/layout.tsx", [
      index("demos/barbershop/home.tsx"),
      route("services", "demos/barbershop/services.tsx"),
      route("about", "demos/barbershop/about.tsx"),
      route("contact", "demos/barbershop/contact.tsx"),
    ]),
    route("electrician", "demos/electrician/layout.tsx", [
      index("demos/electrician/home.tsx"),
      route("services", "demos/electrician/services.tsx"),
      route("about", "demos/electrician/about.tsx"),
      route("contact", "demos/electrician/contact.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
