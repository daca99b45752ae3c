/**
 * Events that show a visitor is about to use a form: a pointer over it or pressed on it,
 * a touch, focus moving into it, or typing in it (focus may have arrived before the
 * listener did). They reach a container from its descendants. The form islands load
 * their JavaScript on the first of them, not after load (docs/decisions/0012).
 */
export const INTENT_EVENTS = [
  "pointerover",
  "pointerdown",
  "touchstart",
  "focusin",
  "keydown",
  "input",
] as const;

/**
 * Inline-script source that runs `action` (a statement) once: on the first intent event
 * on any of `targets` (an expression for an array of elements), or at once when focus is
 * already inside one of them (a visitor who tabbed in before the script ran). Used by the
 * island loader (islands/loader.ts).
 */
export function onFirstIntentSource(targets: string, action: string): string {
  return [
    "{",
    `  const targets = ${targets};`,
    `  const intents = ${JSON.stringify(INTENT_EVENTS)};`,
    "  const start = () => {",
    "    for (const t of targets) for (const type of intents) t.removeEventListener(type, start, true);",
    `    ${action};`,
    "  };",
    "  if (targets.some((t) => t.contains(document.activeElement))) start();",
    "  else for (const t of targets) for (const type of intents) t.addEventListener(type, start, { capture: true, passive: true });",
    "}",
  ].join("\n");
}
