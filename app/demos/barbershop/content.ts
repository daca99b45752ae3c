import {
  Armchair,
  Award,
  Coffee,
  Gem,
  HandHeart,
  Scissors,
  Sparkles,
  Timer,
  Users,
  type LucideIcon,
} from "lucide-react";

import type { Testimonial } from "~/demos/frame/schemas";
import type { DemoSite } from "~/demos/frame/types";
import { href } from "~/lib/href";

import { barbershopTheme } from "./theme";

/**
 * Crown & Clipper Barber Co.: the barbershop demo (docs/product.md#demo-sites).
 * Every word and price its pages show lives here.
 */

const phone = "(604) 555-0188";
export const contactPath = href("/demo/barbershop/contact");

export const site: DemoSite = {
  slug: "barbershop",
  name: "Crown & Clipper",
  tagline: "Classic cuts, hot towel shaves and proper conversation in the heart of Gastown since 2011.",
  icon: Scissors,
  nav: [
    { label: "Home", to: href("/demo/barbershop") },
    { label: "Services", to: href("/demo/barbershop/services") },
    { label: "About", to: href("/demo/barbershop/about") },
    { label: "Contact", to: href("/demo/barbershop/contact") },
  ],
  cta: { label: "Book Now", to: contactPath },
  contact: { phone, email: "chair@crownandclipper.ca", address: "214 Carrall Street, Vancouver, BC V6B 2J1" },
  hours: [
    { days: "Mon - Fri", time: "9am - 8pm" },
    { days: "Saturday", time: "9am - 7pm" },
    { days: "Sunday", time: "10am - 6pm" },
  ],
  theme: barbershopTheme,
};

export type BarberService = {
  title: string;
  description: string;
  /** Display price, e.g. "$25". */
  price: string;
  /** Display duration, e.g. "30-45 min". */
  duration: string;
  featured?: boolean;
};
export type Barber = { name: string; role: string; experience: string; specialty: string; bio: string };
export type Value = { icon: LucideIcon; title: string; description: string };
export type MembershipPlan = {
  name: string;
  price: string;
  period: string;
  cuts: string;
  benefits: string[];
  highlighted?: boolean;
};

export const seoText = {
  home: {
    title: "Crown & Clipper Barber Co. | Gastown Barbershop",
    description:
      "Crown & Clipper: classic haircuts from $25, hot towel shaves and beard work in Gastown, Vancouver. A demo site.",
  },
  services: {
    title: "Barber Services & Prices | Crown & Clipper",
    description:
      "Nine barber services with prices and times: haircuts $25, fades $28, hot towel shaves $35, the Royal Package $85. A demo site.",
  },
  about: {
    title: "About Crown & Clipper | Our Story and Barbers",
    description:
      "The Crown & Clipper story, our values and the five barbers behind the chairs in Gastown. A demo site.",
  },
  contact: {
    title: "Hours, Memberships & Location | Crown & Clipper",
    description:
      "Crown & Clipper opening hours, monthly memberships from $35 and how to find us in Gastown. A demo site.",
  },
} as const;

export const hero = {
  established: "Est. 2011",
  eyebrow: "Gastown · Vancouver",
  title: "Sharp Cuts. Hot Towels. Good Company.",
  text: "A proper barbershop in the old-school tradition: skilled barbers, straight-razor shaves and a cold drink while you wait.",
  bookLabel: "Book Appointment",
  servicesLink: { label: "View Services", to: href("/demo/barbershop/services") },
};

