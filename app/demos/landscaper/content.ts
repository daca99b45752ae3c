import {
  Award,
  CalendarCheck,
  Droplets,
  Flower2,
  Hammer,
  Handshake,
  Images,
  Lamp,
  Leaf,
  PencilRuler,
  Recycle,
  Scissors,
  Sprout,
  Trees,
  Users,
  Wrench,
} from "lucide-react";

import type { CoreValue, ServiceCard, Stat, TeamMember, Testimonial } from "~/demos/frame/schemas";
import type { DemoSite } from "~/demos/frame/types";
import { href } from "~/lib/href";

import type { LandscapeScene } from "./art";
import { landscaperTheme } from "./theme";

/** Evergreen Landscapes: a fictional landscaping company (multi-page demo, docs/product.md#demo-sites). */
export const base = href("/demo/landscaper");
export const contactPath = href("/demo/landscaper/contact");

export const site = {
  slug: "landscaper",
  name: "Evergreen Landscapes",
  tagline: "Design, build and care for gardens across Metro Vancouver since 2006.",
  icon: Trees,
  nav: [
    { label: "Home", to: base },
    { label: "Services", to: href("/demo/landscaper/services") },
    { label: "Portfolio", to: href("/demo/landscaper/portfolio") },
    { label: "About", to: href("/demo/landscaper/about") },
    { label: "Contact", to: contactPath },
  ],
  cta: { label: "Free Quote", to: contactPath },
  contact: {
    phone: "(604) 555-0129",
    email: "hello@evergreenlandscapes.ca",
    address: "7420 Fraser Street, Vancouver, BC V5X 3V5",
  },
  hours: [
    { days: "Monday - Saturday", time: "7AM - 6PM" },
    { days: "Sunday", time: "Closed" },
  ],
  theme: landscaperTheme,
} satisfies DemoSite;

/** Page titles and descriptions, one per page (unique <title> and meta description). */
export const pageSeo = {
  home: {
    title: "Evergreen Landscapes: Landscape Design & Garden Care in Vancouver",
    description:
      "Evergreen Landscapes designs, builds and maintains gardens, patios and lighting across Metro Vancouver. A demo site by Cascadia Web Studio.",
  },
  services: {
    title: "Landscaping Services & Prices | Evergreen Landscapes",
    description:
      "Landscape design, installation, irrigation, lawn maintenance, seasonal planting and outdoor lighting, with starting prices.",
  },
  portfolio: {
    title: "Landscaping Projects | Evergreen Landscapes",
    description:
      "Residential, commercial and public landscapes designed and built by Evergreen Landscapes in Metro Vancouver.",
  },
  about: {
    title: "About Our Landscaping Team | Evergreen Landscapes",
    description:
      "The story, values and team behind Evergreen Landscapes, a family-run Vancouver landscaping company since 2006.",
  },
  contact: {
    title: "Contact & Free Consultation | Evergreen Landscapes",
    description:
      "Call, email or visit Evergreen Landscapes, open Monday to Saturday 7AM to 6PM, and schedule a free on-site consultation.",
  },
};

export const home = {
  hero: {
    eyebrow: "Landscape design · build · care",
    title: "Gardens that grow more beautiful every year",
    lead: "From the first sketch to the fiftieth mow, our crews design, build and look after outdoor spaces that fit the way you live and the West Coast climate.",
    primaryCta: { label: "Get a Free Quote", to: contactPath },
    secondaryCta: "Call Now",
    art: "Illustrated backyard garden with a stone path, lawn, flower beds, a maple tree and hills beyond",
    badges: ["Licensed & insured", "Free on-site estimates", "2-year planting warranty"],
  },
  cardsIntro: { eyebrow: "Explore", title: "Everything you need for your outdoor space" },
  cards: [
    {
      icon: Leaf,
      title: "Our Services",
      description:
        "Design, installation, irrigation, lawn care, seasonal planting and lighting, with clear starting prices.",
      link: { label: "View services", to: href("/demo/landscaper/services") },
    },
    {
      icon: Images,
      title: "Our Portfolio",
      description:
        "Backyards, storefronts and public spaces we have designed and built across Metro Vancouver.",
      link: { label: "See our projects", to: href("/demo/landscaper/portfolio") },
    },
    {
      icon: Users,
      title: "About Us",
      description:
        "A family-run team of designers, horticulturists and builders who treat every yard like their own.",
      link: { label: "Meet the team", to: href("/demo/landscaper/about") },
    },
  ],
  testimonialsIntro: { eyebrow: "Reviews", title: "Neighbours who trusted us with their yards" },
  closing: {
    title: "Ready for a yard you will actually use?",
    text: "Book a free consultation: we walk your property, listen to your plans and send a fixed quote within a week.",
    cta: { label: "Get a Free Quote", to: contactPath },
  },
};

