import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";

import { InlineScript, inlineSource } from "~/components/layout/inline-script";
import { renderAllOnRestore } from "~/lib/lazy-blocks";

const source = inlineSource(renderAllOnRestore);

/** In <head>, before the body is parsed: see lib/lazy-blocks.ts. */
export function LazyBlocksScript() {
  return <InlineScript source={source} />;
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