export const services: BarberService[] = [
  {
    title: "Classic Haircut",
    description: "Consultation, precision cut, wash and style finished with a hot towel.",
    price: "$25",
    duration: "30-45 min",
    featured: true,
  },
  {
    title: "Beard Trim",
    description: "Shape, line-up and trim with hot towel and beard oil.",
    price: "$20",
    duration: "20 min",
  },
  {
    title: "Premium Cut",
    description: "Our signature cut with scalp massage, wash, style and grooming advice.",
    price: "$45",
    duration: "60 min",
    featured: true,
  },
  {
    title: "Hot Towel Shave",
    description: "Traditional straight-razor shave with hot towels, lather and balm.",
    price: "$35",
    duration: "45 min",
    featured: true,
  },
  {
    title: "Kids Cut",
    description: "Patient, friendly cuts for young gents aged 12 and under.",
    price: "$18",
    duration: "30 min",
  },
  {
    title: "Hair Coloring",
    description: "Full colour or highlights, matched and finished by our colour specialist.",
    price: "$50",
    duration: "60-75 min",
  },
  {
    title: "Fade",
    description: "Skin, low, mid or high fade blended to perfection.",
    price: "$28",
    duration: "45 min",
  },
  {
    title: "Royal Package",
    description: "Premium cut, hot towel shave, beard sculpt, facial and a drink on the house.",
    price: "$85",
    duration: "90 min",
    featured: true,
  },
  {
    title: "Gray Blending",
    description: "Subtle colour that softens grey for a natural, low-maintenance look.",
    price: "$45",
    duration: "45 min",
  },
];

export const servicesPage = {
  eyebrow: "The Menu",
  title: "Services & Prices",
  text: "Every service includes a consultation, a hot towel finish and our honest opinion. Prices in Canadian dollars, tax included.",
  listTitle: "Price list",
  note: "Walk-ins welcome when a chair is free. Appointments recommended on evenings and weekends.",
  bookLabel: "Book Appointment",
};

export const homeIntro = {
  eyebrow: "Welcome to the shop",
  title: "Where tradition meets the sharpest fade in town",
  text: "Step off the cobblestones of Carrall Street into leather chairs, warm towels and the hum of clippers. Our five barbers have more than seventy years of experience between them, and every one of them will take the time to get your cut exactly right.",
  featuredTitle: "House favourites",
  fullMenuLink: { label: "See the full menu", to: href("/demo/barbershop/services") },
};

export const testimonialsIntro = { eyebrow: "Word on the street", title: "From the chair" };

export const testimonials: Testimonial[] = [
  {
    name: "Marcus L.",
    rating: 5,
    text: "Best fade I've had in Vancouver, full stop. Theo takes his time and it shows.",
    service: "Fade",
  },
  {
    name: "Ben A.",
    rating: 5,
    text: "Booked the Royal Package before my wedding. Walked out feeling like a new man.",
    service: "Royal Package",
  },
  {
    name: "Hiroshi T.",
    rating: 5,
    text: "The hot towel shave is worth every penny. Old-school service, no rush, great conversation.",
    service: "Hot Towel Shave",
  },
];

export const hoursTeaser = {
  title: "Open seven days",
  rows: [
    { days: "Mon - Fri", time: "9am - 8pm" },
    { days: "Saturday", time: "9am - 7pm" },
    { days: "Sunday", time: "10am - 6pm" },
  ],
  link: { label: "Hours, memberships & directions", to: contactPath },
};

export const aboutPage = {
  eyebrow: "Our Story",
  title: "About Crown & Clipper",
  storyTitle: "A chair, a razor and a promise",
  story: [
    "Crown & Clipper opened in 2011 in a narrow brick storefront on Carrall Street, with two second-hand barber chairs and a simple idea: bring back the neighbourhood barbershop, where a haircut comes with time, care and conversation.",
    "Founder Elias Navarro learned the trade in his grandfather's shop in Porto. He brought the straight razor, the hot towels and the habit of remembering every regular's name. Twelve years on, the shop has five chairs, a waiting list on Saturdays and the same espresso machine.",
  ],
  valuesTitle: "What we stand for",
  values: [
    {
      icon: Scissors,
      title: "Craft",
      description: "Every cut is finished by hand and checked in the mirror with you before you leave.",
    },
    {
      icon: HandHeart,
      title: "Hospitality",
      description: "A warm welcome, a cold drink and a barber who listens.",
    },
    {
      icon: Timer,
      title: "Time well spent",
      description: "We never double-book. Your appointment is your time.",
    },
    { icon: Gem, title: "Quality", description: "Premium products, sterilised tools and spotless stations." },
  ] satisfies Value[],
  barbersTitle: "Meet the barbers",
  reasonsTitle: "Why choose Crown & Clipper",
};

