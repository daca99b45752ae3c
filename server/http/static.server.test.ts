import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { inlineScriptHashes } from "./security-headers.server";
import { chooseEncoding, createStaticResponder, loadStaticSite, urlPathFor } from "./static.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "static-"));
const html = "<html><head><script>window.x=1</script><script src=/a.js></script></head></html>";
fs.mkdirSync(path.join(dir, "about"));
fs.mkdirSync(path.join(dir, "assets"));
fs.writeFileSync(path.join(dir, "about/index.html"), html);
fs.writeFileSync(path.join(dir, "about/index.html.br"), zlib.brotliCompressSync(html));
fs.writeFileSync(path.join(dir, "assets/app-abc123.js"), "console.log(1)");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("static site", () => {
  it("maps built files to clean URL paths", () => {
    expect(urlPathFor("index.html")).toBe("/");
    expect(urlPathFor(path.join("about", "index.html"))).toBe("/about");
    expect(urlPathFor(path.join("assets", "x.js"))).toBe("/assets/x.js");
  });

  it("loads pages with revalidation and hashed assets as immutable", () => {
    const site = loadStaticSite(dir);
    expect(site.get("/about")?.cacheControl).toBe("public, max-age=0, must-revalidate");
    expect(site.get("/assets/app-abc123.js")?.cacheControl).toBe("public, max-age=31536000, immutable");
    expect(site.has("/about/index.html.br")).toBe(false);
  });

  it("gives each page a CSP allowing exactly its inline scripts", () => {
    const csp = loadStaticSite(dir).get("/about")!.csp!;
    const [hash] = inlineScriptHashes(html);
    expect(csp).toContain(`script-src 'self' ${hash}`);
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src"))!;
    expect(scriptSrc).not.toMatch(/unsafe-(inline|eval)/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("picks brotli, then gzip, honouring q=0", () => {
    const entry = loadStaticSite(dir).get("/about")!;
    expect(chooseEncoding(entry, "gzip, deflate, br")).toBe("br");
    expect(chooseEncoding(entry, "br;q=0, gzip")).toBeUndefined();
    expect(chooseEncoding({ ...entry, gzip: Buffer.from("x") }, "br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding(entry, undefined)).toBeUndefined();
  });
});

describe("static responder (the hot path on node:http)", () => {
  const site = loadStaticSite(dir);
  const logged: { path: string; status: number }[] = [];
  let ids = 0;
  const respond = createStaticResponder(site, {
    securityHeaders: { "X-Content-Type-Options": "nosniff" },
    nonHtmlCsp: "default-src 'none'",
    requestId: () => `id-${++ids}`,
    onResponse: ({ path: p, status }) => logged.push({ path: p, status }),
  });
  const server = http.createServer((req, res) => {
    if (!respond(req, res)) {
      res.writeHead(599);
      res.end("fell through");
    }
  });
  let base = "";
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("answers a page with its precompressed body and every header", async () => {
    const res = await fetch(`${base}/about`, { headers: { "accept-encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(res.headers.get("content-security-policy")).toBe(site.get("/about")!.csp);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-request-id")).toMatch(/^id-\d+$/);
    expect(await res.text()).toBe(html); // fetch decodes brotli
  });

  it("gives each response its own request id", async () => {
    const a = await fetch(`${base}/about`);
    const b = await fetch(`${base}/about`);
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
    expect(await a.text()).toBe(html);
    await b.text();
  });

  it("serves identity when no encoding is accepted, and assets with the non-HTML CSP", async () => {
    const res = await fetch(`${base}/assets/app-abc123.js`, { headers: { "accept-encoding": "identity" } });
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("content-length")).toBe(String("console.log(1)".length));
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'");
  });

  it("answers 304 to a matching If-None-Match, weak or in a list", async () => {
    const etag = site.get("/about")!.etag;
    for (const inm of [etag, `W/${etag}`, `"nope", ${etag}`]) {
      const res = await fetch(`${base}/about`, { headers: { "if-none-match": inm } });
      expect(res.status).toBe(304);
      expect(res.headers.get("etag")).toBe(etag);
      // What updates the cached copy stays (its validators, caching and security headers); no body metadata.
      expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
      expect(res.headers.get("content-security-policy")).toBe(site.get("/about")!.csp);
      expect([
        res.headers.get("content-type"),
        res.headers.get("content-length"),
        res.headers.get("content-encoding"),
      ]).toEqual([null, null, null]);
    }
    expect((await fetch(`${base}/about`, { headers: { "if-none-match": '"other"' } })).status).toBe(200);
  });

  it("answers HEAD without a body", async () => {
    const res = await fetch(`${base}/about`, { method: "HEAD", headers: { "accept-encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(String(site.get("/about")!.br!.length));
    expect(await res.text()).toBe("");
  });

  it("leaves misses, other methods, trailing slashes and bad escapes to the app", async () => {
    for (const [method, p] of [
      ["GET", "/missing"],
      ["POST", "/about"],
      ["GET", "/about/"],
      ["GET", "/%E0%A4%A"],
    ] as const) {
      const res = await fetch(`${base}${p}`, { method });
      expect(res.status, `${method} ${p}`).toBe(599);
      await res.text();
    }
  });

  it("decodes escaped paths and ignores the query string", async () => {
    expect((await fetch(`${base}/%61bout?utm=x`)).status).toBe(200);
  });

  it("logs one line per answered request", async () => {
    logged.length = 0;
    await (await fetch(`${base}/about`)).text();
    expect(logged).toEqual([{ path: "/about", status: 200 }]);
  });
});