export const servicesPage = {
  eyebrow: "Services",
  title: "Our Landscaping Services",
  lead: "Every project starts with a free consultation and ends with a walkthrough. Prices below are starting points; your quote is fixed before work begins.",
  quoteLabel: "Get Quote",
  priceLabel: "Starting at",
};

export const services = [
  {
    icon: PencilRuler,
    title: "Landscape Design",
    description:
      "A scaled plan and 3D sketch of your new garden, with plant lists chosen for your light and soil.",
    features: [
      "On-site consultation",
      "2D plan and 3D sketch",
      "Native plant palette",
      "Two design revisions",
    ],
    price: "From $500",
  },
  {
    icon: Hammer,
    title: "Installation",
    description:
      "Patios, paths, retaining walls, planting and sod, built by our own crews to the approved design.",
    features: ["Hardscape and softscape", "Grading and drainage", "Sod and planting", "Site cleanup"],
    price: "From $800",
  },
  {
    icon: Droplets,
    title: "Irrigation Systems",
    description: "Water-wise drip and sprinkler systems with smart controllers that adjust to the weather.",
    features: ["Drip and spray zones", "Smart Wi-Fi controller", "Spring start-up", "Fall winterizing"],
    price: "From $1,200",
  },
  {
    icon: Scissors,
    title: "Lawn Maintenance",
    description: "Weekly or bi-weekly visits that keep lawns and beds tidy, healthy and green all season.",
    features: ["Mowing and edging", "Weeding and pruning", "Seasonal fertilizing", "Leaf cleanup"],
    price: "From $120/month",
  },
  {
    icon: Flower2,
    title: "Seasonal Planting",
    description: "Fresh colour for beds, planters and entrances, refreshed every spring, summer and fall.",
    features: ["Bulbs and annuals", "Container planters", "Soil amendment", "Mulching"],
    price: "From $300",
  },
  {
    icon: Lamp,
    title: "Outdoor Lighting",
    description:
      "Low-voltage LED lighting for paths, trees and patios that makes your garden safe and beautiful after dark.",
    features: ["Path and step lights", "Tree uplighting", "Timers and dimmers", "Energy-efficient LEDs"],
    price: "From $600",
  },
] satisfies ServiceCard[];

export type ProjectCategory = "Residential" | "Commercial" | "Public";

export type Project = {
  title: string;
  category: ProjectCategory;
  location: string;
  description: string;
  image: { scene: LandscapeScene; alt: string };
  details: string[];
};

export const portfolioPage = {
  eyebrow: "Portfolio",
  title: "Recent Projects",
  lead: "Four of the gardens, courtyards and parks we have designed and built in the last few years.",
  detailsLabel: "Project highlights",
};

export const projects = [
  {
    title: "Kerrisdale Family Backyard",
    category: "Residential",
    location: "Vancouver",
    description:
      "A sloped, soggy lawn became a terraced garden with a flagstone patio, rain garden and space for the kids to play.",
    image: { scene: "backyard", alt: "Terraced backyard with a flagstone patio, lawn and flowering borders" },
    details: [
      "Flagstone patio, 48 m²",
      "Two-level retaining wall",
      "Rain garden for drainage",
      "Low-voltage path lighting",
    ],
  },
  {
    title: "Harbourview Office Courtyard",
    category: "Commercial",
    location: "North Vancouver",
    description:
      "A bare concrete courtyard turned into a shaded lunch spot with raised planters, benches and drip irrigation.",
    image: {
      scene: "courtyard",
      alt: "Office courtyard with raised cedar planters, benches and young trees",
    },
    details: [
      "Raised cedar planters",
      "Drip irrigation on timers",
      "Shade-tolerant planting",
      "Year-round maintenance plan",
    ],
  },
  {
    title: "Riverside Community Park",
    category: "Public",
    location: "Burnaby",
    description:
      "Native meadow, pollinator beds and an accessible loop path for a neighbourhood park renewal.",
    image: { scene: "park", alt: "Park with a winding accessible path, meadow planting and mature trees" },
    details: [
      "600 m accessible loop path",
      "Native pollinator meadow",
      "Bioswale stormwater system",
      "Volunteer planting day",
    ],
  },
  {
    title: "Point Grey Evening Garden",
    category: "Residential",
    location: "Vancouver",
    description:
      "A front garden redesigned around Japanese maples, gravel beds and warm lighting for evenings outdoors.",
    image: { scene: "evening", alt: "Front garden at dusk with lit Japanese maples and a gravel path" },
    details: [
      "Japanese maple feature trees",
      "Gravel and stepping-stone path",
      "12 warm LED uplights",
      "Smart irrigation controller",
    ],
  },
] satisfies Project[];

