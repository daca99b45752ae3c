/**
 * The studio's PDF look, shared by the legal documents (scripts/legal-pdfs.ts,
 * at build time) and the documents the server issues (agreements, invoices,
 * receipts): a brand bar, the studio's name, a title block and a footer with
 * page numbers on every page. Text is set in DejaVu Sans (fonts/, embedded and
 * subset by pdfkit), so a client's name prints in any Latin script, Greek or Cyrillic.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type PDFKitDocument from "pdfkit";

import { siteConfig, type SiteConfig } from "../../app/content/site";
import { fontkit, pdfkit } from "./libraries.server";
import { addSealPlaceholder, applySeal, type Seal, type SealInfo } from "./seal.server";

export const PDF_INK = "#0b1324";
export const PDF_MUTED = "#475569";
export const PDF_BRAND = "#1d4ed8";
export const PDF_MARGIN = 64;
/** The TEST band's red: white bold text on it is 5.9:1. */
const PDF_TEST = "#b91c1c";

/** The faces a body sets text in: `doc.font(PDF_FONT)`, `doc.font(PDF_FONT_BOLD)`. */
export const PDF_FONT = "Studio";
export const PDF_FONT_BOLD = "Studio-Bold";
/** What prints in place of a character the faces lack (CJK, most emoji): U+FFFD, decision 0036. */
export const PDF_MISSING = "\uFFFD";

export type PdfMeta = {
  title: string;
  /** Under the title, e.g. "Effective 2025-10-01 · <address>" or "Invoice 2026-0001 · Issued …". */
  subtitle: string;
  /** Left in the footer beside the page numbers; defaults to the studio's contact line. */
  footer?: string;
  /** Fixed for byte-stable output; defaults to now. */
  createdAt?: Date;
  site?: SiteConfig;
  /** Sealed with the studio's certificate (agreements): a signature over the whole file, made last. */
  seal?: { seal: Seal; info: SealInfo };
  /** Made with the sandbox payment provider: a TEST band on every page (issue 38). */
  test?: boolean;
};

// Beside this module: server/documents/fonts/ in dev, tests and scripts; scripts/build-server.ts
// copies them to build/node/fonts/ beside the compiled server (the Docker image keeps build/).
const FONT_DIR = new URL("./fonts/", import.meta.url);

type Faces = { regularFile: string; regular: Buffer; bold: Buffer; covered: ReadonlySet<number> };
let loaded: Faces | undefined;

/** Both faces' bytes, read once per process, and the code points both can draw. */
function faces(): Faces {
  if (loaded) return loaded;
  const regularFile = fileURLToPath(new URL("DejaVuSans.ttf", FONT_DIR));
  const regular = fs.readFileSync(regularFile);
  const bold = fs.readFileSync(new URL("DejaVuSans-Bold.ttf", FONT_DIR));
  const [inRegular, inBold] = [regular, bold].map((bytes) => {
    const font = fontkit().create(bytes);
    if (!("characterSet" in font))
      throw new Error("pdf: a face file is a font collection, expected one font");
    return new Set(font.characterSet);
  });
  loaded = { regularFile, regular, bold, covered: new Set([...inRegular!].filter((c) => inBold!.has(c))) };
  return loaded;
}

const LAYOUT = new Set(["\n", "\r", "\t"]);
const INVISIBLE = /^\p{Default_Ignorable_Code_Point}$/u;

/**
 * The text as the faces can draw it: composed (NFC, so a name typed as letters plus
 * combining accents prints as the accented letters), each character both faces lack
 * as PDF_MISSING, and invisible marks (variation selectors, joiners) dropped where
 * they cannot be drawn or belong to a character that was replaced.
 */
export function printable(text: string): string {
  const { covered } = faces();
  let out = "";
  let afterMissing = false;
  for (const char of text.normalize("NFC")) {
    const invisible = INVISIBLE.test(char);
    if (LAYOUT.has(char) || (covered.has(char.codePointAt(0)!) && !(invisible && afterMissing))) {
      out += char;
      afterMissing = false;
    } else if (!invisible) {
      out += PDF_MISSING;
      afterMissing = true;
    }
  }
  return out;
}

/**
 * A document whose every string, drawn or measured, goes through printable() first:
 * no body has to remember it, and widths match what is drawn. Made once pdfkit is loaded.
 */
let StudioDocument: typeof PDFKitDocument | undefined;
function studioDocumentClass(): typeof PDFKitDocument {
  StudioDocument ??= class extends pdfkit() {
    text(text: string, ...rest: unknown[]) {
      return Reflect.apply(super.text, this, [printableValue(text), ...rest]) as this;
    }
    widthOfString(text: string, ...rest: unknown[]) {
      return Reflect.apply(super.widthOfString, this, [printableValue(text), ...rest]) as number;
    }
    heightOfString(text: string, ...rest: unknown[]) {
      return Reflect.apply(super.heightOfString, this, [printableValue(text), ...rest]) as number;
    }
  };
  return StudioDocument;
}

