import type { z } from "~/lib/zod";

import type { addOnSchema } from "./schemas";

/** Add-ons to either package (docs/product.md#prices). */
export type AddOn = z.infer<typeof addOnSchema>;

export const addOns: AddOn[] = [
  {
    id: "ecommerce",
    name: "E-commerce Integration",
    price: 200,
    from: true,
    description: "Product catalogue, cart and secure checkout so you can sell online.",
  },
  {
    id: "custom-forms",
    name: "Custom Forms",
    price: 50,
    from: false,
    description: "Quote requests, applications or surveys delivered straight to your inbox.",
  },
  {
    id: "blog",
    name: "Blog Setup",
    price: 100,
    from: false,
    description: "An easy-to-update blog with categories, sharing and SEO-friendly posts.",
  },
  {
    id: "gallery",
    name: "Photo Gallery",
    price: 75,
    from: false,
    description: "A fast, responsive gallery that shows off your work in its best light.",
  },
  {
    id: "social-media",
    name: "Social Media Integration",
    price: 50,
    from: false,
    description: "Feeds, share buttons and profile links that connect your channels.",
  },
  {
    id: "analytics",
    name: "Analytics Setup",
    price: 50,
    from: false,
    description: "Privacy-respecting analytics so you know what visitors do and what converts.",
  },
  {
    id: "live-chat",
    name: "Live Chat",
    price: 100,
    from: false,
    description: "Answer questions in real time and turn more visitors into clients.",
  },
  {
    id: "booking",
    name: "Booking System",
    price: 150,
    from: false,
    description: "Online appointments with availability, confirmations and reminders.",
  },
  {
    id: "multi-language",
    name: "Multi-language Support",
    price: 200,
    from: false,
    description: "Reach new markets with your site in more than one language.",
  },
  {
    id: "advanced-seo",
    name: "Advanced SEO",
    price: 150,
    from: false,
    description: "Keyword research, structured data and technical tuning to rank higher.",
  },
];
