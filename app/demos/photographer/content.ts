import { Aperture, Award, Camera, MapPin, Palette, Sparkles, SunMedium } from "lucide-react";

import type { ServiceCard, Stat, Testimonial } from "~/demos/frame/schemas";
import type { DemoSite } from "~/demos/frame/types";

// Relative: react-router.config.ts loads this module without the app's path aliases.
import { href } from "../../lib/href";
import type { PhotoScene } from "./photo-art";
import { photographerTheme } from "./theme";

/** Lumen & Frame Studio: a fictional photographer's one-page portfolio (docs/product.md#demo-sites). */
export const site = {
  slug: "portfolio",
  name: "Lumen & Frame Studio",
  tagline: "Landscape, portrait and editorial photography from the West Coast, by Elena Marsh.",
  icon: Aperture,
  nav: [
    { label: "Portfolio", to: `${href("/demo/portfolio")}#portfolio` },
    { label: "Services", to: `${href("/demo/portfolio")}#services` },
    { label: "Contact", to: `${href("/demo/portfolio")}#contact` },
  ],
  cta: { label: "Book a Session", to: `${href("/demo/portfolio")}#contact` },
  contact: {
    phone: "(604) 555-0163",
    email: "studio@lumenandframe.ca",
    address: "Studio 4, 1540 Venables Street, Vancouver, BC V5L 2G1",
  },
  hours: [
    { days: "Tue - Sat", time: "10AM - 6PM" },
    { days: "Sun - Mon", time: "By appointment" },
  ],
  theme: photographerTheme,
} satisfies DemoSite;

export const seoCopy = {
  title: "Lumen & Frame Studio: Photography Portfolio by Elena Marsh",
  description:
    "Landscape, portrait and editorial photography from Vancouver's Lumen & Frame Studio, with design and creative direction. A demo site by Cascadia Web Studio.",
};

export const hero = {
  eyebrow: "Photographer · Vancouver, BC",
  title: "Light, honestly captured.",
  lead: "I'm Elena Marsh. For twelve years I have photographed the coast, the mountains and the people who live between them, for magazines, brands and families.",
  primaryCta: { label: "View the Work", to: `${href("/demo/portfolio")}#portfolio` },
  secondaryCta: "Book a Session",
  photo: {
    id: "hero",
    scene: "mountains",
    alt: "Panorama of layered blue mountain ridges under a peach dawn sky, mist in the valleys",
    caption: "Sea to Sky, 5:48 AM",
  } satisfies Photo,
};

export type Photo = {
  id: string;
  scene: PhotoScene;
  alt: string;
  caption: string;
  category?: string;
  location?: string;
};

export const galleryIntro = {
  eyebrow: "Selected work",
  title: "Portfolio",
  description: "A few frames from recent commissions and personal projects.",
};

export const gallery = [
  {
    id: "joffre",
    scene: "lake",
    alt: "Turquoise alpine lake reflecting a snow-capped peak at first light",
    caption: "Joffre Lakes at First Light",
    category: "Landscape",
    location: "Pemberton, BC",
  },
  {
    id: "amara",
    scene: "portrait",
    alt: "Abstract warm portrait: a silhouetted face in profile against golden bokeh",
    caption: "Amara, Golden Hour",
    category: "Portrait",
    location: "Studio session",
  },
  {
    id: "tofino",
    scene: "sea",
    alt: "Low sun over a calm Pacific horizon, its reflection a gold path across the water",
    caption: "Tofino, Low Tide",
    category: "Seascape",
    location: "Chesterman Beach",
  },
  {
    id: "gastown",
    scene: "city",
    alt: "City blocks at dusk with lit windows under a violet sky",
    caption: "Gastown After Rain",
    category: "Street",
    location: "Vancouver",
  },
  {
    id: "spirit",
    scene: "forest",
    alt: "Rows of dark conifers fading into morning fog",
    caption: "Fog in Pacific Spirit",
    category: "Nature",
    location: "UBC Endowment Lands",
  },
  {
    id: "magnolia",
    scene: "bloom",
    alt: "Close-up of soft pink magnolia petals overlapping",
    caption: "Magnolia, Macro Study",
    category: "Nature",
    location: "VanDusen Garden",
  },
  {
    id: "osoyoos",
    scene: "dunes",
    alt: "Curving sand dunes with long shadows in late afternoon light",
    caption: "Desert Light",
    category: "Landscape",
    location: "Osoyoos, BC",
  },
  {
    id: "jonah",
    scene: "portrait-cool",
    alt: "Abstract portrait: a silhouette in three-quarter view lit by cool blue window light",
    caption: "Jonah for Coast Magazine",
    category: "Editorial",
    location: "Commission",
  },
  {
    id: "concrete",
    scene: "architecture",
    alt: "Geometric concrete facade casting diagonal shadows against a clear sky",
    caption: "Concrete & Sky",
    category: "Architecture",
    location: "False Creek",
  },
] satisfies Photo[];

