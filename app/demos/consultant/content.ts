import {
  Briefcase,
  Building2,
  ChartLine,
  Cpu,
  Factory,
  HeartHandshake,
  HeartPulse,
  Hotel,
  Landmark,
  LineChart,
  ShoppingBag,
  Target,
  TrendingUp,
  Users,
  Workflow,
} from "lucide-react";

import type { ServiceCard, Stat, TeamMember, Testimonial } from "~/demos/frame/schemas";
import type { DemoSite } from "~/demos/frame/types";
import { href } from "~/lib/href";

import { consultantTheme } from "./theme";

/** Summit Advisory Group: a fictional strategy consultancy (one-page demo, docs/product.md#demo-sites). */
export const site = {
  slug: "consultant",
  name: "Summit Advisory Group",
  tagline: "Strategy, coaching and operations advice for owner-led businesses in Western Canada.",
  icon: Briefcase,
  nav: [
    { label: "Services", to: `${href("/demo/consultant")}#services` },
    { label: "About", to: `${href("/demo/consultant")}#about` },
    { label: "Contact", to: `${href("/demo/consultant")}#contact` },
  ],
  cta: { label: "Book a Call", to: `${href("/demo/consultant")}#contact` },
  contact: {
    phone: "(604) 555-0187",
    email: "hello@summitadvisorygroup.ca",
    address: "1188 West Georgia Street, Suite 1420, Vancouver, BC V6E 4A2",
  },
  hours: [
    { days: "Mon - Thu", time: "8:30AM - 5:30PM" },
    { days: "Friday", time: "8:30AM - 3PM" },
    { days: "Weekends", time: "By appointment" },
  ],
  theme: consultantTheme,
} satisfies DemoSite;

export const seoCopy = {
  title: "Summit Advisory Group: Business Consulting & Coaching",
  description:
    "Summit Advisory Group helps owner-led businesses grow with clear strategy, executive coaching and operations optimization. A demo site by Cascadia Web Studio.",
};

export const hero = {
  eyebrow: "Business advisory · Vancouver, BC",
  title: "Clear strategy for businesses ready for their next climb",
  lead: "We help founders and leadership teams turn ambition into a plan they can run: sharper positioning, healthier margins and a team that knows where it is going.",
  primaryCta: "Book a Discovery Call",
  secondaryCta: { label: "Explore Services", to: `${href("/demo/consultant")}#services` },
  proof: [
    { value: "+38%", label: "median revenue growth after 12 months" },
    { value: "4.9/5", label: "average client rating" },
  ],
  art: "A rising line chart climbing a stylised mountain towards a summit flag",
};

export const servicesIntro = {
  eyebrow: "What we do",
  title: "Advice you can put to work on Monday",
  description: "Three ways to work together, from a single working session to a full operational overhaul.",
};

export const services = [
  {
    icon: LineChart,
    title: "Business Consulting",
    description: "Growth strategy, pricing and market positioning for companies between 5 and 150 people.",
    features: [
      "Market and competitor review",
      "Pricing and margin analysis",
      "12-month growth roadmap",
      "Board-ready summary",
    ],
    price: "From $150/hour",
  },
  {
    icon: Target,
    title: "Executive Coaching",
    description: "One-to-one coaching for founders and managers stepping into bigger roles.",
    features: [
      "Leadership and delegation",
      "Decision frameworks",
      "Quarterly goal reviews",
      "Confidential and flexible",
    ],
    price: "From $200/session",
  },
  {
    icon: Workflow,
    title: "Operations Optimization",
    description: "We map how work really flows, remove the friction and measure the savings.",
    features: [
      "Process mapping workshops",
      "Tooling and automation plan",
      "KPI dashboard set-up",
      "90-day follow-up",
    ],
    price: "From $2500/project",
  },
] satisfies ServiceCard[];

export const resultsIntro = {
  eyebrow: "Results",
  title: "Measured in outcomes, not hours",
};

export const stats = [
  { number: "250+", label: "Businesses advised", icon: Building2 },
  { number: "38%", label: "Median revenue growth", icon: TrendingUp },
  { number: "$12M", label: "Client costs saved", icon: ChartLine },
  { number: "94%", label: "Clients who return", icon: HeartHandshake },
] satisfies Stat[];

