import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { pageEnhancements } from "~/lib/page-enhancements";

import { PaymentForm } from "./payment-form";

/**
 * Browser behaviour the end-to-end suite cannot force: a popup blocker, and
 * the tab handed to the checkout. fetch and window.open are the browser's
 * edges here; the real server path is covered in tests/e2e/payment.spec.ts.
 */
type FakeTab = {
  closed: boolean;
  opener: unknown;
  location: { href: string };
  document: Document;
  close: () => void;
};

function fakeTab(): FakeTab {
  const doc = document.implementation.createHTMLDocument("");
  const tab: FakeTab = {
    closed: false,
    opener: window,
    location: { href: "about:blank" },
    document: doc,
    close: () => (tab.closed = true),
  };
  return tab;
}

function respondWith(status: number, body: unknown) {
  let resolve!: (r: Response) => void;
  const pending = new Promise<Response>((r) => (resolve = r));
  const fetchMock = vi.fn(() => pending);
  vi.stubGlobal("fetch", fetchMock);
  return {
    fetchMock,
    send: () =>
      resolve(
        new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
      ),
  };
}

// The notices are drawn by the inline page enhancements into the page's notice region. They are
// installed for this file and removed after it: the app's test files share a worker's document
// (vitest.config.ts), and the next file's page must not have a second set of listeners.
const installed: [
  EventTarget,
  string,
  EventListenerOrEventListenerObject,
  AddEventListenerOptions | boolean | undefined,
][] = [];
beforeAll(() => {
  delete (window as Window & { __pageEnhanced?: boolean }).__pageEnhanced;
  const spies = [document, window].map((target: EventTarget) => {
    const add = target.addEventListener.bind(target);
    return vi
      .spyOn(target, "addEventListener")
      .mockImplementation(
        (
          type: string,
          fn: EventListenerOrEventListenerObject | null,
          options?: AddEventListenerOptions | boolean,
        ) => {
          if (fn) installed.push([target, type, fn, options]);
          add(type, fn, options);
        },
      );
  });
  try {
    pageEnhancements(document);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
});
afterAll(() => {
  for (const [target, type, fn, options] of installed.splice(0))
    target.removeEventListener(type, fn, options);
  delete (window as Window & { __pageEnhanced?: boolean }).__pageEnhanced;
});

function setup() {
  render(
    <>
      <PaymentForm />
      <div data-notice-region="" role="status" />
    </>,
  );
  return userEvent.setup();
}

// user-event typing is slow on a shared 2-core machine.
describe("PaymentForm", { timeout: 20_000 }, () => {
  beforeEach(() => {
    window.history.replaceState(null, "", "/payment");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("opens the tab synchronously, shows Processing..., then sends the tab to checkout with no opener", async () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    const { fetchMock, send } = respondWith(200, { url: "/checkout/sandbox/sbx_abcdefghijklmnopqrstuv" });
    const user = setup();
    await user.click(screen.getByRole("radio", { name: /Pro Website/ }));
    await user.type(screen.getByLabelText(/Quoted amount/), "450.50");
    await user.click(screen.getByRole("button", { name: "Proceed to Payment" }));

    expect(open).toHaveBeenCalledWith("", "_blank");
    expect(tab.document.body.textContent).toBe("Preparing your secure checkout…");
    const busy = screen.getByRole("button", { name: "Processing..." });
    expect(busy).toBeDisabled();
    expect(
      JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string),
    ).toEqual({ amount: 450.5, packageType: "pro" });

    send();
    await waitFor(() =>
      expect(tab.location.href).toBe(`${window.location.origin}/checkout/sandbox/sbx_abcdefghijklmnopqrstuv`),
    );
    expect(tab.opener).toBeNull();
    expect(await screen.findByRole("button", { name: "Proceed to Payment" })).toBeEnabled();
  });

  it("says so and offers the link in this tab when the popup is blocked", async () => {
    vi.spyOn(window, "open").mockReturnValue(null);
    const { send } = respondWith(200, { url: "https://checkout.stripe.com/c/pay/cs_test_1" });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = setup();
      await user.type(screen.getByLabelText(/Quoted amount/), "220");
      await user.click(screen.getByRole("button", { name: "Proceed to Payment" }));
      send();
      expect(await screen.findByText(/Your browser blocked the new tab/)).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Continue to checkout" })).toHaveAttribute(
        "href",
        "https://checkout.stripe.com/c/pay/cs_test_1",
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a non-http checkout URL from the server and closes the placeholder tab", async () => {
    const tab = fakeTab();
    vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    const { send } = respondWith(200, { url: "javascript:alert(1)" });
    const user = setup();
    await user.type(screen.getByLabelText(/Quoted amount/), "10");
    await user.click(screen.getByRole("button", { name: "Proceed to Payment" }));
    send();
    expect(await screen.findByText("Payment Error")).toBeInTheDocument();
    expect(screen.getByText("Failed to create payment session")).toBeInTheDocument();
    expect(tab.closed).toBe(true);
    expect(tab.location.href).toBe("about:blank");
  });

  it("names the exact rule for amounts the spec's message does not cover", async () => {
    const open = vi.spyOn(window, "open");
    const { fetchMock } = respondWith(200, {});
    const user = setup();
    await user.type(screen.getByLabelText(/Quoted amount/), "1.005");
    await user.click(screen.getByRole("button", { name: "Proceed to Payment" }));
    expect(await screen.findByText("Invalid Amount")).toBeInTheDocument();
    expect(screen.getByText("The amount can have at most two decimal places (cents).")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });
});
