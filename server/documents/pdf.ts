/**
 * The studio's PDF look, shared by the legal documents (scripts/legal-pdfs.ts,
 * at build time) and the documents the server issues (agreements, invoices,
 * receipts): a brand bar, the studio's name, a title block and a footer with
 * page numbers on every page. pdfkit's built-in Helvetica needs no font files.
 */
import PDFDocument from "pdfkit";
import { type SiteConfig, siteConfig } from "../../app/content/site";

export const PDF_INK = "#0b1324";
export const PDF_MUTED = "#475569";
export const PDF_BRAND = "#1d4ed8";
export const PDF_MARGIN = 64;

export type PdfMeta = {
  title: string;
  /** Under the title, e.g. "Effective 2025-10-01 · <address>" or "Invoice 2026-0001 · Issued …". */
  subtitle: string;
  /** Left in the footer beside the page numbers; defaults to the studio's contact line. */
  footer?: string;
  /** Fixed for byte-stable output; defaults to now. */
  createdAt?: Date;
  site?: SiteConfig;
};

/** Usable text width inside the margins. */
export const contentWidth = (doc: PDFKit.PDFDocument) => doc.page.width - PDF_MARGIN * 2;

/** Renders a document to bytes: the header is drawn first, `body` writes the rest, footers go on last. */
export function renderPdf(meta: PdfMeta, body: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const site = meta.site ?? siteConfig;
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: "LETTER",
      margin: PDF_MARGIN,
      bufferPages: true,
      lang: "en-CA",
      displayTitle: true,
      info: { Title: `${meta.title} - ${site.name}`, Author: site.name, Subject: meta.title, CreationDate: meta.createdAt ?? new Date() },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      header(doc, meta, site);
      body(doc);
      footers(doc, meta, site);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

function header(doc: PDFKit.PDFDocument, meta: PdfMeta, site: SiteConfig) {
  doc.rect(0, 0, doc.page.width, 6).fill(PDF_BRAND);
  doc.fillColor(PDF_BRAND).font("Helvetica-Bold").fontSize(11).text(site.name.toUpperCase(), PDF_MARGIN, PDF_MARGIN, { characterSpacing: 1.5 });
  doc.moveDown(0.6);
  doc.fillColor(PDF_INK).font("Helvetica-Bold").fontSize(26).text(meta.title);
  doc.moveDown(0.3);
  doc.fillColor(PDF_MUTED).font("Helvetica").fontSize(10).text(meta.subtitle);
  doc.moveDown(1.2);
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
    doc.fillColor(PDF_MUTED).font("Helvetica").fontSize(8.5);
    doc.text(meta.footer ?? `${site.name}  ·  ${site.email}  ·  ${site.phone.display}`, PDF_MARGIN, y, { width, align: "left", lineBreak: false });
    doc.text(`${meta.title}  ·  Page ${i - range.start + 1} of ${range.count}`, PDF_MARGIN, y, { width, align: "right", lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}
