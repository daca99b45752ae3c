import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { chooseEncoding, loadStaticSite, urlPathFor } from "./static.server";
import { inlineScriptHashes } from "./security-headers.server";

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
