/**
 * Pictures of each demo's home page on the portfolio and home cards: committed AVIF
 * files in assets/previews/ (made by `npm run previews`), copied into the client
 * build under /previews/ (decision 0017).
 */

/** The top of the demo's home page at a desktop width, shown at 2:1 like the card slot. */
export const PREVIEW_VIEWPORT = { width: 1280, height: 640 } as const;
/**
 * Widths of the files in the srcset: a 1x card of the three-column home grid, a phone
 * (412 px at 1.75x) or a 1x two-column portfolio card, and a 2x card or a 3x phone.
 */
export const PREVIEW_WIDTHS = [400, 720, 1080] as const;
export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number];

export const previewHeight = (width: number) =>
  Math.round((width * PREVIEW_VIEWPORT.height) / PREVIEW_VIEWPORT.width);
export const previewFile = (demoId: string, width: PreviewWidth) => `${demoId}-${width}.avif`;
export const previewSrc = (demoId: string, width: PreviewWidth) => `/previews/${previewFile(demoId, width)}`;
export const previewSrcSet = (demoId: string) =>
  PREVIEW_WIDTHS.map((w) => `${previewSrc(demoId, w)} ${w}w`).join(", ");
