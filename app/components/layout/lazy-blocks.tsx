import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";
import { renderAllOnRestore } from "~/lib/lazy-blocks";
import { useNonce } from "~/lib/nonce";

const source = `(${renderAllOnRestore.toString()})(document);`;

/** First in <head>: see lib/lazy-blocks.ts. Allowed by hash or nonce like the page enhancements. */
export function LazyBlocksScript() {
  const nonce = useNonce();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: source }} />;
}

/**
 * On a hydrated document, the first client navigation renders every block from then on:
 * React Router restores a scroll position from script after Back, and it must land on
 * real heights. Rendered before <ScrollRestoration>, so this layout effect runs first.
 */
export function FullRenderAfterNavigation() {
  const { key } = useLocation();
  const first = useRef(key);
  useLayoutEffect(() => {
    if (key !== first.current) document.documentElement.removeAttribute("data-lazy-blocks");
  }, [key]);
  return null;
}
