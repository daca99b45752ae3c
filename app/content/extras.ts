import type { z } from "~/lib/zod";

import { formatPrice } from "./price";
import { rates } from "./rates";
import type { extraServiceSchema, legalDocumentSchema } from "./schemas";

/** Extra services (docs/product.md#site-pages) and the legal documents of the Extras page. */
export type ExtraService = z.infer<typeof extraServiceSchema>;

export const extraServices: ExtraService[] = [
  {
    id: "maintenance",
    title: "Website Maintenance",
    description: "Keep your website secure, fast and up to date while you focus on running your business.",
    price: `From ${formatPrice(rates.maintenanceFrom, "/month")}`,
    features: [
      "Software and security updates",
      "Daily backups",
      "Uptime and security monitoring",
      "Small content changes",
      "Monthly health report",
    ],
  },
  {
    id: "seo",
    title: "SEO Services",
    description:
      "Climb the search results and bring more of the right visitors to your site, month after month.",
    price: `From ${formatPrice(rates.seoFrom, "/month")}`,
    features: [
      "Keyword research",
      "On-page and technical SEO",
      "Google Business Profile tuning",
      "Content recommendations",
      "Monthly ranking report",
    ],
  },
  {
    id: "mobile-app",
    title: "Mobile App Development",
    description:
      "Take your business into your clients' pockets with an app for iOS and Android, built to match your website.",
    price: "Custom quote",
    features: [
      "iOS and Android from one codebase",
      "Design matched to your brand",
      "Push notifications",
      "App store submission",
      "Ongoing support options",
    ],
  },
];

export type LegalDocumentLink = z.infer<typeof legalDocumentSchema>;

export const legalDocuments: LegalDocumentLink[] = [
  {
    id: "terms-of-service",
    title: "Terms of Service",
    description:
      "How we work together: quotes, the 50% upfront / 50% on completion payment schedule, revisions, hosting and ownership.",
    href: "/legal/terms-of-service.pdf",
    downloadable: true,
  },
  {
    id: "privacy-policy",
    title: "Privacy Policy",
    description:
      "What personal information we collect, why, and how we protect it under PIPEDA and British Columbia's PIPA.",
    href: "/legal/privacy-policy.pdf",
    downloadable: false,
  },
];
