import type * as React from "react";

import { DemoStyleProvider } from "./slots";
import type { DemoTheme } from "./types";

/** Applies a demo's theme tokens (colours, fonts, radius) to everything inside it. */
export function themeStyle(theme: DemoTheme): React.CSSProperties {
  const c = theme.colors;
  return {
    "--background": c.background,
    "--foreground": c.foreground,
    "--card": c.card,
    "--card-foreground": c.cardForeground,
    "--primary": c.primary,
    "--primary-foreground": c.primaryForeground,
    "--secondary": c.secondary,
    "--secondary-foreground": c.secondaryForeground,
    "--muted": c.muted,
    "--muted-foreground": c.mutedForeground,
    "--accent": c.accent,
    "--accent-foreground": c.accentForeground,
    "--border": c.border,
    "--input": c.input,
    "--ring": c.ring,
    "--font-heading": theme.fonts.heading,
    "--font-body": theme.fonts.body,
    "--radius": theme.radius,
  } as React.CSSProperties;
}

export function ThemeScope({ theme, children }: { theme: DemoTheme; children: React.ReactNode }) {
  return (
    <div
      style={themeStyle(theme)}
      className="flex min-h-screen flex-col bg-background font-sans text-foreground"
    >
      <DemoStyleProvider slots={theme.slots} marks={theme.marks}>
        {children}
      </DemoStyleProvider>
    </div>
  );
}