export const processIntro = {
  eyebrow: "How we work",
  title: "A four-step process with no surprises",
  description:
    "Every engagement follows the same path, so you always know what happens next and what it costs.",
};

export const process = [
  {
    step: "01",
    title: "Discovery",
    description:
      "Interviews, numbers and a walk through your operations. We listen before we recommend anything.",
  },
  {
    step: "02",
    title: "Strategy",
    description:
      "A focused plan with three to five priorities, owners, budgets and the metrics that prove progress.",
  },
  {
    step: "03",
    title: "Implementation",
    description:
      "We work beside your team to launch the changes, remove blockers and keep momentum week by week.",
  },
  {
    step: "04",
    title: "Optimization",
    description:
      "Monthly reviews compare results to targets, so the plan keeps improving after we step back.",
  },
] as const;

export const about = {
  eyebrow: "About us",
  title: "Senior advisors who have run businesses themselves",
  paragraphs: [
    "Summit Advisory Group was founded in 2011 by Claire Whitfield after fifteen years as a chief operating officer in retail and logistics. She saw too many good companies stall because their plans lived in slide decks instead of calendars.",
    "Today our team of five advisors works with owner-led businesses across British Columbia and Alberta. We keep our client list small on purpose: every engagement is led by a partner, and every plan is written to be run by your people, not by us.",
  ],
  highlights: ["Partner-led engagements", "Fixed quotes before work starts", "Plain-language reports"],
};

export const team = [
  {
    name: "Claire Whitfield",
    role: "Founder & Managing Partner",
    experience: "25 years",
    specialty: "Growth strategy",
    bio: "Former COO of a 40-store retail chain; guides leadership teams through their next stage of growth.",
  },
  {
    name: "Daniel Osei",
    role: "Partner, Operations",
    experience: "18 years",
    specialty: "Process and automation",
    bio: "Lean practitioner who has redesigned operations for manufacturers, clinics and distributors.",
  },
  {
    name: "Mei Lin Tan",
    role: "Executive Coach",
    experience: "12 years",
    specialty: "Leadership coaching",
    bio: "ICF-certified coach helping first-time executives lead with clarity and calm.",
  },
] satisfies TeamMember[];

export const testimonialsIntro = {
  eyebrow: "Client stories",
  title: "What our clients say",
};

export const testimonials = [
  {
    name: "Rachel Donovan",
    rating: 5,
    text: "Within six months we had cut our delivery times by a third and finally had a pricing model that made sense. Claire's team felt like part of ours.",
    service: "Operations Optimization",
  },
  {
    name: "Marcus Bellamy",
    rating: 5,
    text: "The coaching sessions changed how I run my week. I delegate more, decide faster and my managers have noticed.",
    service: "Executive Coaching",
  },
  {
    name: "Sofia Alvarez",
    rating: 4,
    text: "A clear, honest review of our market and a roadmap we actually follow. Worth every hour we booked.",
    service: "Business Consulting",
  },
] satisfies Testimonial[];

export const industriesIntro = {
  eyebrow: "Industries",
  title: "Eight industries we know from the inside",
};

export const industries = [
  { icon: Briefcase, name: "Professional Services" },
  { icon: ShoppingBag, name: "Retail & E-commerce" },
  { icon: HeartPulse, name: "Healthcare & Clinics" },
  { icon: Cpu, name: "Technology & SaaS" },
  { icon: Hotel, name: "Hospitality & Tourism" },
  { icon: Factory, name: "Manufacturing" },
  { icon: Landmark, name: "Financial Services" },
  { icon: Users, name: "Non-profit" },
] as const;

export const contactBlock = {
  eyebrow: "Contact",
  title: "Let's talk about your next climb",
  description:
    "Book a free 30-minute discovery call. You will leave with two or three ideas you can use, whether or not we work together.",
  primaryCta: "Book a Discovery Call",
  secondaryCta: "Call Now",
  labels: { phone: "Phone", email: "Email", address: "Office", hours: "Office hours" },
};
