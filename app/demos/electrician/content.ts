import {
  Award,
  BadgeCheck,
  BadgeDollarSign,
  Building2,
  CircuitBoard,
  Clock,
  FileCheck2,
  Home,
  Lightbulb,
  PlugZap,
  ShieldCheck,
  Siren,
  ThumbsUp,
  Zap,
  type LucideIcon,
} from "lucide-react";

import type { TeamMember, Testimonial } from "~/demos/frame/schemas";
import type { DemoSite } from "~/demos/frame/types";
import { href } from "~/lib/href";

import { electricianTheme } from "./theme";

/**
 * Brightline Electric: the electrical contractor demo (docs/product.md#demo-sites).
 * Every word and price its pages show lives here.
 */

const phone = "(604) 555-0119";

export const site: DemoSite = {
  slug: "electrician",
  name: "Brightline Electric",
  tagline:
    "Licensed, insured and safety-focused electrical contractors serving homes and businesses since 2008.",
  icon: Zap,
  nav: [
    { label: "Home", to: href("/demo/electrician") },
    { label: "Services", to: href("/demo/electrician/services") },
    { label: "About", to: href("/demo/electrician/about") },
    { label: "Contact", to: href("/demo/electrician/contact") },
  ],
  cta: { label: "Request Service", to: href("/demo/electrician/contact") },
  contact: {
    phone,
    email: "service@brightline-electric.ca",
    address: "2150 Kingsway, Vancouver, BC V5N 2T4",
  },
  hours: [
    { days: "Mon - Fri", time: "7am - 6pm" },
    { days: "Saturday", time: "8am - 4pm" },
    { days: "Emergency", time: "24/7" },
  ],
  theme: electricianTheme,
};

export const contactPath = href("/demo/electrician/contact");

export const prices = {
  residential: "$120",
  commercial: "$200",
  emergency: "$150",
} as const;

export type Service = {
  icon: LucideIcon;
  title: string;
  description: string;
  features: string[];
  price: string;
};
export type CoreValue = { icon: LucideIcon; title: string; description: string };
export type Stat = { number: string; label: string; icon: LucideIcon };

export const seoText = {
  home: {
    title: "Brightline Electric | Licensed Electricians Since 2008",
    description:
      "Brightline Electric: licensed, insured electricians for homes and businesses in Vancouver, with 24/7 emergency service. A demo site.",
  },
  services: {
    title: "Electrical Services & Prices | Brightline Electric",
    description:
      "Residential from $120, commercial from $200, 24/7 emergency call-outs $150: the full Brightline Electric service list. A demo site.",
  },
  about: {
    title: "About Brightline Electric | Trusted Since 2008",
    description:
      "Founded in 2008 by a master electrician: meet the Brightline Electric team, our values and our eight certifications. A demo site.",
  },
  contact: {
    title: "Request Service | Brightline Electric",
    description:
      "Request electrical service from Brightline Electric: phone, email, hours, service areas and an online request form. A demo site.",
  },
} as const;

export const hero = {
  eyebrow: "Licensed · Insured · Since 2008",
  title: "Safe, Reliable Electrical Work for Homes and Businesses",
  text: "Founded in 2008 by a master electrician, Brightline Electric brings code-perfect wiring, honest pricing and 24/7 emergency service to homeowners and businesses across Metro Vancouver.",
  primaryCta: { label: "Request Service", to: contactPath },
  callLabel: `Call ${phone}`,
  highlights: ["24/7 emergency service", "Upfront, written quotes", "Work guaranteed for 5 years"],
};

export const stats: Stat[] = [
  { number: "2008", label: "Founded by a master electrician", icon: Award },
  { number: "6,500+", label: "Jobs completed safely", icon: BadgeCheck },
  { number: "24/7", label: "Emergency response", icon: Siren },
  { number: "4.9★", label: "Average customer rating", icon: ThumbsUp },
];

export const aboutIntro = {
  eyebrow: "About us",
  title: "A master electrician's standards on every job",
  paragraphs: [
    "Brightline Electric was founded in 2008 by master electrician Kwame Mensah with a simple promise: do the work safely, do it to code, and leave every home and business better protected than we found it.",
    "Today our licensed, insured crew serves homeowners, landlords and businesses with everything from a single new circuit to full commercial fit-outs, and we answer the phone around the clock for emergencies.",
  ],
  points: [
    "Licensed and fully insured",
    "Safety-first on every site",
    "Homeowners and businesses",
    "24/7 emergency service",
  ],
  link: { label: "Our story", to: href("/demo/electrician/about") },
};

export const homeServicesIntro = {
  eyebrow: "What we do",
  title: "Electrical services you can count on",
  link: { label: "See all services", to: href("/demo/electrician/services") },
};

