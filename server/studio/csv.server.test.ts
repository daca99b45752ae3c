import { describe, expect, it } from "vitest";

import { neutraliseFormula, toCsv } from "./csv.server";

describe("studio CSV", () => {
  it("prefixes every cell a spreadsheet would evaluate, and nothing else", () => {
    for (const cell of ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1"])
      expect(neutraliseFormula(cell)).toBe(`'${cell}`);
    for (const cell of ["Ada", "1-2 weeks", "a=b", " =1", ""]) expect(neutraliseFormula(cell)).toBe(cell);
    expect(neutraliseFormula(null)).toBe("");
    expect(neutraliseFormula(undefined)).toBe("");
  });

  it("quotes commas, quotes and line breaks, with CRLF between records", () => {
    const csv = toCsv(
      [
        { header: "A", value: (r: string[]) => r[0] },
        { header: "B", value: (r: string[]) => r[1] },
      ],
      [
        ["x, y", 'say "hi"'],
        ["line\nbreak", "-5"],
      ],
    );
    expect(csv).toBe('\uFEFFA,B\r\n"x, y","say ""hi"""\r\n"line\nbreak",\'-5\r\n');
  });

  it("keeps a numeric column's negative decimals as numbers (a credit note's amounts), and neutralises anything else in it", () => {
    const csv = toCsv(
      [{ header: "Total", value: (r: string) => r, numeric: true }],
      ["-112.00", "560.00", "-1+2", "=SUM(A1)"],
    );
    expect(csv).toBe("\uFEFFTotal\r\n-112.00\r\n560.00\r\n'-1+2\r\n'=SUM(A1)\r\n");
  });
});
