/**
 * Generates the legal PDFs served from /legal/ (terms of service, privacy
 * policy) from their text source (app/content/legal.ts) and the site config.
 * Runs before every build (package.json "build"), so the documents always
 * carry the current studio name, contact details and figures.
 *
 *   tsx scripts/legal-pdfs.ts [outDir]   (default: public/legal)
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";
import { type LegalDocumentText, legalTexts } from "../app/content/legal";
import { legalDocumentTextSchema } from "../app/content/schemas";
import { type SiteConfig, formatAddress, siteConfig } from "../app/content/site";

const INK = "#0b1324";
const MUTED = "#475569";
const BRAND = "#1d4ed8";
const MARGIN = 64;

function render(doc: PDFKit.PDFDocument, source: LegalDocumentText, site: SiteConfig) {
  const text = legalDocumentTextSchema.parse(source);
  const width = doc.page.width - MARGIN * 2;

  doc.rect(0, 0, doc.page.width, 6).fill(BRAND);
  doc.fillColor(BRAND).font("Helvetica-Bold").fontSize(11).text(site.name.toUpperCase(), MARGIN, MARGIN, { characterSpacing: 1.5 });
  doc.moveDown(0.6);
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(26).text(text.title);
  doc.moveDown(0.3);
  doc.fillColor(MUTED).font("Helvetica").fontSize(10).text(`Effective ${text.effectiveDate}  ·  ${formatAddress(site.address)}`);
  doc.moveDown(1.2);
  doc.fillColor(INK).font("Helvetica").fontSize(11).text(text.intro, { width, lineGap: 3, align: "left" });

  for (const section of text.sections) {
    doc.moveDown(1);
    doc.fillColor(INK).font("Helvetica-Bold").fontSize(13).text(section.heading, { width });
    doc.moveDown(0.35);
    doc.font("Helvetica").fontSize(11);
    for (const paragraph of section.paragraphs) {
      doc.fillColor(INK).text(paragraph, { width, lineGap: 3 });
      doc.moveDown(0.5);
    }
    if (section.bullets.length > 0) {
      doc.fillColor(INK).list(section.bullets, { width: width - 14, lineGap: 3, bulletRadius: 2, textIndent: 14, bulletIndent: 4 });
      doc.moveDown(0.5);
    }
  }

  // Footer on every page: studio contact line and page numbers.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN + 20;
    // Drawing inside the bottom margin would add a page; lift the margin while writing the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fillColor(MUTED).font("Helvetica").fontSize(8.5);
    doc.text(`${site.name}  ·  ${site.email}  ·  ${site.phone.display}`, MARGIN, y, { width, align: "left", lineBreak: false });
    doc.text(`${text.title}  ·  Page ${i - range.start + 1} of ${range.count}`, MARGIN, y, { width, align: "right", lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

/** Writes one PDF; resolves once the file is fully on disk. */
function writePdf(file: string, source: LegalDocumentText, site: SiteConfig) {
  return new Promise<void>((resolve, reject) => {
    const doc = new PDFDocument({
      size: "LETTER",
      margin: MARGIN,
      bufferPages: true,
      lang: "en-CA",
      displayTitle: true,
      // A fixed date keeps rebuilds byte-stable when the text has not changed.
      info: { Title: `${source.title} - ${site.name}`, Author: site.name, Subject: source.title, CreationDate: new Date("2025-10-01T00:00:00Z") },
    });
    const out = fs.createWriteStream(file);
    out.on("finish", resolve);
    out.on("error", reject);
    doc.on("error", reject);
    doc.pipe(out);
    render(doc, source, site);
    doc.end();
  });
}

/** Generates every legal PDF into outDir and returns the files written. */
export async function generateLegalPdfs(outDir: string, site: SiteConfig = siteConfig): Promise<string[]> {
  fs.mkdirSync(outDir, { recursive: true });
  const files: string[] = [];
  for (const source of legalTexts(site)) {
    const file = path.join(outDir, `${source.id}.pdf`);
    await writePdf(file, source, site);
    files.push(file);
  }
  return files;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = path.resolve(process.argv[2] ?? "public/legal");
  const files = await generateLegalPdfs(outDir);
  console.log(`legal-pdfs: wrote ${files.map((f) => path.relative(process.cwd(), f)).join(", ")}`);
}
