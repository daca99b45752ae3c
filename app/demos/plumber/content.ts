import {
  AlarmClock,
  BadgeCheck,
  Bath,
  Clock,
  Droplets,
  Flame,
  HandCoins,
  HeartHandshake,
  Mail,
  MapPin,
  Phone,
  ShieldCheck,
  ThermometerSun,
  Truck,
  Wrench,
  type LucideIcon,
} from "lucide-react";

import type { TeamMember, Testimonial } from "~/demos/frame/schemas";
import type { DemoSite } from "~/demos/frame/types";
import { href } from "~/lib/href";

import { plumberTheme } from "./theme";

/**
 * Harbourline Plumbing & Heating: the plumber demo (docs/product.md#demo-sites).
 * Every word and price its pages show lives here.
 */

const phone = "(604) 555-0163";
export const contactPath = href("/demo/plumber/contact");

export const site: DemoSite = {
  slug: "plumber",
  name: "Harbourline Plumbing",
  tagline:
    "Family-run plumbing and heating for Vancouver homes, with upfront prices and 24/7 emergency service.",
  icon: Wrench,
  nav: [
    { label: "Home", to: href("/demo/plumber") },
    { label: "Services", to: href("/demo/plumber/services") },
    { label: "About", to: href("/demo/plumber/about") },
    { label: "Contact", to: href("/demo/plumber/contact") },
  ],
  cta: { label: "Request Service", to: contactPath },
  contact: {
    phone,
    email: "help@harbourlineplumbing.ca",
    address: "3380 Fraser Street, Vancouver, BC V5V 4C3",
  },
  hours: [
    { days: "Office", time: "7am - 6pm" },
    { days: "Emergency", time: "24/7" },
  ],
  theme: plumberTheme,
};

export type PlumbingService = {
  icon: LucideIcon;
  title: string;
  description: string;
  features: string[];
  /** Display price, e.g. "$89". */
  price: string;
  priceNote: string;
};
export type Feature = { icon: LucideIcon; title: string; description: string };

export const seoText = {
  home: {
    title: "Harbourline Plumbing | 24/7 Plumbers in Vancouver",
    description:
      "Harbourline Plumbing: friendly, licensed plumbers with upfront prices from $89 and 24/7 emergency service. A demo site.",
  },
  services: {
    title: "Plumbing Services & Prices | Harbourline Plumbing",
    description:
      "Repairs from $89, water heaters $150, drains $120, bathrooms $100, gas lines $200 and 24/7 emergencies $150. A demo site.",
  },
  about: {
    title: "About Harbourline Plumbing | Family-Run Since 1996",
    description:
      "Meet the family-run Harbourline Plumbing team: licensed plumbers, upfront prices and a workmanship warranty. A demo site.",
  },
  contact: {
    title: "Contact Harbourline Plumbing | Book a Plumber",
    description:
      "Call, email or visit Harbourline Plumbing. Office open 7am to 6pm, emergency plumbers 24/7. A demo site.",
  },
} as const;

export const emergencyBar = {
  text: "Burst pipe or flooding? Emergency plumbers available 24/7",
  callLabel: `Call ${phone}`,
};

export const hero = {
  eyebrow: "Licensed plumbers · Vancouver & North Shore",
  title: "Plumbing fixed right, the first time",
  text: "From a dripping tap to a new water heater, Harbourline's friendly, licensed plumbers arrive on time, quote upfront and leave your home spotless.",
  primaryCta: { label: "Request Service", to: contactPath },
  bookLabel: "Book Appointment",
  rating: { score: "4.9", label: "from 1,200+ Vancouver homeowners" },
};

export const trustPoints: Feature[] = [
  {
    icon: ShieldCheck,
    title: "Licensed & insured",
    description: "Red Seal plumbers and gas fitters, fully insured.",
  },
  {
    icon: HandCoins,
    title: "Upfront pricing",
    description: "A flat price before we start. No overtime surprises.",
  },
  {
    icon: Clock,
    title: "On time, every time",
    description: "Two-hour arrival windows and a text when we're on our way.",
  },
  { icon: BadgeCheck, title: "1-year warranty", description: "Every repair backed by our labour warranty." },
];

