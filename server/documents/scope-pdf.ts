import type { ScopeBlock, ScopeRun } from "../../app/shared/scope";
import { contentWidth, PDF_FONT, PDF_FONT_BOLD, PDF_INK } from "./pdf";

/** One paragraph or list item's runs, bold and slanted where the studio wrote them, as one flowing text. */
function drawRuns(doc: PDFKit.PDFDocument, runs: ScopeRun[], options: PDFKit.Mixins.TextOptions) {
  if (runs.length === 0) return;
  runs.forEach((run, i) => {
    doc.font(run.style === "strong" ? PDF_FONT_BOLD : PDF_FONT);
    doc.text(run.text, { ...options, oblique: run.style === "em", continued: i < runs.length - 1 });
  });
  doc.font(PDF_FONT);
}

/**
 * A quote's scope of work (app/shared/scope.ts) drawn in the agreement: headings, paragraphs and
 * lists from the blocks, every piece as text (what the studio typed, HTML included, prints as typed).
 */
export function drawScope(doc: PDFKit.PDFDocument, blocks: ScopeBlock[]) {
  const width = contentWidth(doc);
  const left = doc.page.margins.left;
  for (const block of blocks) {
    doc.fillColor(PDF_INK);
    if (block.kind === "heading") {
      doc
        .moveDown(0.4)
        .font(PDF_FONT_BOLD)
        .fontSize(block.level === 2 ? 12 : 11);
      doc.text(block.runs.map((r) => r.text).join(""), left, doc.y, { width });
      doc.font(PDF_FONT).fontSize(11).moveDown(0.2);
    } else if (block.kind === "paragraph") {
      doc.fontSize(11);
      drawRuns(doc, block.runs, { width, lineGap: 2 });
      doc.moveDown(0.3);
    } else {
      doc.fontSize(11);
      let n = 0;
      for (const item of block.items) {
        const indent = 16 + item.depth * 14;
        const marker = block.ordered && item.depth === 0 ? `${++n}.` : "•";
        const y = doc.y;
        doc.font(PDF_FONT).text(marker, left + indent - 16, y, { width: 16 });
        doc.x = left + indent;
        doc.y = y;
        drawRuns(doc, item.runs, { width: width - indent, lineGap: 1 });
      }
      doc.x = left;
      doc.moveDown(0.3);
    }
    doc.x = left;
  }
}
