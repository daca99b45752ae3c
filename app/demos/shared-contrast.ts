import type { DemoTheme } from "./frame/types";

/** WCAG 2.x relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`Expected #rrggbb, got ${hex}`);
  const n = Number.parseInt(m[1]!, 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The text/background pairs a demo theme promises to keep at WCAG AA (4.5:1),
 * plus the field border against the page (3:1 for non-text contrast).
 * Used by each demo's content test so a palette tweak cannot silently fail AA.
 */
export function themeContrastPairs(theme: DemoTheme) {
  const c = theme.colors;
  return {
    text: [
      ["foreground/background", c.foreground, c.background],
      ["cardForeground/card", c.cardForeground, c.card],
      ["primaryForeground/primary", c.primaryForeground, c.primary],
      ["secondaryForeground/secondary", c.secondaryForeground, c.secondary],
      ["mutedForeground/muted", c.mutedForeground, c.muted],
      ["mutedForeground/background", c.mutedForeground, c.background],
      ["accentForeground/accent", c.accentForeground, c.accent],
      // The shared footer paints background-coloured text on the foreground colour.
      ["background/foreground", c.background, c.foreground],
    ] as const,
    nonText: [["input/background", c.input, c.background] as const],
  };
}
