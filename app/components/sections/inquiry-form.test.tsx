import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { privacyNotice } from "~/content/privacy-notice";
import { siteConfig } from "~/content/site";
import type { InquiryActionData } from "~/schemas/inquiry";

import { InquiryForm } from "./inquiry-form";

const SPEC_ERROR = `There was an error sending your message. Please try again or email us directly at ${siteConfig.email}`;

/** The form as its island renders it: on its own, with the route action's answer as a prop. */
function renderForm(answer?: InquiryActionData) {
  return render(<InquiryForm answer={answer} />);
}

const field = (name: RegExp) => screen.getByLabelText(name);

/** Types by pasting: character-by-character typing is slow in jsdom and tests nothing more here. */
async function enter(user: ReturnType<typeof userEvent.setup>, label: RegExp, text: string) {
  await user.click(field(label));
  await user.paste(text);
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await enter(user, /first name/i, "Ada");
  await enter(user, /last name/i, "Lovelace");
  await enter(user, /^email/i, "ada@example.com");
  await user.selectOptions(field(/project type/i), "pro");
  await enter(user, /project details/i, "A five-page site.");
}

describe("InquiryForm", { timeout: 20_000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    consoleError.mockRestore();
  });

  it("marks the required fields, project type included, and posts to the contact page without JavaScript", async () => {
    const { container } = renderForm();
    await screen.findByRole("heading", { name: "Request a Free Quote" });
    for (const label of [/first name/i, /last name/i, /^email/i, /project type/i, /project details/i]) {
      expect(field(label)).toBeRequired();
      expect((field(label) as HTMLInputElement).labels![0]).toHaveTextContent("(required)");
    }
    for (const label of [/phone/i, /company/i, /budget/i, /timeline/i])
      expect(field(label)).not.toBeRequired();
    expect(field(/^email/i)).toHaveAttribute("type", "email");
    const form = container.querySelector("form")!;
    expect(form).toHaveAttribute("method", "post");
    // Only a fragment: the post goes to the page's own URL, its ?ref=... included (docs/product.md#lead-sources).
    expect(form.getAttribute("action")).toBe("#inquiry-status");
    expect(form.noValidate).toBe(true);
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(
      expect.arrayContaining(["Basic Website ($220+)", "Pro Website ($340+)", "$2,500+", "Flexible"]),
    );
  });

  it.each([
    ["nothing filled in", async () => {}],
    [
      "only whitespace in the names and message",
      async (user: ReturnType<typeof userEvent.setup>) => {
        await user.type(field(/first name/i), "   ");
        await user.type(field(/last name/i), "  ");
        await user.type(field(/^email/i), "ada@example.com");
        await user.type(field(/project details/i), "   ");
      },
    ],
  ])("with %s: shows the required-fields message, focuses it and sends nothing", async (_, fill) => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole("heading", { name: "Request a Free Quote" });
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(/^Please fill in all required fields\.$/);
    expect(alert).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("does not check project type before sending (docs/product.md#inquiry-form): the server answers for it", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(await screen.findByLabelText(/first name/i), "Ada");
    await user.type(field(/last name/i), "Lovelace");
    await user.type(field(/^email/i), "ada@example.com");
    await user.type(field(/project details/i), "Hello");
    fetchMock.mockResolvedValue(
      Response.json(
        {
          success: false,
          error: "Please correct the highlighted fields.",
          fieldErrors: { projectType: "Please choose a project type." },
        },
        { status: 400 },
      ),
    );
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(SPEC_ERROR));
    const select = field(/project type/i);
    expect(select).toHaveAttribute("aria-invalid", "true");
    expect(document.getElementById(select.getAttribute("aria-describedby")!)).toHaveTextContent(
      "Please choose a project type.",
    );
    expect(field(/first name/i)).toHaveValue("Ada");
    expect(consoleError).toHaveBeenCalled();
  });

  it("sends JSON, shows 'Sending...' while pending, then the success message and an empty form", async () => {
    const user = userEvent.setup();
    window.history.replaceState(
      null,
      "",
      "/contact?ref=demo-bakery&utm_campaign=spring&email=ada%40example.com",
    );
    renderForm();
    await screen.findByRole("heading", { name: "Request a Free Quote" });
    await fillRequired(user);
    let answer!: (r: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    const button = screen.getByRole("button", { name: "Sending..." });
    expect(button).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    // The page and its ref/UTM parameters (and no other query parameter) travel in the query.
    expect(url).toBe("/api/inquiries?page=%2Fcontact&ref=demo-bakery&utm_campaign=spring");
    expect(init.method).toBe("POST");
    expect(new Headers(init.headers).get("content-type")).toBe("application/json");
    expect(JSON.parse(init.body as string)).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      phone: "",
      company: "",
      projectType: "pro",
      budget: "",
      timeline: "",
      message: "A five-page site.",
      botcheck: "",
      elapsedMs: expect.any(Number),
      privacyNotice: privacyNotice.version,
    });

    answer(Response.json({ success: true, id: "abc" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(/message has been sent/));
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(/quote within 24 hours/);
    expect(alert).toHaveTextContent(/visit our Payment page to complete your payment\./);
    expect(screen.getByRole("link", { name: "Payment page" })).toHaveAttribute("href", "/payment");
    expect(alert).toHaveFocus();
    for (const label of [/first name/i, /last name/i, /^email/i, /project details/i])
      expect(field(label)).toHaveValue("");
    expect(field(/project type/i)).toHaveValue("");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  it.each([
    ["success false", () => Promise.resolve(Response.json({ success: false, error: "nope" }))],
    ["an HTTP error", () => Promise.resolve(new Response("oops", { status: 500 }))],
    ["a network error", () => Promise.reject(new TypeError("Failed to fetch"))],
  ])("on %s shows the spec's error, keeps the data and logs the error", async (_, reply) => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole("heading", { name: "Request a Free Quote" });
    await fillRequired(user);
    fetchMock.mockImplementation(reply);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(SPEC_ERROR));
    expect(screen.getByRole("alert")).toHaveFocus();
    expect(field(/first name/i)).toHaveValue("Ada");
    expect(field(/project details/i)).toHaveValue("A five-page site.");
    expect(field(/project type/i)).toHaveValue("pro");
    expect(consoleError).toHaveBeenCalled();
  });

  it("shows a no-JavaScript post's result: errors with the entered values kept", async () => {
    renderForm({
      status: "error",
      values: {
        firstName: "Ada",
        lastName: "",
        email: "ada@example.com",
        phone: "",
        company: "",
        projectType: "seo",
        budget: "",
        timeline: "",
        message: "Hi",
      },
      fieldErrors: {},
      missingRequired: true,
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Please fill in all required fields.");
    expect(field(/first name/i)).toHaveValue("Ada");
    expect(field(/project type/i)).toHaveValue("seo");
  });

  it("shows a no-JavaScript post's success with an empty form", async () => {
    renderForm({ status: "success" });
    expect(await screen.findByRole("alert")).toHaveTextContent(/message has been sent/);
    expect(field(/first name/i)).toHaveValue("");
  });
});
