import { jsonLdText, studioStructuredData } from "~/lib/structured-data";

/**
 * The studio's ProfessionalService JSON-LD. Render it on home and contact only.
 * A data block is never executed, so the CSP needs nothing for it.
 */
export function StudioJsonLd() {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(studioStructuredData()) }} />;
}
