import { afterEach, describe, expect, it, vi } from "vitest";

import { ISLAND_HYDRATED_EVENT } from "./events";
import { islandLoaderSource } from "./loader";

/** An island with a form, and the loader run against it; `load` is what importing the entry does. */
function mount(load: () => Promise<unknown>) {
  document.body.innerHTML = `
    <div data-island="demo"><form method="post" action="/demo"><input name="q" required><button type="submit">Send</button></form></div>`;
  const island = document.querySelector<HTMLElement>('[data-island="demo"]')!;
  const form = island.querySelector("form")!;
  const button = form.querySelector("button")!;
  new Function("__load", islandLoaderSource('[data-island="demo"]', "__load()"))(load);
  return { island, form, button };
}

describe("islandLoaderSource", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("holds a submit made before hydration, starts the entry, and replays it with its submitter once React is in charge", async () => {
    const load = vi.fn(() => new Promise(() => {}));
    const { island, form, button } = mount(load);
    expect(form.noValidate).toBe(true);
    // What React's handler sees: only submits the loader let through.
    const seen: (HTMLElement | null)[] = [];
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      seen.push(e.submitter);
    });

    const early = new SubmitEvent("submit", { bubbles: true, cancelable: true, submitter: button });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(seen).toEqual([]);
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);

    island.dispatchEvent(new Event(ISLAND_HYDRATED_EVENT));
    expect(seen).toEqual([button]);
    // Hydrated: later submits go straight to the form's own handler, and nothing is replayed twice.
    island.dispatchEvent(new Event(ISLAND_HYDRATED_EVENT));
    form.requestSubmit(button);
    expect(seen).toEqual([button, button]);
  });

  it("lets a held submit go to the route action when the entry fails to load", async () => {
    const { form, button } = mount(() => Promise.reject(new Error("offline")));
    const submitted = vi.fn();
    form.addEventListener("submit", (e) => {
      submitted(e.submitter);
      e.preventDefault(); // jsdom cannot navigate; a browser would post the form here.
    });
    form.dispatchEvent(new SubmitEvent("submit", { bubbles: true, cancelable: true, submitter: button }));
    expect(submitted).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(submitted).toHaveBeenCalledWith(button), { timeout: 30_000 });
  });

  it("starts the entry on the first intent, without a submit", async () => {
    const load = vi.fn(() => new Promise(() => {}));
    const { form } = mount(load);
    form.querySelector("input")!.dispatchEvent(new Event("pointerover", { bubbles: true }));
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
