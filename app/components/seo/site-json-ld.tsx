import { jsonLdText, siteStructuredData } from "~/lib/structured-data";

/**
 * The company's ProfessionalService JSON-LD. Render it on home and contact only.
 * A data block is never executed, so the CSP needs nothing for it.
 */
export function SiteJsonLd() {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: jsonLdText(siteStructuredData()) }}
    />
  );
}
