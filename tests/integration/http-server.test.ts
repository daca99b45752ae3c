import type http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { loadConfig } from "../../server/config.server";
import { createNodeHandler } from "../../server/http/listener.server";
import {
  closeHttpServer,
  createHttpServer,
  HTTP_SERVER_LIMITS,
  type HttpServerLimits,
} from "../../server/http/node-server.server";
import { createLogger } from "../../server/logger.server";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";

/**
 * The server exactly as server/index.ts builds it (createHttpServer around the
 * app's listener), with shorter limits where a test would otherwise wait.
 */
describe(`HTTP server limits (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  let handler: ReturnType<typeof createNodeHandler>;
  let release: () => void = () => {};
  const arrived: Array<() => void> = [];
  const servers: http.Server[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: "test" });
    handler = createNodeHandler({ config, database, logger: createLogger(config) });
    // An answer the test holds back, to have a request in flight.
    handler.app.get("/held", async (c) => {
      const held = new Promise<void>((r) => (release = r));
      arrived.shift()?.();
      await held;
      return c.text("done");
    });
  });

  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  afterAll(() => database.dispose());

  async function listen(limits: Partial<HttpServerLimits> = {}) {
    const server = createHttpServer(handler.listener, limits);
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    return { server, port: (server.address() as AddressInfo).port };
  }

  /** A raw connection: what the server sent, and a promise of its closing. */
  function connect(port: number) {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", () => {});
    const closed = new Promise<void>((r) => socket.once("close", () => r()));
    const opened = new Promise<void>((r) => socket.once("connect", () => r()));
    // Resolves once one whole response (headers and Content-Length bytes) has arrived.
    const answered = () =>
      new Promise<void>((resolve) => {
        const check = () => {
          const end = received.indexOf("\r\n\r\n");
          const length = Number(/\r\ncontent-length: *(\d+)/i.exec(received)?.[1] ?? Number.NaN);
          if (end !== -1 && received.length >= end + 4 + length) {
            socket.off("data", check);
            resolve();
          }
        };
        socket.on("data", check);
        check();
      });
    return { socket, closed, opened, answered, received: () => received };
  }

  it("runs with limits that cut off trickling clients and outlast a proxy's idle connections", () => {
    const server = createHttpServer(handler.listener);
    servers.push(server);
    expect(HTTP_SERVER_LIMITS).toEqual({
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      keepAliveTimeout: 65_000,
      connectionsCheckingInterval: 1_000,
      maxConnections: 1_000,
    });
    expect(server.headersTimeout).toBe(HTTP_SERVER_LIMITS.headersTimeout);
    expect(server.requestTimeout).toBe(HTTP_SERVER_LIMITS.requestTimeout);
    expect(server.keepAliveTimeout).toBe(HTTP_SERVER_LIMITS.keepAliveTimeout);
    expect(server.maxConnections).toBe(HTTP_SERVER_LIMITS.maxConnections);
    // Proxies keep upstream connections idle for 60 s; Node's default request timeout is 300 s.
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(server.requestTimeout).toBeLessThanOrEqual(60_000);
  });

  it("answers 408 and closes a connection whose headers trickle in a byte at a time", async () => {
    const { port } = await listen({ headersTimeout: 500, connectionsCheckingInterval: 50 });
    const client = connect(port);
    await client.opened;
    const request = `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${"a".repeat(80)}\r\n\r\n`;
    let sent = 0;
    const trickle = setInterval(() => {
      if (sent < request.length) client.socket.write(request[sent++]!);
    }, 100);
    await client.closed;
    clearInterval(trickle);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    // Cut off while still sending its headers, not after it finished.
    expect(sent).toBeLessThan(request.length);
  });

  it("closes a connection beyond the cap at once, and takes new ones when a slot is free", async () => {
    const { server, port } = await listen({ maxConnections: 2 });
    const serverSideClosed: Array<Promise<void>> = [];
    server.on("connection", (s: net.Socket) =>
      serverSideClosed.push(new Promise((r) => s.once("close", () => r()))),
    );
    const get = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

    const first = connect(port);
    const second = connect(port);
    for (const c of [first, second]) {
      c.socket.write(get);
      await c.answered();
      expect(c.received()).toMatch(/^HTTP\/1\.1 200 /);
    }
    const third = connect(port);
    third.socket.write(get);
    await third.closed;
    expect(third.received()).toBe("");

    first.socket.destroy();
    await serverSideClosed[0];
    const fourth = connect(port);
    fourth.socket.write(get);
    await fourth.answered();
    expect(fourth.received()).toMatch(/^HTTP\/1\.1 200 /);
    second.socket.destroy();
    fourth.socket.destroy();
  });

  it("on shutdown answers the request in flight, then closes its kept-alive connection", async () => {
    const { server, port } = await listen();
    const client = connect(port);
    const reached = new Promise<void>((r) => arrived.push(r));
    client.socket.write("GET /held HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await reached;
    const closed = new Promise<"closed">((r) => closeHttpServer(server, () => r("closed")));
    release();
    await client.answered();
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    // The keep-alive time is 65 s: without closing the connection after its answer, the server stays open.
    const stillOpen = new Promise<"open">((r) => setTimeout(() => r("open"), 10_000).unref());
    expect(await Promise.race([closed, stillOpen])).toBe("closed");
    await client.closed;
  });
});
