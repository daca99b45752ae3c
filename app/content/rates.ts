/**
 * Recurring rates and terms (docs/product.md#prices), defined once: the FAQ, the Extras page
 * and the legal documents all quote them from here.
 */
export const rates = {
  /** Maintenance plans, CAD per month, "from". */
  maintenanceFrom: 50,
  /** SEO services, CAD per month, "from". */
  seoFrom: 150,
  /** Hosting, paid separately to the host, CAD per month. */
  hosting: { min: 0, max: 20 },
  /** Payment split: percent upfront, the rest on completion. */
  upfrontPercent: 50,
  /** Quote reply promise, hours. */
  quoteReplyHours: 24,
} as const;
