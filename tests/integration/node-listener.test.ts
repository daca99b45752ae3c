import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { loadConfig } from "../../server/config.server";
import { DEFAULT_BODY_LIMIT } from "../../server/http/env";
import { createNodeHandler } from "../../server/http/listener.server";
import { createLogger } from "../../server/logger.server";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";

/**
 * The process's real request listener on a real socket: small bodies are read
 * before Hono (rawBody) and the security headers are set on the finished
 * Response in place. Both must answer exactly as before, and keep the
 * connection alive for the next request.
 */

const inquiry = (i: number) => ({
  firstName: "Listener",
  lastName: `Test ${i}`,
  email: `listener${i}@example.com`,
  projectType: "basic",
  message: "Checking the request listener end to end.",
  elapsedMs: 8000,
  botcheck: "",
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; socketPort: number };

function request(
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  body?: string | Buffer,
  headers: http.OutgoingHttpHeaders = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body: Buffer.concat(chunks).toString("utf8"),
          socketPort: (req.socket!.address() as AddressInfo).port,
        }),
      );
    });
    req.on("error", reject);
    // end(body) sends a Content-Length; write() then end() would send the body chunked.
    req.end(body);
  });
}

describe(`node request listener (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  let server: http.Server;
  let port: number;
  /** The server-side socket of the latest request, once its answer is finished. */
  let answered: Promise<Socket>;
  /** When set, resolved once the server has read the next request's first body bytes. */
  let firstBytes: { seen(): void } | undefined;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  beforeAll(async () => {
    database = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: "test", RATE_LIMIT_DISABLED: "true" });
    const { app, listener } = createNodeHandler({ config, database, logger: createLogger(config) });
    // Response.redirect() has immutable headers (a guard a Hono c.redirect() does not have).
    app.get("/immutable-redirect", () => Response.redirect("http://127.0.0.1/elsewhere", 302));
    server = http.createServer((req, res) => {
      answered = new Promise((resolve) => res.once("finish", () => resolve(req.socket)));
      // Only when asked: an early "data" listener would take a streamed body's first chunk from Hono.
      if (firstBytes) req.once("data", firstBytes.seen);
      listener(req, res);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    agent.destroy();
    await new Promise((r) => server.close(r));
    await database.dispose();
  });

  it("stores JSON inquiries sent with a Content-Length, with every security header, on one kept-alive connection", async () => {
    const answers: Answer[] = [];
    // @hono/node-server closes a socket whose body it thinks is unread 500 ms after the answer;
    // with the clock in hand any such timer is run at once, and the socket checked.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      for (let i = 0; i < 3; i++) {
        answers.push(
          await request(agent, port, "POST", "/api/inquiries", JSON.stringify(inquiry(i)), {
            "content-type": "application/json",
          }),
        );
        const socket = await answered;
        vi.advanceTimersByTime(1_000);
        expect(socket.writableEnded || socket.destroyed, "the server closed the connection").toBe(false);
      }
    } finally {
      vi.useRealTimers();
    }
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(JSON.parse(a.body)).toMatchObject({ success: true });
      expect(a.headers["content-security-policy"]).toContain("default-src 'none'");
      expect(a.headers["x-content-type-options"]).toBe("nosniff");
      expect(a.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(a.headers["content-type"]).toContain("application/json");
    }
    // Nothing was left to drain, so the connection was not closed under the client.
    expect(new Set(answers.map((a) => a.socketPort)).size).toBe(1);
    const ids = answers.map((a) => (JSON.parse(a.body) as { id: string }).id);
    const rows = await database.db.selectFrom("leads").select("id").where("id", "in", ids).execute();
    expect(rows).toHaveLength(3);
  });

  it("reads a chunked body (no Content-Length) the usual way", async () => {
    const a = await request(agent, port, "POST", "/api/inquiries", JSON.stringify(inquiry(10)), {
      "content-type": "application/json",
      "transfer-encoding": "chunked",
    });
    expect(a.status).toBe(200);
    expect(JSON.parse(a.body)).toMatchObject({ success: true });
  });

  it("reads a body that arrives in several packets, split inside a UTF-8 character", async () => {
    const body = Buffer.from(JSON.stringify({ ...inquiry(11), firstName: "Zoë Ærøskøbing" }));
    // `{"firstName":"Zo` is 16 bytes; "ë" takes the next two.
    const split = 17;
    const a = await new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/inquiries",
          agent,
          headers: { "content-type": "application/json", "content-length": body.length },
        },
        (res) => {
          let text = "";
          res.on("data", (c: Buffer) => (text += c.toString()));
          res.on("end", () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: text, socketPort: 0 }),
          );
        },
      );
      req.on("error", reject);
      // The rest only once the server has read the first part, so the two never arrive as one.
      firstBytes = { seen: () => req.end(body.subarray(split)) };
      req.flushHeaders();
      req.write(body.subarray(0, split));
    });
    firstBytes = undefined;
    expect(a.status).toBe(200);
    const { id } = JSON.parse(a.body) as { id: string };
    const row = await database.db
      .selectFrom("leads")
      .select("first_name")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.first_name).toBe("Zoë Ærøskøbing");
  });

  it("still refuses a body over the limit with 413, and a bad body with 400", async () => {
    const big = await request(
      agent,
      port,
      "POST",
      "/api/inquiries",
      Buffer.alloc(DEFAULT_BODY_LIMIT + 1, 0x20),
      { "content-type": "application/json" },
    );
    expect(big.status).toBe(413);
    expect(big.headers["content-security-policy"]).toContain("default-src 'none'");
    const bad = await request(agent, port, "POST", "/api/inquiries", "{not json", {
      "content-type": "application/json",
    });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ success: false });
  });

  it("answers a fully sent oversize body with 413 on a connection that stays usable (read, not reset)", async () => {
    // Sent in slices with pauses, so the answer is ready long before the upload ends.
    const answer = await new Promise<Answer>((resolve, reject) => {
      const size = 300 * 1024;
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/contact",
          agent,
          headers: { "content-type": "application/x-www-form-urlencoded", "content-length": size },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({
              status: res.statusCode!,
              headers: res.headers,
              body: Buffer.concat(chunks).toString("utf8"),
              socketPort: 0,
            }),
          );
        },
      );
      req.on("error", reject);
      let sent = 0;
      const slice = () => {
        const n = Math.min(32 * 1024, size - sent);
        req.write(Buffer.alloc(n, 0x61));
        sent += n;
        if (sent < size) setTimeout(slice, 5);
        else req.end();
      };
      slice();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ success: false, error: "Request body is too large." });
    expect((await request(agent, port, "GET", "/healthz")).status).toBe(200);
  });

  it("adds the headers to a JSON 404, and to a Response whose headers are immutable", async () => {
    const missing = await request(agent, port, "GET", "/api/nothing-here");
    expect(missing.status).toBe(404);
    expect(missing.headers["x-request-id"]).toBeTruthy();
    expect(missing.headers["content-security-policy"]).toContain("default-src 'none'");

    const redirect = await request(agent, port, "GET", "/immutable-redirect");
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe("http://127.0.0.1/elsewhere");
    expect(redirect.headers["x-request-id"]).toBeTruthy();
    expect(redirect.headers["x-content-type-options"]).toBe("nosniff");
  });
});
