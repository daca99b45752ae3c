import { createHash } from "node:crypto";
import fs from "node:fs";
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
    const read = (suffix: string) => (fs.existsSync(full + suffix) ? fs.readFileSync(full + suffix) : undefined);
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

/** Picks the best encoding the client accepts among those we have. */
export function chooseEncoding(entry: StaticEntry, acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set(
    acceptEncoding
      .split(",")
      .map((s) => s.trim().split(";"))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name?.toLowerCase()),
  );
  if (entry.br && accepted.has("br")) return "br";
  if (entry.gzip && (accepted.has("gzip") || accepted.has("*"))) return "gzip";
  return undefined;
}