export const homeServices: Service[] = [
  {
    icon: Home,
    title: "Residential Electrical",
    description: "Repairs, new circuits, renovations and upgrades that keep your family safe.",
    features: ["Outlets, switches and circuits", "Renovation wiring", "EV charger installation"],
    price: `From ${prices.residential}`,
  },
  {
    icon: Building2,
    title: "Commercial Electrical",
    description: "Fit-outs, maintenance and lighting for offices, shops and restaurants.",
    features: ["Tenant improvements", "Preventive maintenance", "After-hours scheduling"],
    price: `From ${prices.commercial}`,
  },
  {
    icon: Siren,
    title: "24/7 Emergency Service",
    description: "Power out, sparking outlet or burning smell? A licensed electrician is on the way.",
    features: ["Answered day and night", "Fully stocked service vans", "Made safe on the first visit"],
    price: `${prices.emergency} call-out`,
  },
];

export const testimonialsIntro = { eyebrow: "Reviews", title: "What our customers say" };

export const testimonials: Testimonial[] = [
  {
    name: "Karen M.",
    rating: 5,
    text: "Our panel was original to the 1970s house. Kwame's crew upgraded it in a day, pulled the permit, and cleaned up better than they found it.",
    service: "Panel Upgrade",
  },
  {
    name: "Raj P., Café Owner",
    rating: 5,
    text: "They rewired our café's kitchen overnight so we never closed. Clear quote, no surprises, and the inspector signed off first time.",
    service: "Commercial Electrical",
  },
  {
    name: "Tom & Lisa H.",
    rating: 5,
    text: "Half the house went dark at 11pm. Brightline answered on the second ring and had it safe within the hour. Can't recommend them enough.",
    service: "Emergency Repair",
  },
];

export const callToAction = {
  title: "Need an electrician you can trust?",
  text: "Tell us what you need and get a clear, written quote. For emergencies, we're available 24/7.",
  primary: { label: "Request Service", to: contactPath },
  callLabel: `Call ${phone}`,
};

export const servicesPage = {
  eyebrow: "Services & pricing",
  title: "Electrical Services",
  text: "From a flickering light to a full commercial fit-out, every job is done by licensed electricians, to code, with a written quote before we start.",
  priceCards: [
    { label: "Residential service", price: prices.residential, note: "Service call, first hour included" },
    { label: "Commercial service", price: prices.commercial, note: "Service call, first hour included" },
    { label: "Emergency call-out", price: prices.emergency, note: "Any hour, any day" },
  ],
};

export const serviceGroups: Service[] = [
  {
    icon: Home,
    title: "Residential Electrical",
    description: "Everything your home needs, from a new outlet to a whole-home rewire.",
    features: [
      "Outlet and switch repairs",
      "New circuits and dedicated lines",
      "Renovation and basement wiring",
      "EV charger installation",
    ],
    price: `From ${prices.residential}`,
  },
  {
    icon: Building2,
    title: "Commercial Electrical",
    description: "Dependable power for offices, retail, restaurants and multi-unit buildings.",
    features: [
      "Tenant improvements and fit-outs",
      "Three-phase power",
      "Preventive maintenance plans",
      "After-hours work to avoid downtime",
    ],
    price: `From ${prices.commercial}`,
  },
  {
    icon: CircuitBoard,
    title: "Panel Upgrades",
    description: "Replace outdated or overloaded panels so your home can handle modern loads.",
    features: [
      "100A to 200A upgrades",
      "Breaker replacement",
      "Surge protection",
      "Permits and inspection handled",
    ],
    price: `From ${prices.residential}`,
  },
  {
    icon: Lightbulb,
    title: "Lighting Design & Installation",
    description: "Indoor, outdoor and landscape lighting that looks great and saves energy.",
    features: [
      "LED retrofits",
      "Pot lights and dimmers",
      "Outdoor and security lighting",
      "Smart lighting controls",
    ],
    price: `From ${prices.residential}`,
  },
  {
    icon: FileCheck2,
    title: "Safety Inspections",
    description: "Thorough inspections for buying, selling, insurance or peace of mind.",
    features: [
      "Full written report",
      "Smoke and CO detector checks",
      "GFCI and AFCI testing",
      "Insurance and real-estate inspections",
    ],
    price: `From ${prices.residential}`,
  },
  {
    icon: PlugZap,
    title: "Wiring & Rewiring",
    description: "Replace knob-and-tube or aluminium wiring and bring older buildings up to code.",
    features: [
      "Knob-and-tube replacement",
      "Aluminium wiring remediation",
      "Code-compliance corrections",
      "Data and network cabling",
    ],
    price: `From ${prices.commercial} (commercial)`,
  },
];

export const emergency = {
  eyebrow: "24/7 emergency service",
  title: "Electrical emergency? We're on our way.",
  text: "Electrical faults don't keep office hours, and neither do we. A licensed electrician answers day and night and arrives in a fully stocked van to make things safe.",
  price: `${prices.emergency} emergency call-out, any hour`,
  signs: [
    "Power outages and tripped mains",
    "Sparking or scorched outlets",
    "Burning smell from panels or fixtures",
    "Storm and flood damage",
    "Exposed or downed wiring",
  ],
  callLabel: `Call ${phone}`,
};

export const assurancesIntro = { title: "Our promise on every job" };

