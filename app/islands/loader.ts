import { onFirstIntentSource } from "~/lib/intent";

import { ISLAND_HYDRATED_EVENT } from "./events";

/**
 * Inline-script source of an island's loader. It imports the island's entry (`load`, a
 * statement) on the visitor's first intent toward the container found by `selector`.
 *
 * Until React has hydrated the island, a submit inside it is held: the browser's own post
 * would skip the form's checks and answers (a blank inquiry sent, a payment page opened
 * in the same tab), though JavaScript runs. The loader prevents it, remembers the submit
 * button, makes sure the entry is loading, and replays the submit with
 * `form.requestSubmit(submitter)` once React dispatches ISLAND_HYDRATED_EVENT, so the
 * visitor gets what a hydrated form does. If the entry fails to load, the held submit
 * goes to the route action as without JavaScript. No script at all: a plain post.
 */
export function islandLoaderSource(selector: string, load: string): string {
  return [
    "{",
    `  const island = document.querySelector(${JSON.stringify(selector)});`,
    "  let started = false;",
    "  let held = null;",
    "  const release = () => {",
    "    island.removeEventListener('submit', hold, true);",
    "    if (!held) return;",
    "    const { form, submitter } = held;",
    "    held = null;",
    "    const target = form.isConnected ? form : island.querySelector('form');",
    "    target?.requestSubmit(submitter?.isConnected && submitter.form === target ? submitter : null);",
    "  };",
    "  const begin = () => {",
    "    if (started) return;",
    "    started = true;",
    `    Promise.resolve().then(() => ${load}).catch(release);`,
    "  };",
    "  const hold = (event) => {",
    "    event.preventDefault();",
    "    event.stopImmediatePropagation();",
    "    held = { form: event.target, submitter: event.submitter };",
    "    begin();",
    "  };",
    // With JavaScript the form's own checks answer, not the browser's bubbles (which would
    // stop the submit before it could be held); without, the `required` attributes apply.
    "  for (const form of island.querySelectorAll('form')) form.noValidate = true;",
    "  island.addEventListener('submit', hold, true);",
    `  island.addEventListener(${JSON.stringify(ISLAND_HYDRATED_EVENT)}, release, { once: true });`,
    onFirstIntentSource("[island]", "begin()"),
    "}",
  ].join("\n");
}
