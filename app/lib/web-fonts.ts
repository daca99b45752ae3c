import coreFonts from "~/styles/fonts/core-fonts.css?raw";

/** The built URL of each core face, by file name. */
const files = import.meta.glob<string>("../styles/fonts/*.woff2", {
  query: "?url",
  import: "default",
  eager: true,
});

/**
 * The core faces' @font-face rules (app/styles/fonts/core-fonts.css, written by npm run fonts)
 * with their built URLs, as lib/after-first-paint.ts adds them after the first paint. They are
 * not in the render-blocking stylesheet: there a face was fetched as soon as the first layout
 * used it, before the first paint.
 */
export const webFontFaces = coreFonts
  .replace(/\/\*[\s\S]*?\*\//g, "")
  .replace(/url\("\.\/([^"]+)"\)/g, (_, file: string) => {
    const url = files[`../styles/fonts/${file}`];
    if (!url) throw new Error(`core-fonts.css names ${file}, which is not in app/styles/fonts/`);
    return `url("${url}")`;
  })
  .replace(/\s*\n\s*/g, "")
  .replace(/;}/g, "}");
