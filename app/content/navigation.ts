import { href } from "~/lib/href";

/** Header and footer links of the site pages (docs/product.md#navigation). */
export type NavLink = { label: string; to: string };

export const mainNav: NavLink[] = [
  { label: "Home", to: href("/") },
  { label: "Portfolio", to: href("/portfolio") },
  { label: "Pricing", to: href("/pricing") },
  { label: "Our Story", to: href("/story") },
  { label: "About Us", to: href("/about") },
  { label: "Extras", to: href("/extras") },
  { label: "Contact", to: href("/contact") },
  { label: "Payment", to: href("/payment") },
];

export const quoteCta: NavLink = { label: "Get Quote", to: href("/contact") };
/** Beside the quote button: a visitor who would rather talk books a call (docs/product.md#booking). */
export const bookCallCta: NavLink = { label: "Book a Call", to: href("/book") };

/** Footer groups point at the home page's anchor sections. */
export const footerGroups: { title: string; links: NavLink[] }[] = [
  {
    title: "Quick Links",
    links: [
      { label: "Home", to: `${href("/")}#home` },
      { label: "Portfolio", to: `${href("/")}#portfolio` },
      { label: "Our Story", to: `${href("/")}#story` },
      { label: "About Us", to: `${href("/")}#about` },
    ],
  },
  {
    title: "Services",
    links: [
      { label: "Pricing & Packages", to: `${href("/")}#pricing` },
      { label: "Extra Services", to: `${href("/")}#extras` },
    ],
  },
  {
    title: "Support",
    links: [
      { label: "Maintenance & Legal", to: `${href("/")}#extras` },
      { label: "Contact Us", to: `${href("/")}#contact` },
    ],
  },
];

export const footerCta: NavLink = { label: "Get Free Quote", to: href("/contact") };
