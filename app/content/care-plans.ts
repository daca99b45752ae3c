import type { z } from "~/lib/zod";

import type { carePlanSchema } from "./schemas";

/**
 * The care plans the studio starts with (issue 42): monthly hosting and maintenance, billed
 * through Stripe Billing. Migration 0037 seeds the back office's plans from this list; from then
 * on the studio keeps them in the back office, and the checkout charges the stored price.
 * `/pricing` is prerendered from this list, so a plan changed in the back office shows there
 * after the next build (docs/product.md#care-plans).
 */
export type CarePlan = z.infer<typeof carePlanSchema>;

export const seedCarePlans: CarePlan[] = [
  {
    id: "essential",
    name: "Essential Care",
    priceCents: 5_000,
    included: ["Hosting and SSL", "Security and software updates", "Daily backups"],
    changeHours: 0,
  },
  {
    id: "growth",
    name: "Growth Care",
    priceCents: 12_500,
    included: [
      "Everything in Essential",
      "Uptime monitoring",
      "Monthly performance check",
      "Small content changes",
    ],
    changeHours: 1,
  },
  {
    id: "partner",
    name: "Partner Care",
    priceCents: 30_000,
    included: [
      "Everything in Growth",
      "Priority support, next business day",
      "Quarterly analytics review",
      "New pages and features within the hours",
    ],
    changeHours: 4,
  },
];

export const carePlansCopy = {
  title: "Care plans",
  description:
    "After launch, we keep your site fast, safe and current. Billed monthly in CAD plus GST, PST or HST for your province; cancel at the end of any month.",
  province: "Your province",
  subscribe: "Subscribe",
  hours: (h: number) =>
    h === 0 ? "Changes billed by the hour" : `${h} hour${h === 1 ? "" : "s"} of changes a month`,
};
