/** Header and footer links of the studio pages (docs/product.md#navigation). */
export type NavLink = { label: string; to: string };

export const mainNav: NavLink[] = [
  { label: "Home", to: "/" },
  { label: "Portfolio", to: "/portfolio" },
  { label: "Pricing", to: "/pricing" },
  { label: "Our Story", to: "/story" },
  { label: "About Us", to: "/about" },
  { label: "Extras", to: "/extras" },
  { label: "Contact", to: "/contact" },
  { label: "Payment", to: "/payment" },
];

export const quoteCta: NavLink = { label: "Get Quote", to: "/contact" };

/** Footer groups point at the home page's anchor sections. */
export const footerGroups: { title: string; links: NavLink[] }[] = [
  {
    title: "Quick Links",
    links: [
      { label: "Home", to: "/#home" },
      { label: "Portfolio", to: "/#portfolio" },
      { label: "Our Story", to: "/#story" },
      { label: "About Us", to: "/#about" },
    ],
  },
  {
    title: "Services",
    links: [
      { label: "Pricing & Packages", to: "/#pricing" },
      { label: "Extra Services", to: "/#extras" },
    ],
  },
  {
    title: "Support",
    links: [
      { label: "Maintenance & Legal", to: "/#extras" },
      { label: "Contact Us", to: "/#contact" },
    ],
  },
];

export const footerCta: NavLink = { label: "Get Free Quote", to: "/contact" };
