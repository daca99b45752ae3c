import {
  Apple,
  Dumbbell,
  Flame,
  HeartPulse,
  ShowerHead,
  Timer,
  Trophy,
  UserCheck,
  Users,
  Zap,
  type LucideIcon,
} from "lucide-react";

import type { Testimonial } from "~/demos/frame/schemas";
import type { DemoSite } from "~/demos/frame/types";
import { href } from "~/lib/href";

import { gymTheme } from "./theme";

/**
 * Ironside Athletic Club: the gym demo (docs/product.md#demo-sites).
 * Every word and price its pages show lives here.
 */

const phone = "(604) 555-0177";
export const contactPath = href("/demo/gym/contact");

export const site: DemoSite = {
  slug: "gym",
  name: "Ironside Athletic",
  tagline:
    "Strength, conditioning and coaching for every body. Train hard, recover well, come back stronger.",
  icon: Dumbbell,
  nav: [
    { label: "Home", to: href("/demo/gym") },
    { label: "Programs", to: href("/demo/gym/programs") },
    { label: "About", to: href("/demo/gym/about") },
    { label: "Contact", to: href("/demo/gym/contact") },
  ],
  cta: { label: "Free Trial", to: contactPath },
  contact: {
    phone,
    email: "train@ironsideathletic.ca",
    address: "1480 Venables Street, Vancouver, BC V5L 2G2",
  },
  hours: [
    { days: "Mon - Fri", time: "5am - 11pm" },
    { days: "Sat - Sun", time: "7am - 9pm" },
  ],
  theme: gymTheme,
};

export type Program = {
  icon: LucideIcon;
  title: string;
  description: string;
  features: string[];
  /** Display price, e.g. "$60/session" or "Included with membership". */
  price: string;
};
export type Stat = { number: string; label: string };
export type Coach = { name: string; role: string; specialty: string; bio: string };

export const seoText = {
  home: {
    title: "Ironside Athletic Club | Gym in East Vancouver",
    description:
      "Ironside Athletic: strength, HIIT, group classes and personal training in East Vancouver. Start a free 7-day trial. A demo site.",
  },
  programs: {
    title: "Programs & Prices | Ironside Athletic Club",
    description:
      "Personal training $60/session, strength $80/month, wellness $50/month, nutrition $100/month; group classes and HIIT included. A demo site.",
  },
  about: {
    title: "About Ironside Athletic | Coaches & Facility",
    description:
      "Meet the Ironside Athletic coaches and tour a 12,000 sq ft training floor built for real results. A demo site.",
  },
  contact: {
    title: "Free 7-Day Trial & Contact | Ironside Athletic",
    description:
      "Claim your free 7-day trial at Ironside Athletic, or find our hours, address and phone number. A demo site.",
  },
} as const;

export const trial = {
  badge: "Free 7-day trial",
  title: "Try Ironside free for 7 days",
  text: "Unlimited access to the floor, every group class and one coaching session. No card, no contract, no pressure.",
  ctaLabel: "Start Free Trial",
};

export const hero = {
  kicker: "East Vancouver · Est. 2015",
  titleLines: ["Stronger", "Every", "Week."],
  text: "Coached strength training, high-energy classes and a community that shows up. Whether it's your first deadlift or your fiftieth, we'll meet you where you are.",
  primaryCta: { label: "Claim Your Free 7-Day Trial", to: contactPath },
  programsLink: { label: "Explore Programs", to: href("/demo/gym/programs") },
};

export const stats: Stat[] = [
  { number: "12,000", label: "sq ft training floor" },
  { number: "40+", label: "classes every week" },
  { number: "9", label: "certified coaches" },
  { number: "5am", label: "doors open weekdays" },
];

export const programs: Program[] = [
  {
    icon: UserCheck,
    title: "Personal Training",
    description: "One-on-one coaching built around your goals, your schedule and your body.",
    features: ["Movement assessment", "Custom program", "Progress check-ins"],
    price: "$60/session",
  },
  {
    icon: Dumbbell,
    title: "Strength Training",
    description: "Small-group barbell coaching to build real, lasting strength safely.",
    features: ["Squat, bench, deadlift, press", "12-week progressive blocks", "Max 8 per coach"],
    price: "$80/month",
  },
  {
    icon: HeartPulse,
    title: "Wellness & Recovery",
    description: "Mobility, yoga and recovery sessions that keep you training for the long run.",
    features: ["Mobility and yoga classes", "Sauna and cold plunge", "Recovery workshops"],
    price: "$50/month",
  },
  {
    icon: Apple,
    title: "Nutrition Coaching",
    description: "Simple, sustainable eating habits from a registered nutrition coach.",
    features: ["Personal nutrition plan", "Weekly check-ins", "Habit-based approach"],
    price: "$100/month",
  },
  {
    icon: Users,
    title: "Group Classes",
    description: "Coach-led classes for every level, from spin and boxing to kettlebells.",
    features: ["40+ classes a week", "All levels welcome", "Book in the app"],
    price: "Included with membership",
  },
  {
    icon: Flame,
    title: "HIIT",
    description: "Fast, intense interval sessions that torch calories in 45 minutes.",
    features: ["45-minute sessions", "Heart-rate tracking", "Scaled for every level"],
    price: "Included with membership",
  },
];

export const programsIntro = {
  kicker: "Programs",
  title: "Find your program",
  text: "Six ways to train, all under one roof. Group classes and HIIT come with every membership.",
  ctaLabel: "Get Started",
  allLink: { label: "All programs & prices", to: href("/demo/gym/programs") },
};