export const assurances: CoreValue[] = [
  {
    icon: ShieldCheck,
    title: "Licensed & Insured",
    description: "Every electrician is licensed and we carry full liability insurance and bonding.",
  },
  {
    icon: BadgeDollarSign,
    title: "Upfront Pricing",
    description: "A clear, written quote before work begins. No surprise charges, ever.",
  },
  {
    icon: Award,
    title: "5-Year Guarantee",
    description: "Our workmanship is guaranteed for five years. If it isn't right, we make it right.",
  },
];

export const aboutPage = {
  title: "About Brightline Electric",
  tagline: "Your trusted electrical contractor since 2008",
  historyTitle: "Our history",
  history: [
    "Brightline Electric began in 2008 with one van, one toolbox and one master electrician. Kwame Mensah had spent fifteen years wiring hospitals and high-rises, and he wanted to bring that same discipline to the homes and small businesses in his own neighbourhood.",
    "Word spread quickly. Homeowners appreciated a contractor who explained the work in plain language, showed up when promised and cleaned up afterwards. Within three years, Brightline had added a second crew and its first commercial maintenance contracts.",
    "As the company grew, so did our commitment to safety. We invested in ongoing training, earned our commercial and emergency services certifications, and launched round-the-clock emergency service so no customer is ever left in the dark.",
    "Today Brightline Electric is a team of licensed electricians, apprentices and project managers serving homeowners and businesses across Metro Vancouver. The promise is the same one Kwame made in 2008: safe work, done right, at a fair price.",
  ],
  valuesTitle: "Our core values",
  teamTitle: "Meet the team",
  certificationsTitle: "Licensed, certified and insured",
};

export const coreValues: CoreValue[] = [
  {
    icon: ShieldCheck,
    title: "Safety First",
    description: "We follow every code and safety standard, every time. No shortcuts, on any job.",
  },
  {
    icon: Award,
    title: "Quality Workmanship",
    description: "Neat, durable installations that pass inspection the first time and last for decades.",
  },
  {
    icon: BadgeDollarSign,
    title: "Honest Pricing",
    description: "Clear written quotes and fair rates. You approve the price before we start.",
  },
  {
    icon: Clock,
    title: "Reliability",
    description: "We show up when we say we will, and we answer emergencies 24/7.",
  },
];

export const team = [
  { name: "Kwame Mensah", role: "Master Electrician & Founder", bio: "Master Electrician Licence #ME-40871" },
  { name: "Priya Sandhu", role: "Project Manager", bio: "14 years of experience" },
  { name: "Marco Bellini", role: "Lead Electrician", bio: "Red Seal certified, 11 years of experience" },
] satisfies TeamMember[];

export const certifications = [
  "Master Electrician License",
  "Fully Insured & Bonded",
  "NEC Code Certified",
  "EPA Certified",
  "OSHA Safety Certified",
  "State Contractor License",
  "Emergency Services Certified",
  "Commercial Electrical Certified",
] as const;

export const serviceTypes = [
  "Electrical Repair",
  "Installation",
  "Safety Inspection",
  "Panel Upgrade",
  "Lighting",
  "Wiring",
  "Other",
] as const;
export const propertyTypes = ["Residential", "Commercial", "Industrial"] as const;

export const contactPage = {
  title: "Contact Brightline Electric",
  text: "Request service online, or give us a call. We reply to every request within four hours during business hours.",
  emergencyBanner: {
    title: "Electrical emergency?",
    text: "Help available 24/7. A licensed electrician is always on call.",
    callLabel: `Call ${phone}`,
  },
  getInTouch: {
    title: "Get In Touch",
    phone: { label: "Phone", value: phone, note: "24/7 for emergencies" },
    email: { label: "Email", value: site.contact.email, note: "Response within 4 hours" },
    office: { label: "Office", value: site.contact.address },
    hours: {
      label: "Hours",
      rows: [
        { days: "Mon-Fri", time: "7am-6pm" },
        { days: "Sat", time: "8am-4pm" },
        { days: "Emergency", time: "24/7" },
      ],
    },
  },
  serviceAreas: {
    title: "Service Areas",
    areas: [
      "Downtown",
      "North Side",
      "West End",
      "East District",
      "South Valley",
      "Suburbs",
      "Commercial Areas",
      "Surrounding Cities",
    ],
  },
  emergencyNote: "For emergencies, please call us directly",
};

export const requestForm = {
  title: "Request Service",
  intro: "Tell us about the job and we'll get back to you with a clear, written quote.",
  labels: {
    name: "Name",
    phone: "Phone",
    email: "Email",
    serviceType: "Service Type",
    propertyType: "Property Type",
    message: "Message",
  },
  serviceTypePlaceholder: "Select a service",
  messagePlaceholder: "Describe the problem or project, and when you'd like us to come.",
  messageRows: 5,
  submitLabel: "Request Service",
  errorSummary: "Please correct the highlighted fields.",
  demoNotice: (name: string) =>
    `Thanks, ${name}! This is a demo form, so nothing was sent. On a real Brightline Electric site your request would go straight to our office.`,
  errors: {
    name: "Please enter your name.",
    phone: "Please enter a phone number we can reach you on.",
    email: "Please enter a valid email address, or leave it blank.",
    serviceType: "Please select a service.",
    propertyType: "Please choose a property type.",
    message: "Please tell us a little about the job.",
  },
};
