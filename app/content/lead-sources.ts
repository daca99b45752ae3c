import { demoSites } from "~/lib/demo-sites";
import type { ProjectType } from "~/schemas/inquiry-fields";

/** The ref of a demo site's "Get a site like this" link. */
export const demoRef = (slug: string) => `demo-${slug}`;

/**
 * The project type the contact form preselects for a visitor who arrives with this ref:
 * what the demo they came from is (`projectType` in app/lib/demo-sites.ts).
 */
export const refProjectTypes: Record<string, ProjectType> = Object.fromEntries(
  demoSites.map((d) => [demoRef(d.slug), d.projectType]),
);
