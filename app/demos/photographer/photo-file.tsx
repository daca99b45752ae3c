import { renderToStaticMarkup } from "react-dom/server";

import type { Route } from "./+types/photo-file";
import { photos } from "./content";
import { PhotoSvg } from "./photo-art";

/**
 * GET /demo/portfolio/photos/:file: one generated photograph as an SVG file.
 * Prerendered for every photo at build time (react-router.config.ts), so in
 * production the static server answers; this loader serves dev and the 404s.
 */
export function loader({ params }: Route.LoaderArgs) {
  const id = /^([a-z0-9-]{1,40})\.svg$/.exec(params.file)?.[1];
  const photo = id ? photos.find((p) => p.id === id) : undefined;
  if (!photo)
    throw new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n${renderToStaticMarkup(<PhotoSvg id={photo.id} scene={photo.scene} />)}`,
    {
      headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" },
    },
  );
}
