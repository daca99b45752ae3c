import { describe, expect, it } from "vitest";

import { zoneOffsets } from "./zone-time";

const minutes = (iso: string) => Date.parse(iso) / 60_000;

describe("zoneOffsets: what a browser's clock in the page's zone reads (issue 40)", () => {
  it("is one number, Date#getTimezoneOffset's sign, when the clocks do not change between the slots", () => {
    const slots = [minutes("2026-12-01T17:00:00Z"), minutes("2026-12-14T00:30:00Z")];
    // British Columbia stays on UTC-7 all year since 2026.
    expect(zoneOffsets(slots, "America/Vancouver", Date.parse("2026-11-28T12:00:00Z"))).toEqual({
      now: 420,
      slots: 420,
    });
    expect(zoneOffsets(slots, "Asia/Kolkata", Date.parse("2026-11-28T12:00:00Z"))).toEqual({
      now: -330,
      slots: -330,
    });
  });

  it("is one number per slot across a change of clocks (Toronto, 14 March 2027)", () => {
    const slots = ["2027-03-12T15:00:00Z", "2027-03-13T15:00:00Z", "2027-03-15T15:00:00Z"].map(minutes);
    expect(zoneOffsets(slots, "America/Toronto", Date.parse("2027-03-10T12:00:00Z"))).toEqual({
      now: 300,
      slots: [300, 300, 240],
    });
  });
});
