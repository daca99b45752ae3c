import http from "node:http";
import type net from "node:net";

export type FormServiceRequest = { method: string; contentType: string; fields: Record<string, string> };

/**
 * A local stand-in for the form-submission service (Web3Forms): records each
 * multipart POST's fields and answers with a JSON success flag, or fails on demand.
 */
export async function startFakeFormService() {
  const requests: FormServiceRequest[] = [];
  let mode: "ok" | "refuse" | "http-500" = "ok";

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const contentType = req.headers["content-type"] ?? "";
    const fields: Record<string, string> = {};
    try {
      const form = await new Request("http://fake/", {
        method: "POST",
        body: Buffer.concat(chunks),
        headers: { "content-type": contentType },
      }).formData();
      for (const [k, v] of form.entries()) fields[k] = typeof v === "string" ? v : `[file ${v.name}]`;
    } catch {
      // not multipart: recorded with no fields
    }
    requests.push({ method: req.method ?? "", contentType, fields });
    if (mode === "http-500") {
      res
        .writeHead(500, { "content-type": "application/json" })
        .end(JSON.stringify({ success: false, message: "Server error" }));
    } else if (mode === "refuse") {
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ success: false, message: "Invalid access key" }));
    } else {
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ success: true, message: "Email sent successfully!" }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/submit`,
    requests,
    setMode(m: typeof mode) {
      mode = m;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
