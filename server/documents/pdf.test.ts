import { describe, expect, it } from "vitest";

import { CLIENT_NAMES, pdfFonts, pdfSignature, pdfText } from "../../tests/helpers/pdf";
import { PDF_FONT, PDF_FONT_BOLD, PDF_MISSING, printable, renderPdf } from "./pdf";
import { studioSeal } from "./seal.server";

/**
 * Every PDF the studio issues prints its client's name as typed: the embedded
 * faces cover Latin (Vietnamese included), Greek and Cyrillic, read back by
 * poppler as a reader would copy them; what they lack prints as U+FFFD
 * (decision 0036) and never stops a document.
 */

const meta = {
  title: "Invoice 2026-0001",
  subtitle: "Issued November 25, 2026",
  createdAt: new Date("2026-11-25T18:00:00Z"),
};

describe("the studio's PDFs", () => {
  it("print each client's name exactly, in the regular and the bold face, in the body, title and footer", async () => {
    for (const name of CLIENT_NAMES) {
      const bytes = await renderPdf(
        { ...meta, subtitle: `For ${name}`, footer: `Prepared for ${name}` },
        (doc) => {
          doc.font(PDF_FONT).text(`Signed by ${name}`);
          doc.font(PDF_FONT_BOLD).text(`Billed to: ${name}`);
        },
      );
      const text = pdfText(bytes);
      for (const line of [`For ${name}`, `Signed by ${name}`, `Billed to: ${name}`, `Prepared for ${name}`])
        expect(text, line).toContain(line);
    }
  });

  it("embeds its own faces, also for a body that names pdfkit's Helvetica, and no unembedded standard font", async () => {
    const bytes = await renderPdf(meta, (doc) => {
      doc.font("Helvetica").text("Łukasz Żółć");
      doc.font("Helvetica-Bold").text("Ελένη");
    });
    expect(pdfFonts(bytes)).toEqual(["DejaVuSans", "DejaVuSans-Bold"]);
    expect(bytes.toString("latin1")).not.toContain("/Helvetica");
    expect(pdfText(bytes)).toContain("Łukasz Żółć Ελένη");
  });

  it("keeps the body's face across a page break (bold text that runs onto page 2 stays bold)", async () => {
    const bytes = await renderPdf(meta, (doc) => doc.font(PDF_FONT_BOLD).text("Bold text. ".repeat(700)));
    // Page 2 holds only the bold text's continuation and the (regular) footer.
    expect(pdfText(bytes)).toContain("Page 2 of");
    expect(pdfFonts(bytes, 2)).toEqual(["DejaVuSans", "DejaVuSans-Bold"]);
  });

  it("prints a character the faces lack (CJK, an emoji) as U+FFFD and still renders the rest", async () => {
    const bytes = await renderPdf(meta, (doc) =>
      doc.font(PDF_FONT_BOLD).text("Billed to: 王秀英 (Wang Xiuying) 🦄"),
    );
    expect(pdfText(bytes)).toContain(`Billed to: ${PDF_MISSING.repeat(3)} (Wang Xiuying) ${PDF_MISSING}`);
  });

  it("composes letters typed with combining accents and drops invisible marks it cannot draw", () => {
    // "Hằng" typed decomposed (a, breve, grave), as some keyboards send it.
    expect(printable("Nguye\u0302\u0303n Thi\u0323 Ha\u0306\u0300ng")).toBe("Nguyễn Thị Hằng");
    // A thumbs-up with its emoji variation selector: one placeholder, not two.
    expect(printable("OK 👍\uFE0F")).toBe(`OK ${PDF_MISSING}`);
    expect(printable("Line one\nLine two\tend")).toBe("Line one\nLine two\tend");
  });

  it("marks a sandbox document TEST under the studio's name and in every page's footer, and seals a document over every byte", async () => {
    const seal = studioSeal({ NODE_ENV: "test", DATABASE_PATH: ":memory:" });
    const bytes = await renderPdf(
      { ...meta, test: true, seal: { seal, info: { reason: "test", signedAt: meta.createdAt } } },
      (doc) => doc.text("Clause. ".repeat(900)),
    );
    const text = pdfText(bytes);
    expect(text).toContain("CASCADIA WEB STUDIO TEST · made with the sandbox payment provider");
    expect(text.match(/TEST · Cascadia Web Studio/g)).toHaveLength(2);
    expect(text).toContain("Page 2 of 2");
    expect(pdfSignature(bytes)).toMatchObject({
      validation: "Signature is Valid.",
      wholeDocument: true,
      signer: "Cascadia Web Studio (development seal)",
    });
    // Without either: no band, no signature.
    const plain = await renderPdf(meta, (doc) => doc.text("Clause."));
    expect(pdfText(plain)).not.toContain("TEST");
    expect(pdfSignature(plain)).toBeUndefined();
  });
});
