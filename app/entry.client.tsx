import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

import { warmClassMerge } from "~/lib/cn";
import { whenIdle } from "~/lib/idle";

/**
 * React Router's default client entry, with hydration split into separate tasks.
 * Only the form pages hydrate (lib/hydration.ts), when the visitor reaches for the form; a phone
 * runs each task 4× longer than this machine, so no task may do two big jobs: this
 * module's evaluation (React DOM), tailwind-merge's set-up, then React's hydration,
 * which yields between components as a transition.
 */
whenIdle(() => {
  warmClassMerge();
  whenIdle(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  });
});
