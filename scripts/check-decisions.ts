/**
 * `npm run check:docs`: the decision records stay true to their index
 * (docs/decisions/README.md) and to the template. Every `NNNN-*.md` record has
 * one `Date: YYYY-MM-DD` and one `Status:` in its header, at most MAX_WORDS words
 * (the template asks ~400; measurements go to reports/), and one index line whose
 * status agrees with the record's: the same state (accepted, superseded …) and the
 * same records named (superseded by, extends …). Run by `npm test` after lint.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const MAX_WORDS = 450;

const RECORD_FILE = /^(\d{4})-[a-z0-9-]+\.md$/;

export type Record = { number: string; file: string; text: string };

/** Words a reader reads: HTML comments and link targets left out, tokens with a letter or digit counted. */
export function countWords(markdown: string) {
  const prose = markdown.replace(/<!--[\s\S]*?-->/g, " ").replace(/\]\([^)]*\)/g, "] ");
  return prose.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/** The header's `Key: value` (before the first `## `), a value running on until a blank line; every occurrence. */
function headerFields(text: string, key: "Date" | "Status") {
  const header = text.split(/^## /m)[0] ?? "";
  const values: string[] = [];
  const pattern = new RegExp(`(?:^|·)\\s*${key}:\\s*([^\\n·]*(?:\\n(?!\\s*\\n)[^\\n·]*)*)`, "gm");
  for (const m of header.matchAll(pattern)) values.push((m[1] ?? "").replace(/\s+/g, " ").trim());
  return values;
}

/** What must agree between a record's status and its index line: the leading state and the records it names. */
function statusKey(status: string) {
  const state = status.match(/^[a-z]+/i)?.[0]?.toLowerCase() ?? "";
  const named = [...new Set(status.match(/\b\d{4}\b/g) ?? [])].sort();
  return `${state} [${named.join(", ")}]`;
}

/** Index rows `| [NNNN](file) | decision | status | one line |`, by number. */
function indexRows(index: string) {
  const rows = new Map<string, { file: string; status: string }[]>();
  for (const line of index.split("\n")) {
    const m = line.match(/^\|\s*\[(\d{4})\]\(([^)]+)\)\s*\|[^|]*\|([^|]*)\|/);
    if (!m) continue;
    const list = rows.get(m[1]!) ?? [];
    list.push({ file: m[2]!.trim(), status: m[3]!.trim() });
    rows.set(m[1]!, list);
  }
  return rows;
}

/** Every problem found, one sentence each naming the file; none when the records are in order. */
export function checkDecisions(records: Record[], index: string): string[] {
  const problems: string[] = [];
  const rows = indexRows(index);
  const numbers = new Set(records.map((r) => r.number));
  for (const record of records) {
    const { number, file, text } = record;
    if (!new RegExp(`^# ${number}\\b`).test(text))
      problems.push(`${file}: the title does not start with "# ${number}"`);
    const dates = headerFields(text, "Date");
    if (dates.length !== 1)
      problems.push(
        `${file}: ${dates.length === 0 ? "no" : dates.length} "Date:" lines in the header (one: Date: YYYY-MM-DD)`,
      );
    else if (!/^\d{4}-\d{2}-\d{2}$/.test(dates[0]!) || Number.isNaN(Date.parse(dates[0]!)))
      problems.push(`${file}: "Date: ${dates[0]}" is not a date (YYYY-MM-DD)`);
    const statuses = headerFields(text, "Status");
    if (statuses.length !== 1)
      problems.push(
        `${file}: ${statuses.length === 0 ? "no" : statuses.length} "Status:" lines in the header (one)`,
      );
    const words = countWords(text);
    if (words > MAX_WORDS)
      problems.push(
        `${file}: ${words} words, over ${MAX_WORDS} (move measurements to reports/ and link them)`,
      );
    const entries = rows.get(number) ?? [];
    if (entries.length !== 1) {
      problems.push(
        `${file}: ${entries.length === 0 ? "no line" : `${entries.length} lines`} for ${number} in README.md's index`,
      );
      continue;
    }
    const entry = entries[0]!;
    if (entry.file !== file) problems.push(`README.md: ${number} links to ${entry.file}, not ${file}`);
    const status = statuses[0];
    if (status !== undefined && statusKey(status) !== statusKey(entry.status)) {
      problems.push(
        `${file}: status "${status}" disagrees with README.md's "${entry.status}" (state and the records named must match)`,
      );
    }
    for (const named of status?.match(/\b\d{4}\b/g) ?? []) {
      if (!numbers.has(named)) problems.push(`${file}: its status names ${named}, which is not a record`);
    }
  }
  for (const number of rows.keys()) {
    if (!numbers.has(number)) problems.push(`README.md: the index lists ${number}, which has no record`);
  }
  return problems;
}

export function readDecisions(dir: string) {
  const records = fs
    .readdirSync(dir)
    .map((file) => ({ file, m: file.match(RECORD_FILE) }))
    .filter((f) => f.m)
    .map(({ file, m }) => ({ number: m![1]!, file, text: fs.readFileSync(path.join(dir, file), "utf8") }));
  return { records, index: fs.readFileSync(path.join(dir, "README.md"), "utf8") };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { records, index } = readDecisions(path.resolve("docs/decisions"));
  const problems = checkDecisions(records, index);
  for (const p of problems) console.error(`docs/decisions/${p}`);
  if (problems.length > 0) process.exit(1);
  console.log(
    `check-decisions: ${records.length} records, each dated, with a status that agrees with the index`,
  );
}