export const services: PlumbingService[] = [
  {
    icon: Wrench,
    title: "Plumbing Repairs",
    description: "Leaky taps, running toilets, noisy pipes and low water pressure, fixed fast.",
    features: ["Tap and toilet repairs", "Leak detection", "Pipe repair and replacement"],
    price: "$89",
    priceNote: "starting at",
  },
  {
    icon: ThermometerSun,
    title: "Water Heater Service",
    description: "Repair, flush or replace tank and tankless water heaters of every make.",
    features: ["Tank and tankless units", "Same-day replacement", "Annual maintenance flush"],
    price: "$150",
    priceNote: "starting at",
  },
  {
    icon: Droplets,
    title: "Drain Cleaning",
    description: "Slow or blocked drains cleared with professional augers and hydro-jetting.",
    features: ["Kitchen and bathroom drains", "Camera inspection", "Main sewer line clearing"],
    price: "$120",
    priceNote: "starting at",
  },
  {
    icon: Bath,
    title: "Bathroom Plumbing",
    description: "Fixture installs and renovations: showers, tubs, vanities and toilets.",
    features: ["Fixture installation", "Shower valve replacement", "Renovation rough-ins"],
    price: "$100",
    priceNote: "starting at",
  },
  {
    icon: Flame,
    title: "Gas Line Service",
    description: "Certified gas fitters for stoves, BBQs, fireplaces and leak checks.",
    features: ["Appliance hook-ups", "New gas lines", "Leak testing and repair"],
    price: "$200",
    priceNote: "starting at",
  },
  {
    icon: AlarmClock,
    title: "Emergency Service",
    description: "Burst pipes, floods and no hot water, day or night, weekends and holidays.",
    features: ["24/7, 365 days a year", "Fully stocked vans", "Water damage prevention"],
    price: "$150",
    priceNote: "call-out",
  },
];

export const servicesIntro = {
  eyebrow: "Our services",
  title: "Honest prices for every plumbing job",
  text: "Every job starts with a clear, flat-rate quote. The price you approve is the price you pay.",
  requestLabel: "Request Service",
  allLink: { label: "View all services", to: href("/demo/plumber/services") },
};

export const servicesPage = {
  eyebrow: "Services & pricing",
  title: "Plumbing Services",
  text: "Six things we do every day, each with a starting price you can count on. Not sure what you need? Call us and we'll talk it through.",
  listTitle: "Services and starting prices",
  guaranteeTitle: "Every service includes",
  guarantees: [
    "Free, no-obligation quote",
    "Flat-rate, upfront pricing",
    "Shoe covers and a spotless clean-up",
    "1-year labour warranty",
  ],
};

export const steps = [
  {
    title: "Tell us what's wrong",
    text: "Call or send a request. We'll ask a few questions and book a two-hour window.",
  },
  {
    title: "Get an upfront price",
    text: "Your plumber diagnoses the problem and quotes a flat price before starting.",
  },
  { title: "Relax, it's fixed", text: "We fix it, test it, tidy up and back the work with our warranty." },
];
export const stepsIntro = { eyebrow: "How it works", title: "Three steps to a fixed leak" };

export const testimonialsIntro = { eyebrow: "Happy homeowners", title: "Neighbours who called Harbourline" };

export const testimonials: Testimonial[] = [
  {
    name: "Melissa T., Kitsilano",
    rating: 5,
    text: "Our water heater died on a Sunday morning. Harbourline had a new one in by lunch, and the price was exactly what they quoted.",
    service: "Water Heater Service",
  },
  {
    name: "Jordan K., Mount Pleasant",
    rating: 5,
    text: "Friendly, fast and tidy. They even put shoe covers on. The kitchen drain has never run better.",
    service: "Drain Cleaning",
  },
  {
    name: "Anita & Sam R., Burnaby",
    rating: 5,
    text: "They roughed in our whole bathroom reno, passed inspection first time and kept us updated every day.",
    service: "Bathroom Plumbing",
  },
];

export const emergencyCta = {
  title: "Plumbing emergency? We answer 24/7.",
  text: "Burst pipe, overflowing toilet or no hot water: a licensed plumber is on call every hour of every day. Office hours 7am to 6pm, emergencies around the clock.",
  callLabel: `Call ${phone}`,
  requestLabel: "Request Service",
};

