import { useNonce } from "~/lib/nonce";
import { pageEnhancements } from "~/lib/page-enhancements";

// Serialised once per server process; the function is self-contained by contract.
const source = `(${pageEnhancements.toString()})(document);`;

/**
 * Inlines the page enhancements at the end of <body>: no request, nothing to
 * block rendering, and the CSP allows it by hash (prerendered) or nonce (runtime).
 */
export function PageEnhancementsScript() {
  const nonce = useNonce();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: source }} />;
}
