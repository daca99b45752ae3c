import { createElement } from "react";

import type { DemoSlots } from "~/demos/frame/slots";
import type { DemoTheme } from "~/demos/frame/types";

import { Ornament } from "./art";

/**
 * Crown & Clipper: cream paper, espresso ink, oxblood and barber-pole navy with
 * a brass accent; Playfair Display over Lora; near-square corners like a
 * printed price board.
 */
export const barbershopTheme: DemoTheme = {
  colors: {
    background: "#f5efe3",
    foreground: "#1f1712",
    card: "#fbf7ef",
    cardForeground: "#1f1712",
    primary: "#7a1f1f",
    primaryForeground: "#fbf7ef",
    secondary: "#1c2740",
    secondaryForeground: "#f5efe3",
    muted: "#ebe2d1",
    mutedForeground: "#5c4a3d",
    accent: "#c49a5a",
    accentForeground: "#1f1712",
    border: "#dacbb0",
    input: "#8a7560",
    ring: "#7a1f1f",
  },
  fonts: {
    heading: '"Playfair Display Variable", "Playfair Display Fallback", Georgia, "Times New Roman", serif',
    body: '"Lora Variable", "Lora Fallback", Georgia, "Times New Roman", serif',
  },
  radius: "0.125rem",
  header: "dark",
  slots: {
    "value-grid": "mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-4",
    value: "text-center",
    "value-badge": "mx-auto flex size-14 items-center justify-center rounded-full bg-secondary text-accent",
    "value-icon": "size-6",
    "value-title": "mt-4 font-heading text-xl font-bold",
    "value-text": "mt-2 text-muted-foreground",
    eyebrow: "text-xs font-semibold uppercase tracking-[0.35em] data-[tone=band]:text-accent",
    "page-header": "border-b-4 border-double border-accent bg-secondary text-secondary-foreground",
    "page-header-inner": "py-16 text-center sm:py-20",
    "page-header-title": "mt-4 text-4xl font-bold italic sm:text-6xl",
    "page-header-text": "mx-auto mt-6 max-w-2xl text-lg opacity-90",
    "testimonial-grid": "mt-12 grid gap-12 md:grid-cols-3",
    testimonial: "flex flex-col items-center text-center",
    "testimonial-mark": "size-8 text-accent",
    "testimonial-quote": "mt-4 flex-1 font-heading text-xl leading-relaxed italic",
    "testimonial-caption": "mt-5 text-sm",
    "testimonial-name": "font-semibold tracking-wide uppercase",
    "testimonial-service": "block opacity-85",
    "price-list": "divide-y divide-border",
    "price-item": "py-5",
    "price-name": "font-heading text-xl font-bold",
    "price-leader": "translate-y-[-0.25rem] border-input",
    "price-value": "font-heading text-2xl font-bold text-primary",
    "price-details": "mt-1 text-sm",
    "price-text": "text-muted-foreground",
  },
  marks: { pageHeaderRule: createElement(Ornament, { className: "mt-6" }) },
};

/**
 * The "Why choose us" list on the about page: the same value parts as the values section, drawn as
 * icon-beside-text rows on the navy band (a scoped style, so the values section keeps its own).
 */
export const reasonSlots: DemoSlots = {
  "value-grid": "mt-12 grid gap-x-10 gap-y-8 sm:grid-cols-2 lg:grid-cols-3",
  value: "grid grid-cols-[auto_1fr] gap-x-4",
  "value-badge": "row-span-2 flex",
  "value-icon": "size-7 shrink-0 text-accent",
  "value-title": "col-start-2 font-heading text-xl font-bold",
  "value-text": "col-start-2 mt-1 opacity-90",
};

/** The favourites on the home page: the same price parts as the services board, drawn as framed tiles led by a round price. */
export const favouriteSlots: DemoSlots = {
  "price-list": "mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4",
  "price-item":
    "items-center border border-border bg-card p-6 text-center outline outline-1 outline-offset-[-8px] outline-border",
  "price-value":
    "flex size-20 items-center justify-center rounded-full border-2 border-accent font-heading text-2xl font-bold text-primary",
  "price-name": "mt-4 font-heading text-xl font-bold",
  "price-text": "mt-2 flex-1 text-sm text-muted-foreground",
};
