import { describe, expect, it } from "vitest";

import { createQuoteSchema } from "~/shared/quote-model";

import { signatureSchema } from "../../server/quotes/agreement.server";
import { bookingSubmissionSchema } from "./booking";
import { inquiryFieldsSchema } from "./inquiry";
import { hasNoInvisibleCharacters } from "./printable-name";

/**
 * Issue 37, item 7: a right-to-left override (U+202E) in a legal name made the PDF print another
 * name than the record held. Every name that is signed or printed refuses bidirectional controls
 * and zero-width characters, through the one refinement (./printable-name.ts).
 */
const INVISIBLE = {
  "right-to-left override": "\u202E",
  "left-to-right embedding": "\u202A",
  "pop directional formatting": "\u202C",
  "right-to-left isolate": "\u2067",
  "pop directional isolate": "\u2069",
  "right-to-left mark": "\u200F",
  "Arabic letter mark": "\u061C",
  "zero-width space": "\u200B",
  "zero-width joiner": "\u200D",
  "word joiner": "\u2060",
  "zero-width no-break space": "\uFEFF",
  "soft hyphen": "\u00AD",
};

const inquiry = {
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@example.com",
  projectType: "basic",
  message: "A new site",
};
const booking = {
  name: "Grace Hopper",
  email: "grace@example.com",
  topic: "A site",
  slot: "2026-12-02T17:00:00Z",
};
const quote = {
  inquiryId: "lead-1",
  packageType: "pro",
  amountCents: 100_000,
  lines: [{ label: "Extra pages", amountCents: 100 }],
};

/** Each name that is signed or printed: its schema, a valid input, and where the name goes in it. */
const names: {
  name: string;
  parse: (value: string) => {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
}[] = [
  {
    name: "inquiry first name",
    parse: (v) => inquiryFieldsSchema.safeParse({ ...inquiry, firstName: `Gr${v}ace` }),
  },
  {
    name: "inquiry last name",
    parse: (v) => inquiryFieldsSchema.safeParse({ ...inquiry, lastName: `Hop${v}per` }),
  },
  {
    name: "inquiry company",
    parse: (v) => inquiryFieldsSchema.safeParse({ ...inquiry, company: `Ac${v}me Ltd` }),
  },
  {
    name: "booking name",
    parse: (v) => bookingSubmissionSchema.safeParse({ ...booking, name: `Grace ${v}Hopper` }),
  },
  {
    name: "booking company",
    parse: (v) => bookingSubmissionSchema.safeParse({ ...booking, company: `Ac${v}me` }),
  },
  {
    name: "signature legal name",
    parse: (v) => signatureSchema.safeParse({ legalName: `Grace ${v}reppoH`, agree: "on" }),
  },
  {
    name: "signature company",
    parse: (v) => signatureSchema.safeParse({ legalName: "Grace Hopper", company: `Ac${v}me`, agree: "on" }),
  },
  {
    name: "quote line label",
    parse: (v) =>
      createQuoteSchema.safeParse({ ...quote, lines: [{ label: `Extra${v} pages`, amountCents: 100 }] }),
  },
];

describe("names that are signed or printed", () => {
  it.each(names)(
    "$name refuses every bidirectional control and zero-width character, with a message for its field",
    ({ parse }) => {
      expect(parse("").success).toBe(true);
      for (const [what, char] of Object.entries(INVISIBLE)) {
        const result = parse(char);
        expect(result.success, what).toBe(false);
        expect(result.error!.issues.map((i) => i.message).join(" "), what).toMatch(
          /invisible formatting character/,
        );
      }
    },
  );

  it("accepts names in other scripts, with accents, apostrophes and hyphens", () => {
    for (const name of [
      "Zoë O'Brien-Lefèvre",
      "Nguyễn Thị Minh Khai",
      "Ольга Смирнова",
      "Ελένη",
      "秀英 王",
      "محمد رضا",
    ])
      expect(hasNoInvisibleCharacters(name), name).toBe(true);
  });
});
