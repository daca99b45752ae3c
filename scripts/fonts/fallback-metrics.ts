/**
 * Metric-matched fallback faces (app/styles/fonts/fallback-fonts.css, written by
 * `npm run fonts`): while a web font loads (font-display: swap), its text is set in a
 * local face scaled to the web font's average advance width (size-adjust) with the
 * web font's vertical metrics (ascent/descent/line-gap overrides), so the swap moves
 * as little text as an average can. Widths are measured by shaping an English sample
 * with HarfBuzz in both fonts. Local faces are the metric-compatible Liberation fonts
 * (Arial / Times New Roman).
 *
 * One face per weight the pages use (300 for the photographer's light headlines).
 * Headings are set at 600–800, where a variable web font is up to 10 % wider than at
 * 400; a single 400 fallback, synthesised bold, set headings narrower than the web font
 * and their lines re-wrapped on the swap (CLS 0.02–0.05 on three demo pages). Bold
 * fallbacks use the local bold face.
 */
import fs from "node:fs";
import path from "node:path";
import fontverter from "fontverter";
import * as hb from "harfbuzzjs";

const root = path.resolve(import.meta.dirname, "../..");
// A pangram. The site's own copy was tried as the sample too (reports/first-layout-cost.md): it
// matched body text better but re-wrapped more headings, which is where swaps show.
const SAMPLE =
  "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs, 0123456789!";

/**
 * The text a face's width is averaged over, set the way the pages set that face. Bold
 * sans faces are headings in Title Case, whose capitals the lowercase pangram
 * under-weights; a family the pages set in capitals (caps) is measured in capitals.
 * Measured over every h1-h3 of every route at 360, 390 and 412 px with and without the
 * web fonts (2026-11-21): 11 of 1,152 headings changed line count on the swap with the
 * plain pangram, 9 with this. At Lighthouse's 412 px the demos' hero headings went from
 * 3 re-wraps to 1, a title 1 px too wide for its line in Archivo (since reworded).
 * The serif faces keep the pangram: Title Case made Playfair's headings re-wrap more.
 */
function sampleFor({ caps, kind }: { caps?: boolean; kind: keyof typeof locals }, weight: number) {
  if (caps) return SAMPLE.toUpperCase();
  return weight >= 600 && kind === "sans" ? SAMPLE.replace(/\b\w/g, (c) => c.toUpperCase()) : SAMPLE;
}

const LIBERATION = "/usr/share/fonts/truetype/liberation";

const locals = {
  sans: {
    regular: {
      file: "LiberationSans-Regular.ttf",
      src: 'local("Arial"), local("Liberation Sans"), local("Helvetica"), local("Arimo")',
    },
    bold: {
      file: "LiberationSans-Bold.ttf",
      src: 'local("Arial Bold"), local("Arial-BoldMT"), local("Liberation Sans Bold"), local("Helvetica Bold"), local("Arimo Bold")',
    },
  },
  serif: {
    regular: {
      file: "LiberationSerif-Regular.ttf",
      src: 'local("Times New Roman"), local("Liberation Serif"), local("Tinos"), local("Times")',
    },
    bold: {
      file: "LiberationSerif-Bold.ttf",
      src: 'local("Times New Roman Bold"), local("TimesNewRomanPS-BoldMT"), local("Liberation Serif Bold"), local("Tinos Bold"), local("Times Bold")',
    },
  },
} as const;

/** caps: the pages set this family in capitals only (the gym's Oswald headlines). */
export const fallbackFamilies: { family: string; pkg: string; kind: keyof typeof locals; caps?: boolean }[] =
  [
    { family: "Inter", pkg: "inter", kind: "sans" },
    { family: "Plus Jakarta Sans", pkg: "plus-jakarta-sans", kind: "sans" },
    { family: "Archivo", pkg: "archivo", kind: "sans" },
    { family: "DM Sans", pkg: "dm-sans", kind: "sans" },
    { family: "Lora", pkg: "lora", kind: "serif" },
    { family: "Outfit", pkg: "outfit", kind: "sans" },
    { family: "Oswald", pkg: "oswald", kind: "sans", caps: true },
    { family: "Space Grotesk", pkg: "space-grotesk", kind: "sans" },
    { family: "Fraunces", pkg: "fraunces", kind: "serif" },
    { family: "Playfair Display", pkg: "playfair-display", kind: "serif" },
  ];

/** The weights the pages set text in (font-light, -normal, -semibold, -bold, -extrabold). */
export const FALLBACK_WEIGHTS = [300, 400, 600, 700, 800] as const;

function measure(data: Uint8Array, text: string, weight?: number) {
  const face = new hb.Face(new hb.Blob(data));
  const font = new hb.Font(face);
  // A variable font's default instance may be any weight; set the one measured.
  const variation =
    weight && face.getAxisInfos().wght ? hb.Variation.fromString(`wght=${weight}`) : undefined;
  if (variation) font.setVariations([variation]);
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  const width = buffer.getGlyphPositions().reduce((sum, p) => sum + p.xAdvance, 0) / face.upem;
  const hhea = face.referenceTable("hhea")!;
  const view = new DataView(hhea.buffer, hhea.byteOffset, hhea.byteLength);
  return {
    width,
    ascent: view.getInt16(4) / face.upem,
    descent: -view.getInt16(6) / face.upem,
    lineGap: view.getInt16(8) / face.upem,
  };
}

const pct = (n: number) => `${(n * 100).toFixed(2)}%`;

/** The fallback @font-face rules for every family and weight, as one stylesheet. */
export async function fallbackFontsCss() {
  const rules: string[] = [];
  for (const { family, pkg, kind, caps } of fallbackFamilies) {
    const woff2 = fs.readFileSync(path.join(root, "app/styles/fonts", `${pkg}-core.woff2`));
    const ttf = new Uint8Array(await fontverter.convert(woff2, "truetype"));
    for (const weight of FALLBACK_WEIGHTS) {
      const local = weight >= 600 ? locals[kind].bold : locals[kind].regular;
      const sample = sampleFor({ caps, kind }, weight);
      const web = measure(ttf, sample, weight);
      const sizeAdjust =
        web.width / measure(new Uint8Array(fs.readFileSync(path.join(LIBERATION, local.file))), sample).width;
      rules.push(`@font-face {
  font-family: "${family} Fallback";
  font-weight: ${weight};
  src: ${local.src};
  size-adjust: ${pct(sizeAdjust)};
  ascent-override: ${pct(web.ascent / sizeAdjust)};
  descent-override: ${pct(web.descent / sizeAdjust)};
  line-gap-override: ${pct(web.lineGap / sizeAdjust)};
}`);
    }
  }
  return `/* Generated by scripts/fonts/fallback-metrics.ts (npm run fonts); do not edit. */\n${rules.join("\n")}\n`;
}
