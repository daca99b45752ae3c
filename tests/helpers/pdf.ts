import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The text of a PDF as a reader extracts it (poppler's pdftotext, as the legal
 * PDFs' test reads them), whitespace folded. pdf-parse 1.1.4's bundled pdf.js
 * rejects pdfkit's files ("bad XRef entry") that poppler and browsers open.
 */
export function pdfText(bytes: Uint8Array): string {
  return withFile(bytes, (file) =>
    execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }),
  ).replace(/\s+/g, " ");
}

/** The fonts a PDF's page (or every page) draws with, as poppler's pdffonts names them: "DejaVuSans-Bold", subset tag removed. */
export function pdfFonts(bytes: Uint8Array, page?: number): string[] {
  const pages = page === undefined ? [] : ["-f", String(page), "-l", String(page)];
  const table = withFile(bytes, (file) => execFileSync("pdffonts", [...pages, file], { encoding: "utf8" }));
  // Two heading lines, then one font a line, its name first.
  const rows = table.split("\n").slice(2).filter(Boolean);
  return rows.map((row) => row.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, "")).sort();
}

/** Runs a tool on the bytes written to a temporary file. */
function withFile(bytes: Uint8Array, run: (file: string) => string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-text-"));
  try {
    const file = path.join(dir, "document.pdf");
    fs.writeFileSync(file, bytes);
    return run(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Names in the scripts every PDF must print as typed: Vietnamese, Polish, Cyrillic, Greek, and Latin with punctuation. */
export const CLIENT_NAMES = ["Nguyễn Thị Hằng", "Łukasz Żółć", "Ольга", "Ελένη", "Zoë O'Brien-Müller & Søn"];
