/**
 * Events that show a visitor is about to use a form: a pointer over it or pressed on it,
 * a touch, focus moving into it, or typing in it (focus may have arrived before the
 * listener did). They reach a container from its descendants. The form pages and the
 * islands load their JavaScript on the first of them, not after load
 * (docs/decisions/0009-form-islands.md "On intent", 0011).
 */
export const INTENT_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown", "input"] as const;

/** The attribute that marks what a router-hydrated page waits for intent on (scripts/html/defer-hydration.ts). */
export const HYDRATE_ON_INTENT_ATTR = "data-hydrate-on-intent";

/** Spread onto the element a router-hydrated page should wait for intent on. */
export const hydrateOnIntent = { [HYDRATE_ON_INTENT_ATTR]: "" } as const;
