/** The families scripts/subset-fonts.ts cuts down, by @fontsource-variable package name. */
export const coreFonts = [
  "inter",
  "plus-jakarta-sans",
  "archivo",
  "dm-sans",
  "fraunces",
  "lora",
  "oswald",
  "outfit",
  "playfair-display",
  "space-grotesk",
] as const;

const ascii = Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i)).join("");

/**
 * Printable ASCII plus the few other characters the site's copy uses (and common
 * typographic punctuation a copy edit is likely to add).
 */
export const CORE_TEXT = `${ascii}\u00a0©®°²·éó‘’“”–—•…€™★×`;

/** CORE_TEXT as a CSS unicode-range. */
export function coreUnicodeRange() {
  const points = [...new Set(Array.from(CORE_TEXT, (c) => c.codePointAt(0)!))].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < points.length; i++) {
    const start = points[i]!;
    let end = start;
    while (points[i + 1] === end + 1) end = points[++i]!;
    const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, "0");
    parts.push(start === end ? `U+${hex(start)}` : `U+${hex(start)}-${hex(end)}`);
  }
  return parts.join(",");
}

/** Characters of `text` the core files do not hold (whitespace aside). */
export function outsideCore(text: string) {
  const core = new Set(CORE_TEXT);
  return [...new Set(text)].filter((c) => !core.has(c) && !/\s/.test(c));
}
