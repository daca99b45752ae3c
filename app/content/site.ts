import { z } from "~/lib/zod";

/**
 * The studio's identity in one place: every page, email, PDF and JSON-LD block
 * reads from here, so a change of name, phone or hours is made once.
 */
export const openingHoursSchema = z.object({
  /** Display label, e.g. "Monday - Friday". */
  days: z.string().min(1),
  /** schema.org day names, for JSON-LD. */
  dayOfWeek: z.array(z.enum(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])).min(1),
  /** 24-hour "HH:MM", or null when closed. */
  opens: z.string().regex(/^\d{2}:\d{2}$/).nullable(),
  closes: z.string().regex(/^\d{2}:\d{2}$/).nullable(),
});

export const siteConfigSchema = z.object({
  name: z.string().min(1),
  shortName: z.string().min(1),
  tagline: z.string().min(1),
  description: z.string().min(1),
  email: z.email(),
  phone: z.object({ display: z.string().min(1), href: z.string().startsWith("tel:") }),
  address: z.object({
    street: z.string().min(1),
    city: z.string().min(1),
    region: z.string().length(2),
    postalCode: z.string().regex(/^[A-Z]\d[A-Z] \d[A-Z]\d$/),
    country: z.string().length(2),
  }),
  timeZone: z.string().min(1),
  timeZoneLabel: z.string().min(1),
  hours: z.array(openingHoursSchema).min(1),
  areaServed: z.array(z.string().min(1)).min(1),
  foundedYear: z.number().int(),
  social: z.array(z.object({ label: z.string().min(1), href: z.url() })),
});

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
} satisfies SiteConfig;

export function formatAddress(a: SiteConfig["address"] = siteConfig.address) {
  return `${a.street}, ${a.city}, ${a.region} ${a.postalCode}, Canada`;
}
