import { describe, expect, it } from "vitest";

import { paymentPackages, startingPrices } from "~/content/payment";

import { amountMessages, createPaymentSchema, paymentFieldErrors } from "./payment";

function errorFor(amount: unknown) {
  const r = createPaymentSchema.safeParse({ amount, packageType: "basic" });
  return r.success ? undefined : paymentFieldErrors(r.error).amount;
}

describe("createPaymentSchema", () => {
  it.each<[unknown, string]>([
    ["", amountMessages.empty],
    [undefined, amountMessages.empty],
    ["abc", amountMessages["not-a-number"]],
    ["NaN", amountMessages["not-a-number"]],
    ["Infinity", amountMessages["not-finite"]],
    ["0", amountMessages["too-small"]],
    ["0.99", amountMessages["too-small"]],
    ["-5", amountMessages["too-small"]],
    ["1.001", amountMessages["too-many-decimals"]],
    ["1.005", amountMessages["too-many-decimals"]],
    ["1000000", amountMessages["too-large"]],
    ["9".repeat(10_000), amountMessages["too-large"]],
  ])("rejects %j with its own message", (amount, message) => {
    expect(errorFor(amount)).toBe(message);
  });

  it.each<[unknown, number]>([
    ["1", 100],
    ["450.5", 45050],
    ["999999.99", 99_999_999],
    [450.5, 45050],
    [1, 100],
  ])("accepts %j as %i cents", (amount, cents) => {
    expect(createPaymentSchema.parse({ amount, packageType: "pro" })).toEqual({
      amountCents: cents,
      packageType: "pro",
    });
  });

  it("defaults the package to basic and refuses unknown packages", () => {
    expect(createPaymentSchema.parse({ amount: "10" })).toEqual({ amountCents: 1000, packageType: "basic" });
    expect(createPaymentSchema.parse({ amount: "10", packageType: "" }).packageType).toBe("basic");
    const r = createPaymentSchema.safeParse({ amount: "10", packageType: "gold" });
    expect(r.success).toBe(false);
    expect(r.success ? undefined : paymentFieldErrors(r.error).packageType).toBe(
      "The package must be 'basic' or 'pro'.",
    );
  });

  it("has a readable message for every rule", () => {
    expect(amountMessages["too-small"]).toBe("The amount must be at least $1.00 CAD.");
    expect(amountMessages["too-large"]).toBe("The amount must be at most $999,999.99 CAD.");
  });
});

describe("payment packages", () => {
  it("start at $220 and $340 CAD, from the one startingPrices table", () => {
    expect(startingPrices).toEqual({ basic: 22_000, pro: 34_000 });
    expect(paymentPackages.map((p) => [p.id, p.name, p.startingPriceCents])).toEqual([
      ["basic", "Basic Website", 22_000],
      ["pro", "Pro Website", 34_000],
    ]);
  });
});
