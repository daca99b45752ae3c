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

import { legalTexts, type LegalDocumentText } from "../app/content/legal";
import { legalDocumentTextSchema } from "../app/content/schemas";
import { formatAddress, siteConfig, type SiteConfig } from "../app/content/site";
import { contentWidth, PDF_FONT, PDF_FONT_BOLD, PDF_INK, renderPdf } from "../server/documents/pdf";

function render(doc: PDFKit.PDFDocument, source: LegalDocumentText) {
  const text = legalDocumentTextSchema.parse(source);
  const width = contentWidth(doc);
  doc.fillColor(PDF_INK).font(PDF_FONT).fontSize(11).text(text.intro, { width, lineGap: 3, align: "left" });

  for (const section of text.sections) {
    doc.moveDown(1);
    doc.fillColor(PDF_INK).font(PDF_FONT_BOLD).fontSize(13).text(section.heading, { width });
    doc.moveDown(0.35);
    doc.font(PDF_FONT).fontSize(11);
    for (const paragraph of section.paragraphs) {
      doc.fillColor(PDF_INK).text(paragraph, { width, lineGap: 3 });
      doc.moveDown(0.5);
    }
    if (section.bullets.length > 0) {
      doc.fillColor(PDF_INK).list(section.bullets, {
        width: width - 14,
        lineGap: 3,
        bulletRadius: 2,
        textIndent: 14,
        bulletIndent: 4,
      });
      doc.moveDown(0.5);
    }
  }
}

/** Writes one PDF; resolves once the file is fully on disk. */
async function writePdf(file: string, source: LegalDocumentText, site: SiteConfig) {
  const bytes = await renderPdf(
    // A fixed date keeps rebuilds byte-stable when the text has not changed.
    {
      title: source.title,
      subtitle: `Effective ${source.effectiveDate}  ·  ${formatAddress(site.address)}`,
      createdAt: new Date("2025-10-01T00:00:00Z"),
      site,
    },
    (doc) => render(doc, source),
  );
  await fs.promises.writeFile(file, bytes);
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
