import { href } from "~/lib/href";
import type { z } from "~/lib/zod";

import type { portfolioItemSchema } from "./schemas";

/** The eight demo sites on the portfolio page (docs/product.md#site-pages). */
export type PortfolioItem = z.infer<typeof portfolioItemSchema>;

export const portfolioItems: PortfolioItem[] = [
  {
    id: "consultant",
    title: "Business Consultant",
    description:
      "A confident single-page site for a consulting firm, built to turn expertise into booked discovery calls.",
    category: "Professional Services",
    features: ["Services overview", "Results in figures", "Four-step process", "Client testimonials"],
    technologies: ["React", "TypeScript", "Tailwind CSS"],
    link: href("/demo/consultant"),
    type: "Live Demo",
  },
  {
    id: "portfolio",
    title: "Photography Portfolio",
    description: "An image-first portfolio for a photographer, with a striking gallery and clear packages.",
    category: "Creative",
    features: ["Gallery showcase", "Service packages", "Booking enquiries", "Single-page navigation"],
    technologies: ["React", "TypeScript", "SVG artwork"],
    link: href("/demo/portfolio"),
    type: "Live Demo",
  },
  {
    id: "landscaper",
    title: "Landscaping Company",
    description:
      "A five-page site for a landscaping business, with services, projects and a free consultation offer.",
    category: "Home Services",
    features: ["Six service cards", "Project portfolio", "Company story", "Consultation booking"],
    technologies: ["React Router", "TypeScript", "Tailwind CSS"],
    link: href("/demo/landscaper"),
    type: "Live Demo",
  },
  {
    id: "bakery",
    title: "Artisan Bakery",
    description:
      "A warm, appetising site for a neighbourhood bakery, with its menu, story and custom cake orders.",
    category: "Food & Hospitality",
    features: ["Menu highlights", "Order Now links", "Our Story page", "Opening hours"],
    technologies: ["React Router", "TypeScript", "Tailwind CSS"],
    link: href("/demo/bakery"),
    type: "Live Demo",
  },
  {
    id: "plumber",
    title: "Plumbing Services",
    description: "A trust-building site for a plumbing company, with emergency service front and centre.",
    category: "Trades",
    features: ["Six service cards", "Request Service links", "24/7 emergency callout", "Service pricing"],
    technologies: ["React Router", "TypeScript", "Tailwind CSS"],
    link: href("/demo/plumber"),
    type: "Live Demo",
  },
  {
    id: "gym",
    title: "Fitness Gym",
    description: "A high-energy site for a gym, with programs, coaching and a free 7-day trial offer.",
    category: "Health & Fitness",
    features: ["Six program cards", "Free trial offer", "Coach profiles", "Membership enquiries"],
    technologies: ["React Router", "TypeScript", "Tailwind CSS"],
    link: href("/demo/gym"),
    type: "Live Demo",
  },
  {
    id: "barbershop",
    title: "Classic Barbershop",
    description: "A stylish site for a barbershop, with its services, barbers and membership plans.",
    category: "Beauty & Grooming",
    features: ["Nine priced services", "Five barber profiles", "Membership plans", "Opening hours"],
    technologies: ["React Router", "TypeScript", "Tailwind CSS"],
    link: href("/demo/barbershop"),
    type: "Live Demo",
  },
  {
    id: "electrician",
    title: "Electrical Contractor",
    description:
      "A licensed electrician's site since 2008, with safety credentials, service areas and 24/7 emergency help.",
    category: "Trades",
    features: ["Six service groups", "Certification badges", "Service areas", "Request Service form"],
    technologies: ["React Router", "TypeScript", "Tailwind CSS"],
    link: href("/demo/electrician"),
    type: "Live Demo",
  },
];

/** Closing call to action of the portfolio page. */
export const portfolioCta = {
  eyebrow: "Your Business Next",
  title: "Like what you see? Let's build yours.",
  intro:
    "Every demo started as a conversation. Tell us about your business and get a free quote within 24 hours.",
  primary: { label: "Start Your Project", to: href("/contact") },
  secondary: { label: "View Pricing", to: href("/pricing") },
};

/** Heading of the card grid (visually hidden: the page hero introduces it). */
export const portfolioGridTitle = "Live demo websites";
