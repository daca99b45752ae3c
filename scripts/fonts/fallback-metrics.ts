/**
 * `npx tsx scripts/fonts/fallback-metrics.ts`: prints the metric-matched fallback
 * @font-face rules (app/styles/app.css) for the demo faces: a local face scaled to the
 * web font's average advance width (size-adjust) with its vertical metrics
 * (ascent/descent/line-gap overrides), so swapping to the web font moves no text.
 * Widths are measured by shaping an English sample with HarfBuzz in both fonts;
 * local faces are the metric-compatible Liberation fonts (Arial / Times New Roman).
 */
import fs from "node:fs";
import path from "node:path";
import fontverter from "fontverter";
import * as hb from "harfbuzzjs";

const root = path.resolve(import.meta.dirname, "../..");
const SAMPLE = "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs, 0123456789!";

const locals = {
  sans: { file: "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf", src: 'local("Arial"), local("Liberation Sans"), local("Helvetica"), local("Arimo")' },
  serif: { file: "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf", src: 'local("Times New Roman"), local("Liberation Serif"), local("Tinos"), local("Times")' },
} as const;

const families: { family: string; pkg: string; kind: keyof typeof locals }[] = [
  { family: "Inter", pkg: "inter", kind: "sans" },
  { family: "Archivo", pkg: "archivo", kind: "sans" },
  { family: "DM Sans", pkg: "dm-sans", kind: "sans" },
  { family: "Lora", pkg: "lora", kind: "serif" },
  { family: "Outfit", pkg: "outfit", kind: "sans" },
  { family: "Oswald", pkg: "oswald", kind: "sans" },
  { family: "Space Grotesk", pkg: "space-grotesk", kind: "sans" },
  { family: "Fraunces", pkg: "fraunces", kind: "serif" },
  { family: "Playfair Display", pkg: "playfair-display", kind: "serif" },
];

function measure(data: Uint8Array) {
  const face = new hb.Face(new hb.Blob(data));
  const font = new hb.Font(face);
  // Body text is set at 400; a variable font's default instance may be another weight.
  const regular = hb.Variation.fromString("wght=400");
  if (regular && face.getAxisInfos().wght) font.setVariations([regular]);
  const buffer = new hb.Buffer();
  buffer.addText(SAMPLE);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  const width = buffer.getGlyphPositions().reduce((sum, p) => sum + p.xAdvance, 0) / face.upem;
  const hhea = face.referenceTable("hhea")!;
  const view = new DataView(hhea.buffer, hhea.byteOffset, hhea.byteLength);
  return { width, ascent: view.getInt16(4) / face.upem, descent: -view.getInt16(6) / face.upem, lineGap: view.getInt16(8) / face.upem };
}

const pct = (n: number) => `${(n * 100).toFixed(2)}%`;
for (const { family, pkg, kind } of families) {
  const woff2 = fs.readFileSync(path.join(root, "app/styles/fonts", `${pkg}-core.woff2`));
  const web = measure(new Uint8Array(await fontverter.convert(woff2, "truetype")));
  const local = measure(new Uint8Array(fs.readFileSync(locals[kind].file)));
  const sizeAdjust = web.width / local.width;
  console.log(`@font-face {
  font-family: "${family} Fallback";
  src: ${locals[kind].src};
  size-adjust: ${pct(sizeAdjust)};
  ascent-override: ${pct(web.ascent / sizeAdjust)};
  descent-override: ${pct(web.descent / sizeAdjust)};
  line-gap-override: ${pct(web.lineGap / sizeAdjust)};
}`);
}
