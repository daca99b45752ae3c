import fc from "fast-check";
import { expect } from "vitest";

/**
 * Generators of hostile input shared by the property tests, and the checks
 * every answer must pass whatever was sent.
 */

/** Keys that pollute prototypes when an object is built carelessly from input. */
export const POLLUTION_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "__defineGetter__",
] as const;

/** Strings that have broken parsers, databases, mailers and templates. */
export const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFF",
  "x\uDBFFy",
  "\u202Eevil\u202C",
  "\u200B\u200C\u200D\u2060",
  "\uFEFF",
  "\u0301\u0301\u0301",
  "𝕳𝖊𝖑𝖑𝖔",
  "👩‍👩‍👧‍👦",
  "مرحبا بالعالم",
  "\r\nBcc: victim@example.com",
  "\n",
  "\t\v\f",
  "'; DROP TABLE leads; --",
  '" OR 1=1 --',
  "<script>alert(1)</script>",
  "${process.env.STRIPE_SECRET_KEY}",
  "{{7*7}}",
  "%00%0d%0a",
  "../../../../etc/passwd",
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "1e308",
  "1e-7",
  "0x10",
  "1_000",
  "١٢٣",
  "１２３",
  "null",
  "undefined",
  "true",
  "[object Object]",
  "__proto__",
  "a".repeat(101),
  "a".repeat(5001),
  "é".repeat(3000),
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/** Any string: printable, full unicode (astral too), lone surrogates, control characters, the nasty list. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.oneof(loneSurrogate, fc.string({ unit: "binary", maxLength: 3 })), { maxLength: 8 })
      .map((p) => p.join("")),
  },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.constantFrom("\u0000", "\u202E", "\u200B", "\r", "\n", "a", "é", "\uFEFF"),
      maxLength: 30,
    }),
  },
  { weight: 1, arbitrary: fc.integer({ min: 90, max: 6000 }).map((n) => "x".repeat(n)) },
);

/** Numbers at the edges of doubles. JSON turns NaN and ±Infinity into null. */
export const edgeNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    0.1,
    0.29,
    0.99,
    1.001,
    99.999,
    1e308,
    -1e308,
    5e-324,
    Number.MAX_SAFE_INTEGER,
    2 ** 53 + 1,
    999_999.99,
    1_000_000,
    NaN,
    Infinity,
    -Infinity,
  ),
  fc.double(),
  fc.integer(),
);

/** Any JSON-ish value a field could be given instead of text. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: edgeNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}, [[]], { "": "" }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...POLLUTION_KEYS).map((k) => rawJsonObject([[k, { polluted: "yes" }]])),
  },
);

/** An own-key entry list: JSON text keeps "__proto__" as a key (an object literal would not). */
export type Entries = Array<[string, unknown]>;

/** JSON text of an object with exactly these own keys, duplicates and "__proto__" included. */
export function jsonObjectText(entries: Entries): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v instanceof RawJson ? v.text : (JSON.stringify(v) ?? "null")}`).join(",")}}`;
}

class RawJson {
  constructor(readonly text: string) {}
  toJSON() {
    return JSON.parse(this.text) as unknown;
  }
}

/** A nested object value whose keys survive serialisation as written. */
export function rawJsonObject(entries: Entries) {
  return new RawJson(jsonObjectText(entries));
}

/** Extra keys to add to an otherwise plausible payload. */
export const extraEntries: fc.Arbitrary<Entries> = fc.array(
  fc.tuple(fc.oneof(fc.constantFrom(...POLLUTION_KEYS), fc.string({ maxLength: 12 })), hostileValue),
  { maxLength: 3 },
);

export const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=----x",
  "text/plain",
  "text/html",
  "application/xml",
  "application/octet-stream",
  "application/json-patch+json",
  "",
];

/** A request body of any shape under any content type. */
export const rawRequest = fc.record({
  contentType: fc.oneof(fc.constantFrom(...CONTENT_TYPES), fc.string({ maxLength: 30 })),
  body: fc.oneof(
    hostileString,
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
    fc.constantFrom(
      "{",
      "[",
      "{}",
      "[]",
      "null",
      '"x"',
      "1e308",
      '{"__proto__":{"polluted":"yes"}}',
      '{"constructor":{"prototype":{"polluted":"yes"}}}',
      "a=1&a=2&__proto__[polluted]=yes",
      '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nyes\r\n--x--\r\n',
    ),
    fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString("latin1")),
  ),
});

/** The same entries as a form-urlencoded body. */
export function urlencoded(entries: Entries): string {
  const p = new URLSearchParams();
  for (const [k, v] of entries) p.append(k, typeof v === "string" ? v : (JSON.stringify(v) ?? ""));
  return p.toString();
}

/** The same entries as multipart form data (a nested value becomes a file part). */
export function multipart(entries: Entries): FormData {
  const f = new FormData();
  for (const [k, v] of entries) {
    if (typeof v === "string") f.append(k, v);
    else f.append(k, new Blob([JSON.stringify(v) ?? ""]), "value.json");
  }
  return f;
}

/** What no answer may reveal: stack frames, file paths, SQL, driver or error class names. */
const INTERNAL_DETAIL = [
  /\bat [\w$.<>]+ \(/,
  /\bat (file:|node:|\/)/,
  /\/(work|home|usr|tmp|app)\//,
  /node_modules/,
  /\.(ts|tsx|js|mjs|cjs):\d+/,
  /\b(select|insert|update|delete)\b[\s\S]{0,80}\b(from|into|set|where)\b/i,
  /\b(sqlite|postgres|kysely|better-sqlite3|SQLSTATE|relation ")/i,
  /\b[A-Z][A-Za-z]*(Error|Exception)\b/,
  /\bundefined\b|\[object Object\]/,
];

/** Every answer: not a 5xx, a short JSON (or text) body with no internal detail. */
export async function expectCleanAnswer(res: Response, label: string) {
  const text = await res.text();
  expect(res.status, `${label} → ${res.status} ${text.slice(0, 200)}`).toBeLessThan(500);
  for (const re of INTERNAL_DETAIL) expect(text, `${label}: answer matches ${re}`).not.toMatch(re);
  expect(text.length, label).toBeLessThan(4000);
  return text;
}

/** Object.prototype (and Array's, Function's) must have no new keys after any request. */
export function expectNoPollution() {
  for (const proto of [Object.prototype, Array.prototype, Function.prototype]) {
    expect(Object.keys(proto), "prototype polluted").toEqual([]);
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

/** A few hundred runs per property: thousands of inputs in total, in seconds. */
export const RUNS = Number(process.env.PROPERTY_RUNS ?? 250);