export const aboutPage = {
  eyebrow: "About us",
  title: "A family business that treats your home like ours",
  text: "Harbourline started in 1996 with Walt Moreau and one van. Today his daughter Claire runs a team of twelve licensed plumbers, and the promise hasn't changed.",
  storyTitle: "Our story",
  story: [
    "Walt Moreau founded Harbourline in 1996 after twenty years as a ship's pipefitter at the Vancouver harbour, which is where the name comes from. He believed homeowners deserved the same care he gave a ship's engine room: careful work, done right the first time.",
    "His daughter Claire joined as an apprentice in 2008, earned her Red Seal and her gas fitter's ticket, and took over in 2017. She added 24/7 emergency service, flat-rate pricing and a fleet of fully stocked vans.",
    "We're still family-run and still local. Most of our work comes from neighbours who recommended us, and we intend to keep earning that.",
  ],
  stats: [
    { number: "1996", label: "Serving Vancouver since" },
    { number: "12", label: "Licensed plumbers" },
    { number: "18,000+", label: "Jobs completed" },
    { number: "24/7", label: "Emergency service" },
  ],
  valuesTitle: "What you can expect",
  values: [
    {
      icon: HeartHandshake,
      title: "Respect for your home",
      description: "Shoe covers, drop cloths and a clean-up before we leave. Always.",
    },
    {
      icon: HandCoins,
      title: "No surprises",
      description: "Flat-rate prices approved by you before any work begins.",
    },
    {
      icon: Truck,
      title: "Fully stocked vans",
      description: "Most repairs finished on the first visit, no waiting for parts.",
    },
  ] satisfies Feature[],
  teamTitle: "Meet the crew",
  team: [
    {
      name: "Claire Moreau",
      role: "Owner & Master Plumber",
      bio: "Red Seal plumber and gas fitter, 17 years",
    },
    { name: "Walt Moreau", role: "Founder (semi-retired)", bio: "Still answers the phone on Saturdays" },
    { name: "Dev Malhotra", role: "Lead Service Plumber", bio: "Water heaters and drains, 12 years" },
    { name: "Sofia Reyes", role: "Gas Fitter", bio: "Class A gas fitter, 9 years" },
  ] satisfies TeamMember[],
};

export const contactPage = {
  eyebrow: "Contact",
  title: "Let's get your plumbing sorted",
  text: "Request service, book an appointment or just ask a question. Our office is open 7am to 6pm, and emergency plumbers are on call 24/7.",
  cards: [
    { icon: Phone, label: "Phone", value: phone, note: "Office 7am - 6pm, emergencies 24/7" },
    {
      icon: Mail,
      label: "Email",
      value: "help@harbourlineplumbing.ca",
      note: "We reply within one business day",
    },
    {
      icon: MapPin,
      label: "Office",
      value: "3380 Fraser Street, Vancouver, BC V5V 4C3",
      note: "Serving Vancouver, Burnaby & the North Shore",
    },
  ],
  hoursTitle: "Office hours",
  hours: [
    { days: "Monday - Friday", time: "7:00 AM - 6:00 PM" },
    { days: "Saturday", time: "7:00 AM - 6:00 PM" },
    { days: "Sunday", time: "Emergency calls only" },
    { days: "Emergency service", time: "24/7, 365 days" },
  ],
  bookTitle: "Book a visit",
  bookText: "Pick a two-hour window that suits you. We'll text when your plumber is on the way.",
  bookLabel: "Book Appointment",
  callLabel: `Call ${phone}`,
  faqTitle: "Common questions",
  faq: [
    {
      q: "Do you charge for quotes?",
      a: "No. Quotes are free and the flat price is agreed before any work starts.",
    },
    {
      q: "How fast can you get here in an emergency?",
      a: "Usually within 60 to 90 minutes anywhere in Vancouver, day or night.",
    },
    {
      q: "Are your plumbers licensed?",
      a: "Yes. Every plumber is Red Seal certified, and our gas fitters hold Class A or B tickets.",
    },
    {
      q: "Do you guarantee your work?",
      a: "All labour is warrantied for one year, and parts carry the manufacturer's warranty.",
    },
  ],
};
