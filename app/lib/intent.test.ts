import { describe, expect, it } from "vitest";

import { INTENT_EVENTS, onFirstIntentSource } from "./intent";

/** A stand-in element that records its listeners and says whether focus is inside it. */
function element(focusInside = false) {
  const listeners = new Map<string, () => void>();
  return {
    listeners,
    contains: () => focusInside,
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
  };
}

/** Runs the generated source with `targets` in scope; returns how often the action ran. */
function run(targets: ReturnType<typeof element>[]) {
  let runs = 0;
  const source = onFirstIntentSource("given", "act()");
  new Function("given", "document", "act", source)(targets, { activeElement: {} }, () => runs++);
  return () => runs;
}

describe("onFirstIntentSource", () => {
  it("waits for the first intent event on any target, runs the action once and stops listening everywhere", () => {
    const a = element();
    const b = element();
    const runs = run([a, b]);
    expect(runs()).toBe(0);
    expect([...a.listeners.keys()]).toEqual([...INTENT_EVENTS]);
    expect([...b.listeners.keys()]).toEqual([...INTENT_EVENTS]);

    b.listeners.get("pointerover")!();
    expect(runs()).toBe(1);
    expect(a.listeners.size + b.listeners.size).toBe(0);
  });

  it("runs at once, without listening, when focus is already inside a target", () => {
    const a = element(true);
    const runs = run([element(), a]);
    expect(runs()).toBe(1);
    expect(a.listeners.size).toBe(0);
  });
});