export const about = {
  eyebrow: "About",
  title: "Patient, quiet and obsessed with light",
  paragraphs: [
    "I grew up on Vancouver Island with a borrowed film camera and a lot of weather. Today I split my time between landscape work in the backcountry and portrait sessions in my Strathcona studio.",
    "Whether it is a brand campaign or a family portrait, I work slowly and keep things relaxed. The best pictures happen when people forget the camera is there.",
  ],
  portrait: {
    id: "elena",
    scene: "portrait-warm",
    alt: "Abstract portrait of the photographer holding a camera, in warm tones",
    caption: "Elena Marsh",
  } satisfies Photo,
  publications: ["Coast Magazine", "Canadian Geographic", "Montecristo", "Western Living"],
  publicationsLabel: "Featured in",
};

/** The photographs below the fold, each served as its own file (photo-file.tsx); the hero is drawn inline. */
export const photos: readonly Photo[] = [...gallery, about.portrait];

/** Where a photograph's file is served (and prerendered to). */
export function photoSrc(id: string) {
  return href("/demo/portfolio/photos/:file", { file: `${id}.svg` });
}

export const stats = [
  { number: "12", label: "Years behind the lens", icon: Camera },
  { number: "480+", label: "Sessions photographed", icon: SunMedium },
  { number: "9", label: "Industry awards", icon: Award },
  { number: "30+", label: "Locations across BC", icon: MapPin },
] satisfies Stat[];

export const servicesIntro = {
  eyebrow: "Services",
  title: "Ways we can work together",
  description:
    "Every booking includes a planning call, professional retouching and a private online gallery.",
};

export const services = [
  {
    icon: Camera,
    title: "Photography",
    description: "Portraits, families, headshots and landscape commissions, on location or in the studio.",
    features: ["1-hour session", "25 retouched images", "Private online gallery", "Print-ready files"],
    price: "From $200",
  },
  {
    icon: Palette,
    title: "Design",
    description: "Photo books, prints and social kits laid out with the same eye that took the pictures.",
    features: ["Layout and retouching", "Colour-managed print files", "Two rounds of changes"],
    price: "From $150",
  },
  {
    icon: Sparkles,
    title: "Creative Direction",
    description: "Concept, mood boards, locations and styling for brand shoots and campaigns.",
    features: ["Concept and mood board", "Location scouting", "Shot list and call sheet", "On-set direction"],
    price: "From $300",
  },
] satisfies ServiceCard[];

export const testimonials = [
  {
    name: "Hannah & Theo Park",
    rating: 5,
    text: "Elena made a restless two-year-old and two camera-shy parents look like a magazine cover. We cried at the gallery.",
    service: "Photography",
  },
  {
    name: "Coast Magazine",
    rating: 5,
    text: "Calm on set, quick in post and a sense of light you cannot teach. Our most-shared cover of the year.",
    service: "Creative Direction",
  },
] satisfies Testimonial[];

export const contactBlock = {
  eyebrow: "Contact",
  title: "Let's make something honest.",
  description:
    "Tell me about your idea, your date and your location. I reply to every message within two working days.",
  primaryCta: "Book a Session",
  secondaryCta: "Call Now",
  labels: { phone: "Phone", email: "Email", address: "Studio", hours: "Studio hours" },
};
