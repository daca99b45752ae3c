import type { z } from "~/lib/zod";

import { formatPrice } from "./price";
import type { packageIdSchema, packageSchema } from "./schemas";

/**
 * The two website packages (docs/product.md#prices). The product has two price
 * readings and both stand:
 * - `startingPrice`: the "starting at" price quoted on the home page, footer,
 *   inquiry labels and payment page ($220+ / $340+);
 * - `listPrice`: the list price printed on the pricing cards ($350+ / $700+).
 * Each is defined once, here.
 */
export type PackageId = z.infer<typeof packageIdSchema>;

export type WebsitePackage = z.infer<typeof packageSchema>;

export const packages: WebsitePackage[] = [
  {
    id: "basic",
    name: "Basic",
    startingPrice: 220,
    listPrice: 350,
    popular: false,
    pages: 5,
    description: "A polished, fast website for small businesses and professionals getting online.",
    features: [
      "Up to 5 pages",
      "Mobile-first responsive design",
      "Contact form",
      "On-page SEO setup",
      "SSL and security setup",
      "2 rounds of revisions",
      "1 month of free support",
      "Delivered in 1-2 weeks",
    ],
  },
  {
    id: "pro",
    name: "Pro",
    startingPrice: 340,
    listPrice: 700,
    popular: true,
    pages: 10,
    description: "A complete growth website for established businesses that want more from the web.",
    features: [
      "Up to 10 pages",
      "Everything in Basic",
      "Custom design system",
      "Blog and photo gallery",
      "Analytics and social media integration",
      "5 rounds of revisions",
      "3 months of free support",
      "Delivered in 2-4 weeks",
    ],
  },
];

export const popularLabel = "Most Popular";

export function getPackage(id: PackageId): WebsitePackage {
  const found = packages.find((p) => p.id === id);
  if (!found) throw new Error(`Unknown package ${id}`);
  return found;
}

/** "$220+": the "starting at" reading. */
export const formatStartingPrice = (p: WebsitePackage) => formatPrice(p.startingPrice, "+");
/** "$350+": the pricing-card reading. */
export const formatListPrice = (p: WebsitePackage) => formatPrice(p.listPrice, "+");
