import type { ProjectType } from "~/schemas/inquiry-fields";

/** The ref of a demo site's "Get a site like this" link. */
export const demoRef = (slug: string) => `demo-${slug}`;

/**
 * The project type the contact form preselects for a visitor who arrives with this ref:
 * what the demo they came from is. The one-page demos are Basic sites, the bakery takes
 * orders (e-commerce), the multi-page trade and service sites are Pro.
 */
export const refProjectTypes: Record<string, ProjectType> = {
  [demoRef("consultant")]: "basic",
  [demoRef("portfolio")]: "basic",
  [demoRef("bakery")]: "ecommerce",
  [demoRef("landscaper")]: "pro",
  [demoRef("plumber")]: "pro",
  [demoRef("gym")]: "pro",
  [demoRef("barbershop")]: "pro",
  [demoRef("electrician")]: "pro",
};
