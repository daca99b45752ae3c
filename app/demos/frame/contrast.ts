import type { DemoTheme } from "./types";

/** WCAG 2.x relative luminance of a #rgb / #rrggbb colour. */
export function relativeLuminance(hex: string) {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`Not a hex colour: ${hex}`);
  const digits = m[1] ?? "";
  const full = digits.length === 3 ? [...digits].map((c) => c + c).join("") : digits;
  const channel = (i: number) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

export function contrastRatio(a: string, b: string) {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The text/background pairs a demo theme promises (AA: 4.5:1 for text, 3:1
 * for the focus ring). Returns the failing pairs, empty when the theme passes.
 */
export function themeContrastIssues(theme: DemoTheme) {
  const c = theme.colors;
  const pairs: [string, string, string, number][] = [
    ["foreground on background", c.foreground, c.background, 4.5],
    ["card text", c.cardForeground, c.card, 4.5],
    ["primary button", c.primaryForeground, c.primary, 4.5],
    ...(theme.primaryIsFillOnly
      ? []
      : [["primary text on background", c.primary, c.background, 4.5] as [string, string, string, number]]),
    ["secondary", c.secondaryForeground, c.secondary, 4.5],
    ["muted text on muted", c.mutedForeground, c.muted, 4.5],
    ["muted text on background", c.mutedForeground, c.background, 4.5],
    ["muted text on card", c.mutedForeground, c.card, 4.5],
    ["accent", c.accentForeground, c.accent, 4.5],
    ["background on foreground (inverse footer)", c.background, c.foreground, 4.5],
    ["focus ring on background", c.ring, c.background, 3],
  ];
  return pairs
    .map(([name, fg, bg, min]) => ({ name, ratio: contrastRatio(fg, bg), min }))
    .filter((p) => p.ratio < p.min)
    .map((p) => `${p.name}: ${p.ratio.toFixed(2)} < ${p.min}`);
}
