import zlib from "node:zlib";
import { describe, expect, it } from "vitest";

import { compressResponse } from "./compress.server";

const page = `<!DOCTYPE html><html><body>${"<p>Thank you for your payment.</p>".repeat(200)}</body></html>`;
const html = (body = page, headers: Record<string, string> = {}) =>
  new Response(body, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });

describe("compressResponse", () => {
  it("sends brotli when accepted, with Vary and the real length, and the body decodes to the page", async () => {
    const res = await compressResponse(html(), "gzip, deflate, br");
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(res.headers.get("Vary")).toBe("Accept-Encoding");
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get("Content-Length"))).toBe(body.length);
    expect(body.length).toBeLessThan(page.length / 10);
    expect(zlib.brotliDecompressSync(body).toString()).toBe(page);
  });

  it("falls back to gzip, and leaves the body alone when nothing usable is accepted", async () => {
    const gz = await compressResponse(html(), "gzip");
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(page);
    for (const accept of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const res = await compressResponse(html(), accept);
      expect(res.headers.get("Content-Encoding")).toBeNull();
      expect(await res.text()).toBe(page);
    }
  });

  it("keeps status and headers, and skips tiny bodies, non-text types and encoded responses", async () => {
    const notFound = await compressResponse(
      new Response(page, { status: 404, headers: { "Content-Type": "text/html", "X-Test": "1" } }),
      "br",
    );
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("X-Test")).toBe("1");
    expect((await compressResponse(html("<p>tiny</p>"), "br")).headers.get("Content-Encoding")).toBeNull();
    const pdf = await compressResponse(
      new Response(page, { headers: { "Content-Type": "application/pdf" } }),
      "br",
    );
    expect(pdf.headers.get("Content-Encoding")).toBeNull();
    const encoded = await compressResponse(html(page, { "Content-Encoding": "gzip" }), "br");
    expect(encoded.headers.get("Content-Encoding")).toBe("gzip");
    const redirect = await compressResponse(
      new Response(null, { status: 303, headers: { Location: "/x" } }),
      "br",
    );
    expect(redirect.status).toBe(303);
  });
});
