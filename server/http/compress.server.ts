import { promisify } from "node:util";
import zlib from "node:zlib";

import { parseAcceptEncoding } from "./static.server";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this a compressed body saves less than its headers and CPU cost. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/html|application\/json|text\/plain)/;

/**
 * Compresses a runtime response (pages rendered per request such as /payment-success,
 * the 404 page and no-JavaScript form answers, and React Router's /__manifest JSON):
 * prerendered files are compressed once at build time, these were sent raw (20 KB of
 * HTML instead of 5). Brotli at quality 5 costs about a millisecond for such a page.
 * The body is buffered: these responses are small and rendered in full anyway.
 */
export async function compressResponse(
  response: Response,
  acceptEncoding: string | undefined,
): Promise<Response> {
  const type = response.headers.get("Content-Type") ?? "";
  if (
    !response.body ||
    !acceptEncoding ||
    response.headers.has("Content-Encoding") ||
    !COMPRESSIBLE.test(type)
  )
    return response;
  const accepted = parseAcceptEncoding(acceptEncoding);
  if (!accepted.br && !accepted.gzip) return response;
  const raw = Buffer.from(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.append("Vary", "Accept-Encoding");
  if (raw.length < MIN_BYTES)
    return new Response(raw, { status: response.status, statusText: response.statusText, headers });
  const body = accepted.br
    ? await brotli(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      })
    : await gzip(raw, { level: 6 });
  headers.set("Content-Encoding", accepted.br ? "br" : "gzip");
  headers.set("Content-Length", String(body.length));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
