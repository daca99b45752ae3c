import { siteConfig } from "~/content/site";
import { absoluteUrl, LOGO_PATH } from "~/lib/seo";

/**
 * schema.org ProfessionalService for the company, built only from the site
 * config. Rendered on home and contact; never for the fictional demo businesses.
 */
export function siteStructuredData() {
  const { address } = siteConfig;
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    "@id": `${absoluteUrl("/")}#studio`,
    name: siteConfig.name,
    description: siteConfig.description,
    url: absoluteUrl("/"),
    logo: absoluteUrl(LOGO_PATH),
    image: absoluteUrl("/og/home.png"),
    email: siteConfig.email,
    telephone: siteConfig.phone.href.replace(/^tel:/, ""),
    address: {
      "@type": "PostalAddress",
      streetAddress: address.street,
      addressLocality: address.city,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
    areaServed: siteConfig.areaServed.map((name) => ({ "@type": "Place", name })),
    foundingDate: String(siteConfig.foundedYear),
    openingHoursSpecification: siteConfig.hours
      .filter((h) => h.opens && h.closes)
      .map((h) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: h.dayOfWeek,
        opens: h.opens,
        closes: h.closes,
      })),
    sameAs: siteConfig.social.map((s) => s.href),
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the script element. */
export function jsonLdText(data: unknown) {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
