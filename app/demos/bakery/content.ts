import { Croissant } from "lucide-react";
import type { DemoSite } from "~/demos/frame/types";

/** Placeholder identity; the demo's issue replaces it with the full content module. */
export const site: DemoSite = {
  slug: "bakery",
  name: "Golden Crust Bakery",
  tagline: "A demo business site built by the studio.",
  icon: Croissant,
  nav: [
    { label: "Home", to: "/demo/bakery" },
    { label: "Menu", to: "/demo/bakery/menu" },
    { label: "Our Story", to: "/demo/bakery/about" },
    { label: "Contact", to: "/demo/bakery/contact" },
  ],
  cta: { label: "Contact Us", to: "/demo/bakery/contact" },
  contact: { phone: "(604) 555-0100", email: "hello@example.com", address: "Vancouver, BC" },
  hours: [{ days: "Mon - Fri", time: "9am - 5pm" }],
  theme: {
    colors: {
      background: "#ffffff",
      foreground: "#111827",
      card: "#ffffff",
      cardForeground: "#111827",
      primary: "#1f2937",
      primaryForeground: "#ffffff",
      secondary: "#f3f4f6",
      secondaryForeground: "#111827",
      muted: "#f3f4f6",
      mutedForeground: "#4b5563",
      accent: "#1f2937",
      accentForeground: "#ffffff",
      border: "#e5e7eb",
      input: "#d1d5db",
      ring: "#1f2937",
    },
    fonts: { heading: "var(--font-body)", body: "var(--font-body)" },
    radius: "0.5rem",
    header: "light",
  },
};
