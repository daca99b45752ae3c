import type { z } from "~/lib/zod";

import type { siteConfigSchema } from "./schemas";

/**
 * The studio's identity in one place: every page, email, PDF and JSON-LD block
 * reads from here, so a change of name, phone or hours is made once.
 */
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const siteConfig = {
  name: "Cascadia Web Studio",
  shortName: "Cascadia",
  tagline: "Premium Web Development",
  description:
    "Cascadia Web Studio is a Vancouver web development studio building fast, accessible, mobile-first websites for small businesses worldwide.",
  email: "hello@cascadiawebstudio.ca",
  phone: { display: "(604) 555-0142", href: "tel:+16045550142" },
  address: {
    street: "1055 West Hastings Street, Suite 300",
    city: "Vancouver",
    region: "BC",
    postalCode: "V6E 2E9",
    country: "CA",
  },
  timeZone: "America/Vancouver",
  timeZoneLabel: "Pacific Time",
  hours: [
    {
      days: "Monday - Friday",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: "09:00",
      closes: "18:00",
    },
    { days: "Saturday", dayOfWeek: ["Saturday"], opens: "10:00", closes: "16:00" },
    { days: "Sunday", dayOfWeek: ["Sunday"], opens: null, closes: null },
  ],
  areaServed: ["Vancouver", "British Columbia", "Canada", "Worldwide"],
  foundedYear: 2025,
  social: [
    { label: "GitHub", href: "https://github.com/cascadia-web-studio" },
    { label: "LinkedIn", href: "https://www.linkedin.com/company/cascadia-web-studio" },
    { label: "Instagram", href: "https://www.instagram.com/cascadiawebstudio" },
  ],
  quoteTerms:
    "50% of the total is due to start the project and the balance on completion, before launch. " +
    "The quote covers the scope listed; further work is quoted separately. Prices are in Canadian dollars.",
} satisfies SiteConfig;

export function formatAddress(a: SiteConfig["address"] = siteConfig.address) {
  return `${a.street}, ${a.city}, ${a.region} ${a.postalCode}, Canada`;
}