// pdfkit also takes numbers (and prints nothing for null): only strings need the pass.
const printableValue = (value: unknown) => (typeof value === "string" ? printable(value) : value);

/** Usable text width inside the margins. */
export const contentWidth = (doc: PDFKit.PDFDocument) => doc.page.width - PDF_MARGIN * 2;

/** Renders a document to bytes: the header is drawn first, `body` writes the rest, footers go on last. */
export async function renderPdf(meta: PdfMeta, body: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const bytes = await drawPdf(meta, body);
  return meta.seal ? applySeal(bytes, meta.seal.seal, meta.seal.info.signedAt) : bytes;
}

function drawPdf(meta: PdfMeta, body: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const site = meta.site ?? siteConfig;
  return new Promise<Buffer>((resolve, reject) => {
    // A throw here (a font file missing) rejects the promise, as the executor's throws do.
    const doc = studioDocument(meta, site);
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      header(doc, meta, site);
      body(doc);
      footers(doc, meta, site);
      // Last: the signature's byte range must cover everything drawn.
      if (meta.seal) addSealPlaceholder(doc, meta.seal.seal, meta.seal.info);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

function studioDocument(meta: PdfMeta, site: SiteConfig) {
  const { regularFile, regular, bold } = faces();
  const page = { size: "LETTER", margin: PDF_MARGIN };
  const doc = new (studioDocumentClass())({
    ...page,
    // Instead of pdfkit's default Helvetica, which would shadow the aliases below. Pages are
    // added without it: a page's options are the next page's, and `font` would reset each one.
    font: regularFile,
    autoFirstPage: false,
    bufferPages: true,
    lang: "en-CA",
    displayTitle: true,
    info: {
      Title: `${meta.title} - ${site.name}`,
      Author: site.name,
      Subject: meta.title,
      CreationDate: meta.createdAt ?? new Date(),
    },
  });
  doc.registerFont(PDF_FONT, regular).registerFont(PDF_FONT_BOLD, bold);
  // pdfkit's own names draw with the same faces: a body that names Helvetica still prints every name.
  doc.registerFont("Helvetica", regular).registerFont("Helvetica-Bold", bold);
  return doc.addPage(page).font(PDF_FONT);
}

function header(doc: PDFKit.PDFDocument, meta: PdfMeta, site: SiteConfig) {
  doc.rect(0, 0, doc.page.width, 6).fill(PDF_BRAND);
  doc
    .fillColor(PDF_BRAND)
    .font(PDF_FONT_BOLD)
    .fontSize(11)
    .text(site.name.toUpperCase(), PDF_MARGIN, PDF_MARGIN, { characterSpacing: 1.5 });
  doc.moveDown(0.6);
  if (meta.test) testBand(doc);
  doc.fillColor(PDF_INK).font(PDF_FONT_BOLD).fontSize(26).text(meta.title);
  doc.moveDown(0.3);
  doc.fillColor(PDF_MUTED).font(PDF_FONT).fontSize(10).text(meta.subtitle);
  doc.moveDown(1.2);
}

/** What a document made with the sandbox payment provider says of itself, under the studio's name and in every footer. */
export const PDF_TEST_MARK = "TEST";
const TEST_DETAIL = "made with the sandbox payment provider: no money moved and it is not a tax document";

function testBand(doc: PDFKit.PDFDocument) {
  const width = contentWidth(doc);
  const text = `${PDF_TEST_MARK}  ·  ${TEST_DETAIL}`;
  doc.font(PDF_FONT_BOLD).fontSize(9.5);
  // As tall as the text wraps to, so a narrower page or a longer notice stays inside the band.
  const height = doc.heightOfString(text, { width: width - 20 }) + 12;
  const y = doc.y;
  doc.rect(PDF_MARGIN, y, width, height).fill(PDF_TEST);
  doc.fillColor("#ffffff").text(text, PDF_MARGIN + 10, y + 6, { width: width - 20 });
  doc.x = PDF_MARGIN;
  doc.y = y + height + 10;
}

// Footer on every page: the contact line and page numbers.
function footers(doc: PDFKit.PDFDocument, meta: PdfMeta, site: SiteConfig) {
  const width = contentWidth(doc);
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - PDF_MARGIN + 20;
    // Drawing inside the bottom margin would add a page; lift the margin while writing the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fillColor(PDF_MUTED).font(PDF_FONT).fontSize(8.5);
    // Under the sandbox, TEST takes the phone's place: the line keeps its width beside the page numbers.
    const footer =
      meta.footer ??
      (meta.test
        ? `${PDF_TEST_MARK}  ·  ${site.name}  ·  ${site.email}`
        : `${site.name}  ·  ${site.email}  ·  ${site.phone.display}`);
    doc.text(meta.test && meta.footer ? `${PDF_TEST_MARK}  ·  ${footer}` : footer, PDF_MARGIN, y, {
      width,
      align: "left",
      lineBreak: false,
    });
    doc.text(`${meta.title}  ·  Page ${i - range.start + 1} of ${range.count}`, PDF_MARGIN, y, {
      width,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}
