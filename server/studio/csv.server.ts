import { stringify } from "csv-stringify/sync";

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or
 * carriage return that some apps strip before them) gets a leading
 * apostrophe, which spreadsheets show as text.
 */
export function neutraliseFormula(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A plain decimal ("-112.00"): a spreadsheet reads it as a number, never as a formula. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * RFC 4180 CSV (CRLF, quoted where needed) with a header row; every cell made formula-safe.
 * A `numeric` column (amounts the server formats, e.g. a credit note's negative total) keeps a
 * plain decimal as it is, so the spreadsheet sums it; anything else in it is neutralised too.
 */
export function toCsv<T>(
  columns: readonly { header: string; value: (row: T) => unknown; numeric?: boolean }[],
  rows: readonly T[],
): string {
  const cell = (c: (typeof columns)[number], value: unknown) =>
    c.numeric && typeof value === "string" && DECIMAL.test(value) ? value : neutraliseFormula(value);
  return stringify(
    rows.map((row) => columns.map((c) => cell(c, c.value(row)))),
    // A lone \n inside a cell (a message's line break) must be quoted too, not only the CRLF record delimiter.
    {
      header: true,
      columns: columns.map((c) => c.header),
      record_delimiter: "windows",
      bom: true,
      quoted_match: /[\r\n]/,
    },
  );
}

export function csvResponse(body: string, filename: string) {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
