import { Cake, Clock, Croissant, Heart, Leaf, Users, Wheat } from "lucide-react";

import type { CoreValue, Stat, TeamMember, Testimonial } from "~/demos/frame/schemas";
import type { DemoSite } from "~/demos/frame/types";
import { href } from "~/lib/href";

import type { BakeryArtKind } from "./art";
import { bakeryTheme } from "./theme";

/** Golden Crust Bakery: a fictional neighbourhood bakery (multi-page demo, docs/product.md#demo-sites). */
export const base = href("/demo/bakery");
export const contactPath = href("/demo/bakery/contact");
export const menuPath = href("/demo/bakery/menu");

export const site = {
  slug: "bakery",
  name: "Golden Crust Bakery",
  tagline:
    "Sourdough, celebration cakes and buttery pastries, baked from scratch on Commercial Drive since 2003.",
  icon: Croissant,
  nav: [
    { label: "Home", to: base },
    { label: "Menu", to: menuPath },
    { label: "Our Story", to: href("/demo/bakery/about") },
    { label: "Contact", to: contactPath },
  ],
  cta: { label: "Order Ahead", to: contactPath },
  contact: {
    phone: "(604) 555-0148",
    email: "hello@goldencrustbakery.ca",
    address: "1876 Commercial Drive, Vancouver, BC V5N 4A5",
  },
  hours: [{ days: "Every day", time: "6AM - 7PM" }],
  theme: bakeryTheme,
} satisfies DemoSite;

export const pageSeo = {
  home: {
    title: "Golden Crust Bakery: Artisan Bread, Cakes & Pastries in Vancouver",
    description:
      "A family bakery on Commercial Drive baking sourdough, custom cakes and pastries from scratch every morning. A demo site by Cascadia Web Studio.",
  },
  menu: {
    title: "Menu & Prices | Golden Crust Bakery",
    description:
      "Artisan breads from $6, custom cakes at $45 and pastries and desserts at $4, baked fresh daily at Golden Crust Bakery.",
  },
  about: {
    title: "Our Story | Golden Crust Bakery",
    description:
      "How a small family oven on Commercial Drive became Golden Crust Bakery: our story, our bakers and what we believe in.",
  },
  contact: {
    title: "Visit & Order | Golden Crust Bakery",
    description:
      "Find Golden Crust Bakery at 1876 Commercial Drive, open every day 6AM to 7PM. Call or email to order custom cakes.",
  },
};

export const home = {
  hero: {
    eyebrow: "Neighbourhood bakery · since 2003",
    title: "Real bread, baked before sunrise",
    lead: "Long-fermented sourdough, flaky croissants and celebration cakes made by hand with BC flour, local butter and a lot of patience.",
    primaryCta: { label: "See the Menu", to: menuPath },
    secondaryCta: "Call Now",
    openLabel: "Open every day",
    art: "Illustration of a sourdough loaf, a croissant and a layered cake on a wooden counter with wheat stalks",
  },
  featuredIntro: { eyebrow: "Fresh today", title: "From our ovens to your table" },
  featuredLink: "View the full menu",
  storyTeaser: {
    eyebrow: "Our Story",
    title: "Three generations, one sourdough starter",
    text: "Anna's grandmother's starter crossed the Atlantic in a jam jar in 1962. It still goes into every loaf we bake.",
    link: { label: "Read our story", to: href("/demo/bakery/about") },
  },
  testimonialsIntro: { eyebrow: "Kind words", title: "Loved on the Drive" },
  visit: {
    title: "Come in, the coffee's on",
    text: "Warm bread comes out of the oven at 6AM, 11AM and 3PM.",
  },
};

export type MenuItem = {
  id: string;
  icon: typeof Wheat;
  art: BakeryArtKind;
  artLabel: string;
  title: string;
  description: string;
  price: string;
  priceNote: string;
  varieties: string[];
};

export const menuPage = {
  eyebrow: "Baked fresh daily",
  title: "Our Menu",
  lead: "Everything is made in our kitchen from scratch. Bread sells out by early afternoon, so order ahead for big tables.",
  orderLabel: "Order Now",
  varietiesLabel: "Popular choices",
  note: "Allergy note: our kitchen handles wheat, dairy, eggs and nuts. Ask us about vegan and gluten-reduced options.",
};

