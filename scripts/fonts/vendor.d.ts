// subset-font ships no types; the call scripts/subset-fonts.ts makes.
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: "woff2" | "woff" | "truetype" | "sfnt";
      variationAxes?: Record<string, number | { min: number; max: number }>;
      /** OpenType feature tags to keep (all of them when omitted). */
      keepFeatures?: string[];
    },
  ): Promise<Buffer>;
}

// fontverter (a subset-font dependency) ships no types; the call fallback-metrics.ts makes.
declare module "fontverter" {
  const fontverter: {
    convert(font: Buffer, format: "truetype" | "woff" | "woff2" | "sfnt"): Promise<Buffer>;
  };
  export default fontverter;
}
