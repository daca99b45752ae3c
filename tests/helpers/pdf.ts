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
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-text-"));
  try {
    const file = path.join(dir, "document.pdf");
    fs.writeFileSync(file, bytes);
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Names in the scripts every PDF must print as typed: Vietnamese, Polish, Cyrillic, Greek, and Latin with punctuation. */
export const CLIENT_NAMES = ["Nguyễn Thị Hằng", "Łukasz Żółć", "Ольга", "Ελένη", "Zoë O'Brien-Müller & Søn"];
