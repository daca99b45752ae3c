import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { checkDecisions, countWords, MAX_WORDS, readDecisions, type Record } from "./check-decisions";

const DIR = path.resolve("docs/decisions");
const template = fs.readFileSync(path.join(DIR, "template.md"), "utf8");

/** A record as a new one starts: template.md with its placeholders filled in. */
function fromTemplate(number: string, status = "accepted") {
  const text = template
    .replace("# NNNN — The decision, as a short sentence", `# ${number} — A decision made on a branch`)
    .replace(
      "Date: YYYY-MM-DD · Status: proposed | accepted | superseded by NNNN",
      `Date: 2026-11-26 · Status: ${status}`,
    );
  return { number, file: `${number}-a-decision.md`, text } satisfies Record;
}

const indexLine = (r: Record, status: string) =>
  `| [${r.number}](${r.file}) | A decision | ${status} | One line. |`;

describe("check-decisions", () => {
  it("passes the repository's records and index", () => {
    const { records, index } = readDecisions(DIR);
    expect(records.length).toBeGreaterThanOrEqual(23);
    expect(checkDecisions(records, index)).toEqual([]);
  });

  it("accepts new records shaped like template.md (two branches adding the next two numbers)", () => {
    const { records, index } = readDecisions(DIR);
    const next = (k: number) =>
      String(Math.max(...records.map((r) => Number(r.number))) + k).padStart(4, "0");
    const [n1, n2] = [next(1), next(2)];
    const a = fromTemplate(n1);
    const b = fromTemplate(n2, `accepted; supersedes part of ${n1}`);
    const lines = [
      indexLine(a, `accepted; partly superseded by ${n2}`),
      indexLine(b, `accepted; supersedes part of ${n1}`),
    ];
    a.text = a.text.replace("Status: accepted", `Status: accepted; partly superseded by ${n2}`);
    expect(checkDecisions([...records, a, b], `${index}\n${lines.join("\n")}\n`)).toEqual([]);
  });

  it("names a record with no date, two status lines, or a status the index does not share", () => {
    const undated = fromTemplate("0024");
    undated.text = undated.text.replace("Date: 2026-11-26 · ", "");
    const twice = fromTemplate("0025", "superseded by 0024");
    twice.text = twice.text.replace("\n\n## Context", "\nStatus: accepted\n\n## Context");
    const disagrees = fromTemplate("0026", "accepted; partly superseded by 0024");
    const index = [
      indexLine(undated, "accepted"),
      indexLine(twice, "superseded by 0024"),
      indexLine(disagrees, "accepted"),
    ].join("\n");
    expect(checkDecisions([undated, twice, disagrees], index)).toEqual([
      `0024-a-decision.md: no "Date:" lines in the header (one: Date: YYYY-MM-DD)`,
      `0025-a-decision.md: 2 "Status:" lines in the header (one)`,
      `0026-a-decision.md: status "accepted; partly superseded by 0024" disagrees with README.md's "accepted" (state and the records named must match)`,
    ]);
  });

  it("names a record missing from the index, an index line without a record, and an unknown successor", () => {
    const unlisted = fromTemplate("0024", "superseded by 0099");
    expect(checkDecisions([unlisted], indexLine(fromTemplate("0030"), "accepted"))).toEqual([
      "0024-a-decision.md: no line for 0024 in README.md's index",
      "README.md: the index lists 0030, which has no record",
    ]);
    expect(checkDecisions([unlisted], indexLine(unlisted, "superseded by 0099"))).toEqual([
      "0024-a-decision.md: its status names 0099, which is not a record",
    ]);
  });

  it(`counts words as read (no comments, no link targets) and refuses a record over ${MAX_WORDS}`, () => {
    expect(countWords("<!-- left out -->\nSee [the report](../../reports/bench.md) - twice.")).toBe(4);
    const long = fromTemplate("0024");
    long.text += `\n${"measured ".repeat(MAX_WORDS)}\n`;
    const problems = checkDecisions([long], indexLine(long, "accepted"));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^0024-a-decision\.md: \d+ words, over 450/);
  });
});
