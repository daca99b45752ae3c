import { startTransition, StrictMode, useEffect, type ComponentType, type ReactNode } from "react";

import { warmClassMerge } from "~/lib/cn";
import { whenIdle } from "~/lib/idle";

import { ISLAND_HYDRATED_EVENT } from "./events";

/** Tells the island's loader that React is in charge; effects run child-first, so the form's are done. */
function Hydrated({ container, children }: { container: Element; children: ReactNode }) {
  useEffect(() => {
    container.dispatchEvent(new Event(ISLAND_HYDRATED_EVENT));
  }, [container]);
  return children;
}

/**
 * Called by an island's client entry (`*.island.tsx`): hydrates the server-rendered
 * markup of <Island name> with the same component and the props it was rendered with.
 * Each big job gets a task of its own: the entry's evaluation (the component, its
 * schema), React DOM's evaluation (imported here, so it is not part of the first), then
 * tailwind-merge's set-up, then hydration as a transition. A phone runs each task 4×
 * longer than a desktop, and Lighthouse counts every task over 50 ms against the page.
 */
export function hydrateIsland<P extends object>(name: string, Component: ComponentType<P>) {
  const container = document.querySelector<HTMLElement>(`[data-island="${name}"]`);
  if (!container) throw new Error(`No <Island name="${name}"> on this page`);
  const props = JSON.parse(container.dataset.islandProps ?? "{}") as P;
  whenIdle(() => {
    void import("react-dom/client").then(({ hydrateRoot }) => {
      whenIdle(() => {
        warmClassMerge();
        whenIdle(() => {
          startTransition(() => {
            hydrateRoot(
              container,
              <StrictMode>
                <Hydrated container={container}>
                  <Component {...props} />
                </Hydrated>
              </StrictMode>,
            );
          });
        });
      });
    });
  });
}
