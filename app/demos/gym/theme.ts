import type { DemoTheme } from "~/demos/frame/types";

/**
 * Ironside Athletic: a dark training-floor palette with volt-lime energy and a
 * hot orange second accent; condensed Oswald headlines over Archivo; hard
 * square corners. The footer stays dark (muted) like the rest of the site.
 */
export const gymTheme: DemoTheme = {
  colors: {
    background: "#0d0d0f",
    foreground: "#f4f4f5",
    card: "#17171b",
    cardForeground: "#f4f4f5",
    primary: "#c6f135",
    primaryForeground: "#0d0d0f",
    secondary: "#26262c",
    secondaryForeground: "#f4f4f5",
    muted: "#1c1c21",
    mutedForeground: "#a6a6b0",
    accent: "#ff6a2b",
    accentForeground: "#0d0d0f",
    border: "#2f2f36",
    input: "#7a7a85",
    ring: "#c6f135",
  },
  fonts: {
    heading: '"Oswald Variable", "Oswald Fallback", Impact, "Arial Narrow", sans-serif',
    body: '"Archivo Variable", "Archivo Fallback", ui-sans-serif, system-ui, sans-serif',
  },
  radius: "0rem",
  header: "light",
  footer: "muted",
};
