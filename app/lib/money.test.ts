import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { centsToDecimalString, formatCad, parseCents } from "./money";

describe("parseCents", () => {
  it.each([
    ["0.29", 29],
    ["450.5", 45050],
    ["450.50", 45050],
    ["1", 100],
    [" 12 ", 1200],
    [".5", 50],
    ["1.", 100],
    ["1.500", 150],
    ["007.10", 710],
    ["999999.99", 99_999_999],
    [0.29, 29],
    [450.5, 45050],
    [1.1, 110],
    ["-5", -500],
  ])("%j → %i cents, exactly", (input, cents) => {
    expect(parseCents(input)).toEqual({ ok: true, cents });
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    [undefined, "empty"],
    [null, "empty"],
    ["abc", "not-a-number"],
    ["1,000", "not-a-number"],
    ["1e3", "not-a-number"],
    ["0x10", "not-a-number"],
    ["NaN", "not-a-number"],
    [Number.NaN, "not-a-number"],
    [true, "not-a-number"],
    [{}, "not-a-number"],
    ["Infinity", "not-finite"],
    ["-Infinity", "not-finite"],
    [Number.POSITIVE_INFINITY, "not-finite"],
    ["1.005", "too-many-decimals"],
    ["1.001", "too-many-decimals"],
    [0.1 + 0.2, "too-many-decimals"],
    ["9".repeat(10_000), "too-large"],
    [1e21, "too-large"],
  ])("%j is rejected as %s", (input, reason) => {
    expect(parseCents(input)).toEqual({ ok: false, reason });
  });

  it("reads a 64 KB run of zeros in linear time (a regex trim was quadratic: seconds per request)", () => {
    const zeros = "0".repeat(64 * 1024);
    expect(parseCents(`1.${zeros}1`)).toEqual({ ok: false, reason: "too-many-decimals" });
    expect(parseCents(`1.5${zeros}`)).toEqual({ ok: true, cents: 150 });
    // Against a reference measured here and now, not a fixed time (a loaded machine took 477 ms
    // for what takes under one alone): one pass over the same characters. Each the fastest of
    // five tries, so a pause of the process is not counted. The quadratic trim took about 15 s,
    // some 50,000 passes; reading the input is about one.
    const fastest = (run: () => void) => {
      let best = Infinity;
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        run();
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    let zeroCount = 0;
    const onePass = fastest(() => {
      zeroCount = 0;
      for (let i = 0; i < zeros.length; i++) if (zeros.charCodeAt(i) === 48) zeroCount++;
    });
    expect(zeroCount).toBe(zeros.length);
    const parse = fastest(() => {
      parseCents(`1.${zeros}1`);
      parseCents(`1.5${zeros}`);
    });
    // Here: 0.22 ms to parse both, 0.27 ms for the pass.
    expect(parse).toBeLessThan(100 * onePass + 10);
  });

  it("round-trips every cents value through its decimal string", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (cents) => {
        expect(parseCents(centsToDecimalString(cents))).toEqual({ ok: true, cents });
      }),
    );
  });
});

describe("formatting", () => {
  it("formats cents as en-CA CAD", () => {
    expect(formatCad(45050)).toBe("$450.50");
    expect(formatCad(45050, { withCode: true })).toBe("$450.50 CAD");
    expect(formatCad(99_999_999)).toBe("$999,999.99");
    expect(formatCad(22_000, { trimWholeDollars: true, withCode: true })).toBe("$220 CAD");
    expect(formatCad(22_050, { trimWholeDollars: true })).toBe("$220.50");
    expect(formatCad(29)).toBe("$0.29");
  });

  it("writes what Intl's en-CA CAD format writes, without loading Intl", () => {
    const intl = (digits: number) =>
      new Intl.NumberFormat("en-CA", {
        style: "currency",
        currency: "CAD",
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    const withCents = intl(2);
    const whole = intl(0);
    fc.assert(
      // Up to ±$10 billion: beyond that cents / 100 is no longer exact in a double.
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        // Intl writes -0 as "-$0.00"; zero has no sign here.
        if (cents === 0) {
          expect(formatCad(0)).toBe("$0.00");
          return;
        }
        expect(formatCad(cents)).toBe(withCents.format(cents / 100));
        const dollars = Math.trunc(cents / 100) || 1;
        expect(formatCad(dollars * 100, { trimWholeDollars: true })).toBe(whole.format(dollars));
      }),
      { numRuns: 2000 },
    );
    expect(formatCad(-123_456)).toBe("-$1,234.56");
    expect(formatCad(100_000_000_000)).toBe("$1,000,000,000.00");
  });

  it("writes exact decimal strings", () => {
    expect(centsToDecimalString(29)).toBe("0.29");
    expect(centsToDecimalString(45050)).toBe("450.50");
    expect(centsToDecimalString(-105)).toBe("-1.05");
    expect(() => centsToDecimalString(1.5)).toThrow(RangeError);
    expect(() => formatCad(Number.NaN)).toThrow(RangeError);
  });
});
