import { InlineScript, inlineSource } from "~/components/layout/inline-script";
import { pageEnhancements } from "~/lib/page-enhancements";

// Serialised once per server process; the function is self-contained by contract.
const source = inlineSource(pageEnhancements);

/** Inlines the page enhancements at the end of <body>: nothing to fetch, nothing to block rendering. */
export function PageEnhancementsScript() {
  return <InlineScript source={source} />;
}
