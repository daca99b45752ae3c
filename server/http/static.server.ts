import { createHash } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

import { contentSecurityPolicy, inlineScriptHashes } from "./security-headers.server";

export type StaticEntry = {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
  contentType: string;
  cacheControl: string;
  /** For HTML: the page's own CSP, allowing exactly its inline scripts by hash. */
  csp?: string;
};

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".pdf": "application/pdf",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".data": "text/x-script",
};

function walk(dir: string, out: string[] = []) {
  for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

/** URL path a built file answers: "about/index.html" -> "/about", "index.html" -> "/". */
export function urlPathFor(relative: string) {
  const p = `/${relative.split(path.sep).join("/")}`;
  if (p === "/index.html") return "/";
  if (p.endsWith("/index.html")) return p.slice(0, -"/index.html".length);
  return p;
}

/**
 * Loads the client build into memory once: every page and asset with its
 * precompressed variants (made by scripts/postbuild.ts), ETag and cache policy.
 */
export function loadStaticSite(clientDir: string): Map<string, StaticEntry> {
  const files = new Map<string, StaticEntry>();
  if (!fs.existsSync(clientDir)) return files;
  for (const full of walk(clientDir)) {
    if (full.endsWith(".br") || full.endsWith(".gz")) continue;
    const rel = path.relative(clientDir, full);
    const ext = path.extname(full).toLowerCase();
    const body = fs.readFileSync(full);
    const read = (suffix: string) =>
      fs.existsSync(full + suffix) ? fs.readFileSync(full + suffix) : undefined;
    const isHtml = ext === ".html";
    const hashed = rel.startsWith(`assets${path.sep}`);
    files.set(urlPathFor(rel), {
      body,
      br: read(".br"),
      gzip: read(".gz"),
      etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`,
      contentType: TYPES[ext] ?? "application/octet-stream",
      cacheControl: hashed
        ? "public, max-age=31536000, immutable"
        : isHtml || ext === ".data"
          ? "public, max-age=0, must-revalidate"
          : "public, max-age=86400",
      csp: isHtml ? contentSecurityPolicy(inlineScriptHashes(body.toString("utf8"))) : undefined,
    });
  }
  return files;
}

type Accepted = { br: boolean; gzip: boolean };

export function parseAcceptEncoding(acceptEncoding: string): Accepted {
  const accepted = new Set(
    acceptEncoding
      .split(",")
      .map((s) => s.trim().split(";"))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name?.toLowerCase()),
  );
  return { br: accepted.has("br"), gzip: accepted.has("gzip") || accepted.has("*") };
}

// Browsers send a handful of distinct Accept-Encoding values; parsing each once
// keeps the hot path free of splitting and allocation. Bounded against abuse.
const acceptCache = new Map<string, Accepted>();

/** Picks the best encoding the client accepts among those we have. */
export function chooseEncoding(
  entry: StaticEntry,
  acceptEncoding: string | undefined,
): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  let accepted = acceptCache.get(acceptEncoding);
  if (!accepted) {
    accepted = parseAcceptEncoding(acceptEncoding);
    if (acceptCache.size >= 256) acceptCache.clear();
    acceptCache.set(acceptEncoding, accepted);
  }
  if (entry.br && accepted.br) return "br";
  if (entry.gzip && accepted.gzip) return "gzip";
  return undefined;
}

/** True when an If-None-Match header names this entry's ETag (weak or strong). */
export function etagMatches(ifNoneMatch: string | undefined | null, etag: string) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  return ifNoneMatch.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
}

/** Response headers of a static entry, without the per-request ones (request id). */
export function staticHeaders(
  entry: StaticEntry,
  encoding: "br" | "gzip" | undefined,
  base: Record<string, string>,
  nonHtmlCsp: string,
) {
  const body = encoding === "br" ? entry.br! : encoding === "gzip" ? entry.gzip! : entry.body;
  const headers: Record<string, string> = {
    "Content-Type": entry.contentType,
    "Cache-Control": entry.cacheControl,
    ETag: entry.etag,
    ...(entry.br || entry.gzip ? { Vary: "Accept-Encoding" } : {}),
    ...(encoding ? { "Content-Encoding": encoding } : {}),
    "Content-Length": String(body.length),
    ...base,
    "Content-Security-Policy": entry.csp ?? nonHtmlCsp,
  };
  return { headers, body };
}

/**
 * A 304's headers from the 200's: no body, so no length, encoding or type (RFC 9110
 * §15.4.5: a 304 carries only what updates the cached response). Fewer headers to
 * validate and write on the most frequent answer of all.
 */
export function notModifiedHeaders(headers: Record<string, string>) {
  const {
    "Content-Length": _length,
    "Content-Encoding": _encoding,
    "Content-Type": _type,
    ...rest
  } = headers;
  return rest;
}

export type StaticResponderOptions = {
  /** Security headers every response carries. */
  securityHeaders: Record<string, string>;
  /** CSP for responses that are not HTML pages. */
  nonHtmlCsp: string;
  /** Request id factory (one per response, as the app's middleware sets). */
  requestId: () => string;
  /** Called once per answered request, for the access log. */
  onResponse: (info: {
    reqId: string;
    method: string;
    path: string;
    status: number;
    started: number;
  }) => void;
};

/**
 * The hot path for prerendered pages and assets, on Node's own request and
 * response objects: headers are built once per file and encoding at start-up,
 * so a hit costs a map lookup and a write. It answers exactly what the Hono
 * route in app.server.ts answers for the same file (same headers, 304s, HEAD)
 * and returns false for anything it does not serve, which then goes to the app.
 */
export function createStaticResponder(files: Map<string, StaticEntry>, options: StaticResponderOptions) {
  type Variant = { headers: Record<string, string>; body: Buffer; notModified: Record<string, string> };
  const variants = new Map<StaticEntry, Partial<Record<"br" | "gzip" | "identity", Variant>>>();
  for (const entry of files.values()) {
    const v: Partial<Record<"br" | "gzip" | "identity", Variant>> = {};
    for (const enc of [undefined, "br", "gzip"] as const) {
      if (enc && !entry[enc]) continue;
      const { headers, body } = staticHeaders(entry, enc, options.securityHeaders, options.nonHtmlCsp);
      v[enc ?? "identity"] = { headers, body, notModified: notModifiedHeaders(headers) };
    }
    variants.set(entry, v);
  }

  return function respond(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    let pathname = q === -1 ? url : url.slice(0, q);
    if (pathname.includes("%")) {
      try {
        pathname = decodeURIComponent(pathname);
      } catch {
        return false; // the app answers 400
      }
    }
    const entry = files.get(pathname);
    if (!entry) return false;
    const started = performance.now();
    const reqId = options.requestId();
    const encoding = chooseEncoding(entry, req.headers["accept-encoding"]);
    const variant = variants.get(entry)![encoding ?? "identity"]!;
    const status = etagMatches(req.headers["if-none-match"], entry.etag) ? 304 : 200;
    // writeHead serialises the object synchronously, so the prebuilt one is
    // reused with this request's id instead of copied per request.
    const headers = status === 304 ? variant.notModified : variant.headers;
    headers["X-Request-Id"] = reqId;
    res.writeHead(status, headers);
    res.end(status === 304 || method === "HEAD" ? undefined : variant.body);
    options.onResponse({ reqId, method, path: pathname, status, started });
    return true;
  };
}
