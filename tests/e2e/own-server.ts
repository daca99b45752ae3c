import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

/**
 * A server of a test's own from the same build, beside the suite's (playwright.config.ts):
 * for a test that needs its own settings (a mail server, a database file) or kills it.
 */

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A second server from the same build: node itself, so SIGKILL hits the server and nothing in between. */
export async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["build/node/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "fatal",
      SMTP_URL: "",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; i < 150; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return child;
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}

export function killed(child: ChildProcess) {
  return new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve()),
  );
}
