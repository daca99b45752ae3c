import { describe, expect, it } from "vitest";

import { canonicalJson } from "~/shared/quote-model";

/** The text an agreement's hash is taken over: one text per value, whatever the order it was built in. */
describe("canonicalJson", () => {
  it("sorts keys at every depth and writes no whitespace, so two builds of one content hash alike", () => {
    const a = { terms: "Half now.", lines: [{ label: "Pro", amountCents: 100 }], totalCents: 100, taxes: [] };
    const b = { totalCents: 100, taxes: [], lines: [{ amountCents: 100, label: "Pro" }], terms: "Half now." };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe(
      '{"lines":[{"amountCents":100,"label":"Pro"}],"taxes":[],"terms":"Half now.","totalCents":100}',
    );
  });

  it("keeps array order (the lines' order is part of what was signed) and escapes strings as JSON does", () => {
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
    expect(canonicalJson({ t: 'Say "hi"\n\u00e9' })).toBe('{"t":"Say \\"hi\\"\\né"}');
  });

  it("refuses fractions and unsafe integers: amounts are whole cents", () => {
    expect(() => canonicalJson({ amount: 10.5 })).toThrow(/integers/);
    expect(() => canonicalJson({ amount: 2 ** 60 })).toThrow(/integers/);
  });
});
