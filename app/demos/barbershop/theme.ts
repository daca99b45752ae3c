import type { DemoTheme } from "~/demos/frame/types";

/**
 * Crown & Clipper: cream paper, espresso ink, oxblood and barber-pole navy with
 * a brass accent; Playfair Display over Lora; near-square corners like a
 * printed price board.
 */
export const barbershopTheme: DemoTheme = {
  colors: {
    background: "#f5efe3",
    foreground: "#1f1712",
    card: "#fbf7ef",
    cardForeground: "#1f1712",
    primary: "#7a1f1f",
    primaryForeground: "#fbf7ef",
    secondary: "#1c2740",
    secondaryForeground: "#f5efe3",
    muted: "#ebe2d1",
    mutedForeground: "#5c4a3d",
    accent: "#c49a5a",
    accentForeground: "#1f1712",
    border: "#dacbb0",
    input: "#8a7560",
    ring: "#7a1f1f",
  },
  fonts: {
    heading: '"Playfair Display Variable", "Playfair Display Fallback", Georgia, "Times New Roman", serif',
    body: '"Lora Variable", "Lora Fallback", Georgia, "Times New Roman", serif',
  },
  radius: "0.125rem",
  header: "dark",
};
