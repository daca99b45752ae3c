import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";

import { formatCad } from "~/lib/money";
import { computeTotals, createQuoteSchema, type CreateQuoteInput } from "~/shared/quote-model";

import { LeadQuotes } from "./lead-quotes";

/**
 * The "New quote" form's live total: as the studio types and ticks, it shows
 * what the server will store, so each case compares the figures shown with
 * the server's computeTotals of the same quote.
 */
const page = () => (
  <RouterProvider
    router={createMemoryRouter([
      {
        path: "/",
        element: (
          <LeadQuotes
            quotes={[]}
            busy={false}
            error={() => null}
            formKey="form-key-0123456789"
            taxRegistered
            leadId="lead-1"
          />
        ),
      },
    ])}
  />
);

function setup() {
  render(page());
  return userEvent.setup();
}

const cad = (cents: number) => formatCad(cents, { withCode: true });

/** The figures the server computes for this quote, as [label, amount] rows in the order the form shows them. */
function serverRows(input: Omit<CreateQuoteInput, "inquiryId" | "packageType">) {
  const t = computeTotals(createQuoteSchema.parse({ inquiryId: "lead-1", packageType: "pro", ...input }));
  const rows = [
    ["Subtotal", cad(t.subtotalCents)],
    ...t.taxes.map((x) => [x.label, cad(x.cents)]),
    ["Total", cad(t.totalCents)],
  ];
  if (t.depositCents !== null)
    rows.push(["Deposit", cad(t.depositCents)], ["Balance", cad(t.totalCents - t.depositCents)]);
  return rows;
}

function shownRows() {
  const region = screen.getByTestId("quote-live-total");
  const terms = within(region)
    .queryAllByRole("term")
    .map((e) => e.textContent);
  const values = within(region)
    .queryAllByRole("definition")
    .map((e) => e.textContent);
  return terms.map((term, i) => [term, values[i]]);
}

// user-event typing is slow on a shared 2-core machine.
describe("the New quote form's live total", { timeout: 20_000 }, () => {
  it("shows subtotal, GST, PST, total, deposit and balance as the server computes them", async () => {
    const user = setup();
    const region = screen.getByTestId("quote-live-total");
    expect(region).toHaveAttribute("aria-live", "polite");
    expect(region).toHaveTextContent("Enter the package amount to see the total.");

    await user.type(screen.getByLabelText("Package amount (CAD)"), "1,234.56");
    await user.click(screen.getByRole("checkbox", { name: "GST on the package" }));
    await user.click(screen.getByRole("checkbox", { name: "PST on the package" }));
    expect(shownRows()).toEqual(
      serverRows({ amountCents: 123_456, packageTaxes: ["GST", "PST"], depositPercent: 50 }),
    );
    // The same figures written out: GST 61.73 and PST 86.42 on 1,234.56; half of 1,382.71 is 691.355, rounded up for the deposit.
    expect(shownRows()).toEqual([
      ["Subtotal", "$1,234.56 CAD"],
      ["GST 5%", "$61.73 CAD"],
      ["PST 7% (BC)", "$86.42 CAD"],
      ["Total", "$1,382.71 CAD"],
      ["Deposit", "$691.36 CAD"],
      ["Balance", "$691.35 CAD"],
    ]);
  });

  it("follows extra lines with their own taxes and another deposit", async () => {
    const user = setup();
    await user.type(screen.getByLabelText("Package amount (CAD)"), "999.99");
    await user.click(screen.getByRole("checkbox", { name: "GST on the package" }));
    await user.type(screen.getByLabelText("Line 1 description"), "Extra pages");
    await user.type(screen.getByLabelText("Line 1 amount (CAD)"), "150.25");
    await user.click(screen.getByRole("checkbox", { name: "GST on line 1" }));
    await user.click(screen.getByRole("checkbox", { name: "PST on line 1" }));
    await user.type(screen.getByLabelText("Line 2 description"), "Hosting setup");
    await user.type(screen.getByLabelText("Line 2 amount (CAD)"), "80");
    const deposit = screen.getByLabelText("Deposit (% of total, empty for none)");
    await user.clear(deposit);
    await user.type(deposit, "33");
    expect(shownRows()).toEqual(
      serverRows({
        amountCents: 99_999,
        packageTaxes: ["GST"],
        lines: [
          { label: "Extra pages", amountCents: 15_025, taxes: ["GST", "PST"] },
          { label: "Hosting setup", amountCents: 8_000, taxes: [] },
        ],
        depositPercent: 33,
      }),
    );
  });

  it("ticks HST for a client in Ontario when the province is chosen, and GST and PST cannot be ticked there (issue 37)", async () => {
    const user = setup();
    await user.type(screen.getByLabelText("Package amount (CAD)"), "2000");
    await user.type(screen.getByLabelText("Line 1 description"), "Extra pages");
    await user.type(screen.getByLabelText("Line 1 amount (CAD)"), "100");
    await user.click(screen.getByRole("checkbox", { name: "GST on line 1" }));
    await user.type(screen.getByLabelText("Line 2 description"), "Domain (not taxed)");
    await user.type(screen.getByLabelText("Line 2 amount (CAD)"), "20");
    // The owner picks a province by its name; the form posts its code.
    await user.selectOptions(screen.getByLabelText("Client's province or territory"), "Ontario");
    expect(screen.getByLabelText<HTMLSelectElement>("Client's province or territory").value).toBe("ON");
    const box = (name: string) => screen.getByRole<HTMLInputElement>("checkbox", { name });
    expect(box("HST on the package").checked).toBe(true);
    expect(box("HST on line 1").checked).toBe(true);
    expect(box("GST on line 1").checked).toBe(false);
    expect(box("HST on line 2").checked).toBe(false);
    for (const name of ["GST on the package", "PST on the package"]) {
      expect(box(name).checked).toBe(false);
      expect(box(name)).toBeDisabled();
    }
    await user.clear(screen.getByLabelText("Deposit (% of total, empty for none)"));
    expect(shownRows()).toEqual(
      serverRows({
        amountCents: 200_000,
        packageTaxes: ["HST"],
        lines: [
          { label: "Extra pages", amountCents: 10_000, taxes: ["HST"] },
          { label: "Domain (not taxed)", amountCents: 2_000, taxes: [] },
        ],
        province: "ON",
      }),
    );
    expect(shownRows().map(([term]) => term)).toEqual(["Subtotal", "HST 13% (ON)", "Total"]);

    // Back to BC: GST and PST on the package and on the taxed line, nothing on the untaxed one.
    await user.selectOptions(screen.getByLabelText("Client's province or territory"), "BC");
    expect(["GST", "PST", "HST"].map((c) => box(`${c} on the package`).checked)).toEqual([true, true, false]);
    expect(["GST", "PST", "HST"].map((c) => box(`${c} on line 1`).checked)).toEqual([true, true, false]);
    expect(box("GST on line 2").checked).toBe(false);
    expect(screen.getByTestId("quote-live-total")).not.toHaveTextContent(/packageTaxes|lines\./);
  });

  it("totals what was typed before the scripts arrived as soon as they do", () => {
    // The page as the server sent it, typed into before React took it over.
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(page());
    (container.querySelector("input[name=amount]") as HTMLInputElement).value = "1234.56";
    (container.querySelector("input[name=packageTaxGST]") as HTMLInputElement).checked = true;
    render(page(), { container, hydrate: true });
    expect(shownRows()).toEqual(
      serverRows({ amountCents: 123_456, packageTaxes: ["GST"], depositPercent: 50 }),
    );
  });
});