export const barbers: Barber[] = [
  {
    name: "Elias Navarro",
    role: "Founder & Master Barber",
    experience: "22 years",
    specialty: "Straight-razor shaves",
    bio: "Trained in his grandfather's Porto barbershop, Elias opened Crown & Clipper in 2011 and still keeps the busiest chair.",
  },
  {
    name: "Theo Whitfield",
    role: "Senior Barber",
    experience: "14 years",
    specialty: "Skin fades",
    bio: "A fade specialist and former competition barber, Theo is known for blends you can't see the lines in.",
  },
  {
    name: "Amara Osei",
    role: "Barber & Colourist",
    experience: "11 years",
    specialty: "Colour and gray blending",
    bio: "Amara trained as a colourist before picking up the clippers, and now leads every colour service in the shop.",
  },
  {
    name: "Jonah Park",
    role: "Barber",
    experience: "8 years",
    specialty: "Classic scissor cuts",
    bio: "Jonah loves a good side part and a longer scissor cut, and keeps the shop's playlist in good shape.",
  },
  {
    name: "Luca Ferretti",
    role: "Barber",
    experience: "6 years",
    specialty: "Beard sculpting",
    bio: "Luca can shape any beard into something sharp, and has a particular patience with our youngest clients.",
  },
];

export const reasons: Value[] = [
  {
    icon: Award,
    title: "Master barbers",
    description: "Seventy years of combined experience across five chairs.",
  },
  {
    icon: Armchair,
    title: "Proper old-school chairs",
    description: "Restored 1950s barber chairs and hot towels on every visit.",
  },
  {
    icon: Coffee,
    title: "Drinks on us",
    description: "Espresso, sparkling water or a local craft soda while you wait.",
  },
  {
    icon: Sparkles,
    title: "Hospital-grade hygiene",
    description: "Tools sterilised between every client, fresh blades every shave.",
  },
  { icon: Users, title: "Every age welcome", description: "From first haircuts to distinguished greys." },
  {
    icon: Timer,
    title: "On-time appointments",
    description: "We run to the minute, so your lunch break stays a lunch break.",
  },
];

export const contactPage = {
  eyebrow: "Visit the shop",
  title: "Hours, Memberships & Location",
  text: "Drop in, call ahead or book online. Members skip the queue and never pay for a cut at the till.",
  hoursTitle: "Opening Hours",
  hours: [
    { days: "Monday - Friday", time: "9:00 AM - 8:00 PM" },
    { days: "Saturday", time: "9:00 AM - 7:00 PM" },
    { days: "Sunday", time: "10:00 AM - 6:00 PM" },
  ],
  contactTitle: "Get in touch",
  bookLabel: "Book Appointment",
  callLabel: "Call Now",
  membershipsTitle: "Monthly Memberships",
  membershipsText: "Look sharp all month for one simple price. Cancel anytime.",
  joinLabel: "Join",
  mapTitle: "Find us",
  mapAlt:
    "Stylised map of Gastown showing Crown & Clipper at 214 Carrall Street, near Maple Tree Square and Waterfront Station",
  mapCaption:
    "214 Carrall Street, Gastown: two minutes from Maple Tree Square, ten minutes' walk from Waterfront Station.",
};

export const memberships: MembershipPlan[] = [
  {
    name: "Bronze",
    price: "$35",
    period: "/month",
    cuts: "1 cut per month",
    benefits: ["1 haircut or fade each month", "10% off beard and shave services", "Priority booking online"],
  },
  {
    name: "Silver",
    price: "$60",
    period: "/month",
    cuts: "2 cuts per month",
    benefits: [
      "2 haircuts or fades each month",
      "1 beard trim each month",
      "15% off all other services",
      "Priority booking online",
    ],
    highlighted: true,
  },
  {
    name: "Gold",
    price: "$100",
    period: "/month",
    cuts: "Unlimited cuts",
    benefits: [
      "Unlimited haircuts and fades",
      "Unlimited beard trims",
      "1 hot towel shave each month",
      "20% off colour and the Royal Package",
      "Guaranteed weekend slots",
    ],
  },
];