export const programsPage = {
  kicker: "Programs & pricing",
  title: "Programs Built for Results",
  text: "Coaching, classes and recovery to match any goal. Not sure where to start? Your free 7-day trial includes a session with a coach who will help you choose.",
  listTitle: "Programs and prices",
  includedTitle: "Every membership includes",
  included: [
    "24/7 app booking",
    "Unlimited group classes",
    "Unlimited HIIT",
    "Locker rooms and showers",
    "Free 7-day trial to start",
  ],
};

export const schedule = {
  kicker: "This week",
  title: "Class timetable",
  days: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
  rows: [
    { time: "6:00 AM", classes: ["HIIT", "Strength", "HIIT", "Strength", "HIIT", "Strength"] },
    { time: "12:15 PM", classes: ["Spin", "Mobility", "Boxing", "Mobility", "Spin", "Kettlebells"] },
    { time: "5:30 PM", classes: ["Strength", "HIIT", "Strength", "HIIT", "Boxing", "Yoga"] },
    { time: "7:00 PM", classes: ["Yoga", "Boxing", "Kettlebells", "Spin", "—", "—"] },
  ],
};

export const features = {
  kicker: "Why Ironside",
  title: "No mirrors-and-selfies gym. A training floor.",
  items: [
    {
      icon: Trophy,
      title: "Coaching, not just equipment",
      text: "Every member gets a coach-led onboarding and a plan.",
    },
    {
      icon: Zap,
      title: "Serious kit",
      text: "12 squat racks, competition plates, turf sled lane and an assault-bike wall.",
    },
    {
      icon: Timer,
      title: "Open early, open late",
      text: "5am to 11pm on weekdays, so training fits your life.",
    },
    {
      icon: ShowerHead,
      title: "Recover right",
      text: "Sauna, cold plunge and proper showers with towels provided.",
    },
  ],
};

export const testimonialsIntro = { kicker: "Members", title: "Real people. Real results." };

export const testimonials: Testimonial[] = [
  {
    name: "Priya N.",
    rating: 5,
    text: "I came for the free trial and never left. Deadlifting 100 kg at 41 was not on my bingo card.",
    service: "Strength Training",
  },
  {
    name: "Chris D.",
    rating: 5,
    text: "The HIIT classes are brutal in the best way, and the coaches actually know your name.",
    service: "HIIT",
  },
  {
    name: "Jen W.",
    rating: 5,
    text: "Nutrition coaching changed how I eat without a single 'diet'. Down 9 kg and stronger than ever.",
    service: "Nutrition Coaching",
  },
];

export const aboutPage = {
  kicker: "About",
  title: "Built by Coaches. Powered by Community.",
  text: "Ironside opened in a converted East Van warehouse in 2015 with six squat racks and a simple belief: great coaching changes lives.",
  storyTitle: "From warehouse to home base",
  story: [
    "Former university strength coach Tessa Nakamura and physiotherapist Andre Dubois opened Ironside because they were tired of gyms that sold memberships, not results. They wanted a place where every member is coached, every program is progressive and nobody trains alone.",
    "Eleven years later we have nine coaches, a 12,000 sq ft floor and more than 900 members aged 16 to 78. The warehouse doors still roll up on sunny days.",
  ],
  stats: [
    { number: "2015", label: "Doors opened" },
    { number: "900+", label: "Active members" },
    { number: "16-78", label: "Member ages" },
    { number: "9", label: "Certified coaches" },
  ] satisfies Stat[],
  coachesTitle: "Meet the coaches",
  valuesTitle: "What we believe",
  values: [
    { title: "Everyone is an athlete", text: "Programs scale to you, whatever your starting point." },
    { title: "Consistency beats intensity", text: "We build habits you can keep for decades, not weeks." },
    { title: "Nobody trains alone", text: "Coaches and members who cheer for each other, every session." },
  ],
};

export const coaches: Coach[] = [
  {
    name: "Tessa Nakamura",
    role: "Co-founder · Head Coach",
    specialty: "Strength & powerlifting",
    bio: "Former university strength coach, CSCS, and three-time provincial powerlifting champion.",
  },
  {
    name: "Andre Dubois",
    role: "Co-founder · Physiotherapist",
    specialty: "Mobility & recovery",
    bio: "Registered physiotherapist who keeps members moving well and training pain-free.",
  },
  {
    name: "Tasha Greene",
    role: "HIIT & Conditioning Lead",
    specialty: "Metabolic conditioning",
    bio: "Former sprinter whose 6am HIIT class has a waiting list and a playlist to match.",
  },
  {
    name: "Omar Haddad",
    role: "Nutrition Coach",
    specialty: "Habit-based nutrition",
    bio: "Registered nutrition coach focused on simple changes that stick for life.",
  },
];

export const contactPage = {
  kicker: "Contact",
  title: "Start Your Free 7-Day Trial",
  text: "Drop in, call, or book your first session. Your trial starts the day you first walk through the doors.",
  stepsTitle: "How your trial works",
  steps: [
    "Book a 20-minute welcome session",
    "Train with a coach and try any class",
    "Decide at the end of the week. No pressure.",
  ],
  visitTitle: "Visit the gym",
  hoursTitle: "Opening hours",
  hours: [
    { days: "Monday - Friday", time: "5:00 AM - 11:00 PM" },
    { days: "Saturday - Sunday", time: "7:00 AM - 9:00 PM" },
    { days: "Holidays", time: "8:00 AM - 6:00 PM" },
  ],
  bookLabel: "Book Your Welcome Session",
  callLabel: "Call Now",
};
