/**
 * Screenshots of each demo's home page shown on the portfolio cards. Rendered at
 * build time by scripts/demo-previews.ts into /previews/, with committed copies in
 * assets/previews/ for builds without Chromium.
 */

/** The top of the demo's home page at a desktop width, shown at 2:1 like the card slot. */
export const PREVIEW_VIEWPORT = { width: 1280, height: 640 } as const;
/** Widths of the files in the srcset: a small phone, a phone at 1.75x or a 1x desktop card, a 2x card. */
export const PREVIEW_WIDTHS = [400, 600, 800] as const;
export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number];

export const previewHeight = (width: number) => Math.round((width * PREVIEW_VIEWPORT.height) / PREVIEW_VIEWPORT.width);
export const previewFile = (demoId: string, width: PreviewWidth) => `${demoId}-${width}.webp`;
export const previewSrc = (demoId: string, width: PreviewWidth) => `/previews/${previewFile(demoId, width)}`;
export const previewSrcSet = (demoId: string) => PREVIEW_WIDTHS.map((w) => `${previewSrc(demoId, w)} ${w}w`).join(", ");
