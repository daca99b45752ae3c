import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts a second server from the same build on its own port. */
async function startServer(port: number): Promise<ChildProcess> {
  // The compiled server run by node itself (no wrapper), so the signal and exit code are its own.
  const child = spawn(process.execPath, ["build/node/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      DATABASE_PATH: path.join(process.env.E2E_RUN_DIR!, `shutdown-${port}.db`),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}

/** Opens a connection and sends only part of a request, leaving it in flight. */
function partialRequest(port: number, pathname: string) {
  const socket = net.connect(port, "127.0.0.1");
  let data = "";
  socket.on("data", (d) => (data += d.toString("latin1")));
  const opened = new Promise<void>((r) => socket.once("connect", () => r()));
  const ended = new Promise<string>((r) => socket.once("close", () => r(data)));
  return {
    opened,
    start: () => socket.write(`GET ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n`),
    finish: () => socket.write("Accept: text/html\r\n\r\n"),
    ended,
  };
}

test("SIGTERM lets in-flight requests finish, then exits 0", async () => {
  const port = await freePort();
  const server = await startServer(port);
  const exited = new Promise<number | string | null>((r) =>
    server.once("exit", (code, signal) => r(code ?? signal)),
  );

  const inflight = Array.from({ length: 5 }, (_, i) =>
    partialRequest(port, i % 2 ? "/pricing" : "/no-such-page"),
  );
  await Promise.all(inflight.map((r) => r.opened));
  inflight.forEach((r) => r.start());
  await new Promise((r) => setTimeout(r, 200));

  server.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 500));
  inflight.forEach((r) => r.finish());

  const responses = await Promise.all(inflight.map((r) => r.ended));
  responses.forEach((raw, i) =>
    expect(raw.split("\r\n")[0]).toBe(i % 2 ? "HTTP/1.1 200 OK" : "HTTP/1.1 404 Not Found"),
  );
  expect(await exited).toBe(0);
  // New connections are refused once the server has closed.
  await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
});
