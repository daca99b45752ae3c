import { createRequire } from "node:module";

// pdf-parse 1.x ships no types, and its index runs a debug read of a sample file when imported directly.
const pdfParse = createRequire(import.meta.url)("pdf-parse/lib/pdf-parse.js") as (
  data: Uint8Array,
) => Promise<{ text: string; numpages: number }>;

/** The text of a PDF as a reader would copy it, lines joined by spaces: what a test asserts a document says. */
export async function pdfText(pdf: Buffer) {
  // A copy of its own: a small Buffer is a view into Node's shared pool, and pdf.js reads the whole pool.
  const { text } = await pdfParse(Uint8Array.from(pdf));
  return text.replace(/\s+/g, " ").trim();
}
