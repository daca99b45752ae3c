import { type ReactNode, StrictMode, startTransition } from "react";
import { warmClassMerge } from "~/lib/cn";
import { whenIdle } from "~/lib/idle";

/**
 * Called by an island's client entry (`*.island.tsx`): hydrates the server-rendered
 * markup of <Island name> with the same component. Each big job gets a task of its
 * own, as in entry.client.tsx: the entry's evaluation (the component, its schema),
 * React DOM's evaluation (imported here, so it is not part of the first), then
 * tailwind-merge's set-up, then hydration as a transition. A phone runs each task 4×
 * longer than a desktop, and Lighthouse counts every task over 50 ms against the page.
 */
export function hydrateIsland(name: string, node: ReactNode) {
  const container = document.querySelector(`[data-island="${name}"]`);
  if (!container) throw new Error(`No <Island name="${name}"> on this page`);
  whenIdle(() => {
    void import("react-dom/client").then(({ hydrateRoot }) => {
      whenIdle(() => {
        warmClassMerge();
        whenIdle(() => {
          startTransition(() => {
            hydrateRoot(container, <StrictMode>{node}</StrictMode>);
          });
        });
      });
    });
  });
}
