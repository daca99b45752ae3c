import type { DemoTheme } from "~/demos/frame/types";

/**
 * Brightline Electric: graphite and safety yellow, Space Grotesk over Inter,
 * crisp small radius. Yellow is only ever a background (with graphite text)
 * or text on the dark sections; on light backgrounds links use the blue accent.
 */
export const electricianTheme: DemoTheme = {
  colors: {
    background: "#f6f7f9",
    foreground: "#0f172a",
    card: "#ffffff",
    cardForeground: "#0f172a",
    primary: "#facc15",
    primaryForeground: "#111827",
    secondary: "#1e293b",
    secondaryForeground: "#f8fafc",
    muted: "#eceff4",
    mutedForeground: "#475569",
    accent: "#1d4ed8",
    accentForeground: "#ffffff",
    border: "#dce1e8",
    input: "#64748b",
    ring: "#1d4ed8",
  },
  fonts: {
    heading: '"Space Grotesk Variable", "Space Grotesk Fallback", ui-sans-serif, system-ui, sans-serif',
    body: '"Inter Variable", "Inter Fallback", ui-sans-serif, system-ui, sans-serif',
  },
  radius: "0.375rem",
  header: "dark",
  primaryIsFillOnly: true,
};
