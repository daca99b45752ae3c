import type { z } from "~/lib/zod";

import type { comparisonRowSchema, comparisonValueSchema } from "./schemas";

/** Rows of the Basic vs Pro comparison table (figures of docs/product.md#prices). */
export type ComparisonValue = z.infer<typeof comparisonValueSchema>;
export type ComparisonRow = z.infer<typeof comparisonRowSchema>;

export const comparisonRows: ComparisonRow[] = [
  { feature: "Pages", basic: "Up to 5", pro: "Up to 10" },
  { feature: "Free support", basic: "1 month", pro: "3 months" },
  { feature: "Revisions", basic: "2", pro: "5" },
  { feature: "Delivery", basic: "1-2 weeks", pro: "2-4 weeks" },
  { feature: "Mobile-first responsive design", basic: true, pro: true },
  { feature: "Contact form", basic: true, pro: true },
  { feature: "On-page SEO setup", basic: true, pro: true },
  { feature: "SSL and security setup", basic: true, pro: true },
  { feature: "Custom design system", basic: false, pro: true },
  { feature: "Blog", basic: "Add-on", pro: true },
  { feature: "Photo gallery", basic: "Add-on", pro: true },
  { feature: "Analytics setup", basic: "Add-on", pro: true },
  { feature: "Social media integration", basic: "Add-on", pro: true },
  { feature: "Priority support", basic: false, pro: true },
];