export const menu = [
  {
    id: "breads",
    icon: Wheat,
    art: "loaf",
    artLabel: "Illustration of a scored sourdough loaf",
    title: "Artisan Breads",
    description:
      "Naturally leavened loaves, fermented for 36 hours and baked on stone for a crackling crust.",
    price: "From $6",
    priceNote: "per loaf",
    varieties: ["Country sourdough", "Seeded rye", "Classic baguette", "Rosemary focaccia"],
  },
  {
    id: "cakes",
    icon: Cake,
    art: "cake",
    artLabel: "Illustration of a layered celebration cake with berries",
    title: "Custom Cakes",
    description: "Birthday, wedding and just-because cakes, designed with you and decorated by hand.",
    price: "$45",
    priceNote: "6-inch cake, serves 8-10",
    varieties: ["Chocolate ganache", "Lemon raspberry", "Carrot & cream cheese", "Vanilla bean celebration"],
  },
  {
    id: "pastries",
    icon: Croissant,
    art: "pastry",
    artLabel: "Illustration of a golden croissant",
    title: "Pastries & Desserts",
    description: "Laminated by hand every night: flaky, buttery and best enjoyed warm with a coffee.",
    price: "$4",
    priceNote: "each",
    varieties: ["Butter croissant", "Pain au chocolat", "Cinnamon knot", "Almond tart"],
  },
] satisfies MenuItem[];

export const aboutPage = {
  eyebrow: "Since 2003",
  title: "Our Story",
  lead: "A small family oven that grew into the neighbourhood's favourite morning stop.",
  story: [
    "Golden Crust began in 2003, when Anna and Piotr Kowalski rented a tiny storefront on Commercial Drive with a second-hand deck oven and her grandmother's sourdough starter.",
    "The first winter they sold forty loaves a day. Word travelled the way it does on the Drive: neighbour to neighbour, and by the smell of bread at six in the morning.",
    "Today their daughter Maja runs the kitchen with a team of twelve bakers. The recipes are a little more ambitious, but the rules have not changed: real butter, long fermentation and nothing we would not feed our own family.",
  ],
  timelineTitle: "Milestones",
  timeline: [
    { year: "2003", text: "Anna and Piotr open with one oven and three kinds of bread." },
    { year: "2009", text: "Custom cakes join the menu after a very popular wedding." },
    { year: "2016", text: "We move next door to a bigger kitchen with a café counter." },
    { year: "2024", text: "Maja Kowalski takes over as head baker." },
  ],
  valuesTitle: "What we believe in",
  teamTitle: "Meet the bakers",
};

export const stats = [
  { number: "22", label: "Years on the Drive", icon: Clock },
  { number: "600+", label: "Loaves every week", icon: Wheat },
  { number: "12", label: "Bakers and decorators", icon: Users },
] satisfies Stat[];

export const values = [
  {
    icon: Leaf,
    title: "Local ingredients",
    description: "BC-milled flour, Fraser Valley butter and eggs, fruit from Okanagan orchards.",
  },
  {
    icon: Clock,
    title: "Time, not shortcuts",
    description: "Our doughs ferment slowly overnight. No premixes, no preservatives.",
  },
  {
    icon: Heart,
    title: "Baked for neighbours",
    description: "Day-old bread goes to the community kitchen down the street every evening.",
  },
] satisfies CoreValue[];

export const team = [
  {
    name: "Maja Kowalski",
    role: "Head Baker & Owner",
    experience: "18 years",
    specialty: "Sourdough and rye",
    bio: "Grew up kneading dough in the back of the shop; trained in Kraków and San Francisco.",
  },
  {
    name: "Luis Herrera",
    role: "Pastry Chef",
    experience: "12 years",
    specialty: "Laminated pastry",
    bio: "Luis folds 30 kg of croissant dough every night and still eats one every morning.",
  },
  {
    name: "Grace Oduya",
    role: "Cake Designer",
    experience: "9 years",
    specialty: "Celebration cakes",
    bio: "From wedding tiers to dinosaur birthday cakes, Grace designs every custom order with you.",
  },
] satisfies TeamMember[];

export const testimonials = [
  {
    name: "Priya Raman",
    rating: 5,
    text: "The country sourdough is the best in the city, full stop. I plan my Saturday walk around it.",
    service: "Artisan Breads",
  },
  {
    name: "Ben Ashworth",
    rating: 5,
    text: "Grace made our daughter's unicorn cake and it tasted even better than it looked. Not a crumb left.",
    service: "Custom Cakes",
  },
  {
    name: "Chloé Martin",
    rating: 5,
    text: "As a Parisian I am very picky about croissants. These are the real thing: flaky, buttery, perfect.",
    service: "Pastries & Desserts",
  },
] satisfies Testimonial[];

export const contactPage = {
  eyebrow: "Contact",
  title: "Visit, call or order ahead",
  lead: "Drop by for a warm loaf, or get in touch to order a custom cake or a big batch for your event.",
  labels: { address: "Find us", phone: "Call", email: "Email", hours: "Opening hours" },
  orders: {
    title: "Ordering a custom cake?",
    text: "Please give us 48 hours' notice (one week for wedding cakes). Tell us the date, how many guests and your favourite flavours, and we'll call you back the same day.",
    steps: ["Call or email with your idea", "We confirm the design and price", "Pick it up fresh on the day"],
    cta: "Call Now",
  },
  mapLabel: "Illustrated map of Commercial Drive showing the bakery near Grandview Park",
  parking:
    "Street parking on Commercial Drive and a bike rack out front. Two blocks from Commercial-Broadway Station.",
};
