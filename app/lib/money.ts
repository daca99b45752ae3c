/**
 * Money helpers shared by browser and server. Amounts are integer cents; a
 * decimal string is converted by splitting its digits, never by float math,
 * so '0.29' is 29 cents and not 28.999....
 */

export type CentsParseFailure = "empty" | "not-a-number" | "not-finite" | "too-many-decimals" | "too-large";
export type CentsParseResult = { ok: true; cents: number } | { ok: false; reason: CentsParseFailure };

const DECIMAL = /^([+-]?)(?:(\d+)(?:\.(\d*))?|\.(\d+))$/;
const NON_FINITE = /^[+-]?(?:infinity|inf|∞)$/i;

/**
 * Parses a number or a numeric string (e.g. "450.5", "  12 ", 450.5) into
 * integer cents. Negative values parse (to negative cents) so the caller can
 * say "at least" rather than "not a number". Trailing zeros beyond the cents
 * do not change the value and are accepted ("1.500" is 150).
 */
export function parseCents(input: unknown): CentsParseResult {
  let text: string;
  if (typeof input === "number") {
    if (Number.isNaN(input)) return { ok: false, reason: "not-a-number" };
    if (!Number.isFinite(input)) return { ok: false, reason: "not-finite" };
    // Beyond this, String() switches to exponent notation; such amounts are far out of range anyway.
    if (Math.abs(input) >= 1e15) return { ok: false, reason: "too-large" };
    // Shortest round-trip form: 450.5 → "450.5"; tiny values (1e-7) use exponents and are rejected below.
    text = String(input);
    if (/e/i.test(text)) return { ok: false, reason: "too-many-decimals" };
  } else if (typeof input === "string") {
    text = input.trim();
  } else if (input === undefined || input === null) {
    return { ok: false, reason: "empty" };
  } else {
    return { ok: false, reason: "not-a-number" };
  }
  if (text === "") return { ok: false, reason: "empty" };
  if (NON_FINITE.test(text)) return { ok: false, reason: "not-finite" };
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, reason: "not-a-number" };
  const [, sign, whole = "", fractionAfterWhole, fractionOnly] = match;
  const fraction = trimTrailingZeros(fractionAfterWhole ?? fractionOnly ?? "");
  if (fraction.length > 2) return { ok: false, reason: "too-many-decimals" };
  const dollars = whole.replace(/^0+/, "");
  // 2^53 is 16 digits; anything with more whole digits is out of every range we use.
  if (dollars.length > 13) return { ok: false, reason: "too-large" };
  const cents = Number(dollars || "0") * 100 + Number(fraction.padEnd(2, "0"));
  return { ok: true, cents: sign === "-" && cents !== 0 ? -cents : cents };
}

/**
 * "5000" → "5". A loop, not /0+$/: that regex retries from every zero of a long run
 * that ends in another digit, quadratic in a 64 KB amount posted to the payment API.
 */
function trimTrailingZeros(digits: string): string {
  let end = digits.length;
  while (end > 0 && digits.charCodeAt(end - 1) === 48) end--;
  return digits.slice(0, end);
}

/** 45050 → "450.50": the exact decimal form, for form values and logs. */
export function centsToDecimalString(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** 1234567 → "1,234,567": en-CA digit grouping for a non-negative integer. */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export type FormatCadOptions = {
  /** Append the currency code: "$450.50 CAD" (clear to visitors used to other dollars). */
  withCode?: boolean;
  /** Show whole-dollar amounts without cents: "$220" rather than "$220.00". */
  trimWholeDollars?: boolean;
};

/**
 * Integer cents to Canadian display money, as Intl's en-CA CAD format writes it:
 * 45050 → "$450.50". Written out rather than with Intl.NumberFormat because the
 * browser's first NumberFormat loads ICU data (~25 ms on a fast desktop, 4× that on
 * a phone) in the middle of hydrating the form pages. money.test.ts checks it
 * against Intl.
 */
export function formatCad(
  cents: number,
  { withCode = false, trimWholeDollars = false }: FormatCadOptions = {},
): string {
  assertCents(cents);
  const abs = Math.abs(cents);
  const fraction = trimWholeDollars && abs % 100 === 0 ? "" : `.${String(abs % 100).padStart(2, "0")}`;
  const text = `${cents < 0 ? "-" : ""}$${groupThousands(Math.floor(abs / 100))}${fraction}`;
  return withCode ? `${text} CAD` : text;
}

function assertCents(cents: number) {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an integer number of cents: ${cents}`);
}
