import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The one way tests read the studio's PDFs back: poppler, as a reader would.
 *
 * The text of a PDF as a reader extracts it (poppler's pdftotext, as the legal
 * PDFs' test reads them), whitespace folded. pdf-parse 1.1.4's bundled pdf.js
 * rejects pdfkit's files ("bad XRef entry") that poppler and browsers open.
 */
export function pdfText(bytes: Uint8Array): string {
  return withFile(bytes, (file) =>
    execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }),
  ).replace(/\s+/g, " ");
}

/** Each word a reader extracts and where it is drawn (poppler's pdftotext -bbox, points from the page's top left): a layout's check. */
export type PdfWord = { text: string; page: number; xMin: number; xMax: number; yMin: number; yMax: number };

export function pdfWords(bytes: Uint8Array): PdfWord[] {
  const html = withFile(bytes, (file) =>
    execFileSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8" }),
  );
  const words: PdfWord[] = [];
  let page = 0;
  for (const line of html.split("\n")) {
    if (line.includes("<page ")) page++;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (m) words.push({ page, xMin: +m[1]!, yMin: +m[2]!, xMax: +m[3]!, yMax: +m[4]!, text: m[5]! });
  }
  return words;
}

/** The fonts a PDF's page (or every page) draws with, as poppler's pdffonts names them: "DejaVuSans-Bold", subset tag removed. */
export function pdfFonts(bytes: Uint8Array, page?: number): string[] {
  const pages = page === undefined ? [] : ["-f", String(page), "-l", String(page)];
  const table = withFile(bytes, (file) => execFileSync("pdffonts", [...pages, file], { encoding: "utf8" }));
  // Two heading lines, then one font a line, its name first.
  const rows = table.split("\n").slice(2).filter(Boolean);
  return rows.map((row) => row.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, "")).sort();
}

/** What poppler's pdfsig says of a PDF's first signature: a sealed document's check. */
export type PdfSignature = {
  /** "Signature is Valid." when the signed bytes are unchanged; "Digest Mismatch." after a change. */
  validation: string | undefined;
  /** The signature covers every byte of the file but its own value. */
  wholeDocument: boolean;
  signer: string | undefined;
  type: string | undefined;
  /** The whole report, for a failing test's message. */
  report: string;
};

export function pdfSignature(bytes: Uint8Array): PdfSignature | undefined {
  // pdfsig exits non-zero for an invalid signature; its report is what tells.
  const report = withFile(bytes, (file) => {
    try {
      return execFileSync("pdfsig", [file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (error) {
      return String((error as { stdout?: string }).stdout ?? "");
    }
  });
  if (!report.includes("Signature #1")) return undefined;
  const field = (name: string) => new RegExp(`- ${name}: (.*)`).exec(report)?.[1]?.trim();
  return {
    validation: field("Signature Validation"),
    wholeDocument: report.includes("Total document signed"),
    signer: field("Signer Certificate Common Name"),
    type: field("Signature Type"),
    report,
  };
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