export const aboutPage = {
  eyebrow: "About us",
  title: "Rooted in Vancouver since 2006",
  story: [
    "Evergreen Landscapes began with one truck, one mower and Marco Rinaldi's promise to his first clients: show up when we say we will, and leave every yard better than we found it.",
    "Twenty years later we are a team of 28 designers, horticulturists and builders, but that promise has not changed. Marco still walks every new property, and our crews still clean up as if it were their own garden.",
    "We build for the West Coast: native and drought-tolerant plants, smart irrigation that saves water, and drainage that handles a November downpour.",
  ],
  figuresTitle: "Evergreen in numbers",
  valuesTitle: "What we stand for",
  teamTitle: "The people behind the plans",
};

export const stats = [
  { number: "1,400+", label: "Gardens completed", icon: Sprout },
  { number: "20", label: "Years in business", icon: CalendarCheck },
  { number: "28", label: "Team members", icon: Users },
  { number: "12", label: "Design awards", icon: Award },
] satisfies Stat[];

export const values = [
  {
    icon: Recycle,
    title: "Sustainability",
    description: "Native plants, recycled materials and water-wise irrigation in every design we draw.",
  },
  {
    icon: Wrench,
    title: "Craftsmanship",
    description: "Level patios, straight edges and walls that stand for decades. We sweat the details.",
  },
  {
    icon: Handshake,
    title: "Reliability",
    description: "Fixed quotes, agreed dates and one project lead who answers your calls.",
  },
] satisfies CoreValue[];

export const team = [
  {
    name: "Marco Rinaldi",
    role: "Founder & Lead Designer",
    experience: "25 years",
    specialty: "Garden design",
    bio: "Marco trained at Kwantlen's horticulture program and has designed over 600 gardens.",
  },
  {
    name: "Aisha Bello",
    role: "Certified Arborist",
    experience: "14 years",
    specialty: "Trees and plant health",
    bio: "Aisha keeps our clients' trees healthy and our plant choices right for each site.",
  },
  {
    name: "Tom Nguyen",
    role: "Construction Manager",
    experience: "16 years",
    specialty: "Hardscape and irrigation",
    bio: "Tom leads our build crews and makes sure every patio drains and every wall stays put.",
  },
] satisfies TeamMember[];

export const testimonials = [
  {
    name: "Jenna Morrison",
    rating: 5,
    text: "Our backyard was a swamp every winter. Evergreen fixed the drainage and built a patio we now use all year.",
    service: "Installation",
  },
  {
    name: "Harbourview Properties",
    rating: 5,
    text: "Reliable crews, tidy sites and a courtyard our tenants actually love. They have maintained it for four years now.",
    service: "Lawn Maintenance",
  },
  {
    name: "Greg Tanaka",
    rating: 4,
    text: "The lighting design completely changed how we use the garden at night. Great advice and fair pricing.",
    service: "Outdoor Lighting",
  },
] satisfies Testimonial[];

export const contactPage = {
  eyebrow: "Contact",
  title: "Let's plan your garden",
  lead: "Call, email or drop by our yard. The first consultation is free and comes with honest advice, whether or not you hire us.",
  labels: { phone: "Phone", email: "Email", address: "Yard & office", hours: "Hours" },
  consultation: {
    title: "Free on-site consultation",
    text: "A designer visits your property, takes measurements and talks through ideas and budget. It takes about an hour.",
    steps: ["We visit and listen", "You get a fixed quote within 7 days", "We schedule your project"],
    cta: "Schedule Free Consultation",
  },
  areasTitle: "Areas we serve",
  areas: ["Vancouver", "Burnaby", "North Vancouver", "West Vancouver", "Richmond", "New Westminster"],
  callCta: "Call Now",
};
