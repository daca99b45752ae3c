import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { startFakeSmtp } from "../fakes/smtp";
import { builtCommand } from "../helpers/build";

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

/**
 * A server of the test's own with its mail going to an in-process SMTP server and its own
 * database file, the sandbox checkout on, started from the build and ready (migrations applied);
 * on `port` when the spec has one of its own (a checkout's E2E port range). `cli` runs one of
 * scripts/ on its database with its settings (not its mail: the server's outbox sends what a
 * command queues).
 */
export async function startMailedServer(
  name: string,
  env: Record<string, string> = {},
  options: { port?: number } = {},
) {
  const smtp = await startFakeSmtp();
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cascadia-e2e-${name}-`));
  const databasePath = path.join(dir, "app.db");
  const child = spawn(process.execPath, ["build/node/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: base,
      LOG_LEVEL: "fatal",
      PAYMENTS_PROVIDER: "sandbox",
      TRUST_PROXY: "1",
      SMTP_URL: smtp.url,
      INQUIRY_TO: "studio@example.com",
      DATABASE_PATH: databasePath,
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const ready = () =>
    fetch(`${base}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
  for (let i = 0; !(await ready()); i++) {
    if (child.exitCode !== null || i >= 300) {
      child.kill("SIGKILL");
      await smtp.stop();
      throw new Error(`the ${name} server did not start`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const cliEnv = { SITE_URL: base, DATABASE_PATH: databasePath, ...env, NODE_ENV: "test" };
  const cli = (script: Parameters<typeof builtCommand>[0], args: string[]) =>
    execFileSync(process.execPath, [builtCommand(script), ...args], {
      encoding: "utf8",
      env: { ...process.env, ...cliEnv },
    });
  /**
   * A quote made and sent for the lead by the studio's CLI: the pro package at `amount` CAD, half as
   * deposit, `tax` (GST, GST+PST) on the package when given. Its link, as its email carries it, and id.
   */
  function sentQuote(leadId: string, { amount = "1234.56", tax }: { amount?: string; tax?: string } = {}) {
    const args = ["create", "--inquiry", leadId, "--package", "pro", "--amount", amount, "--deposit", "50"];
    if (tax) args.push("--package-tax", tax);
    const created = cli("studio-quote", args);
    const quoteId = /\(id ([0-9a-f-]{36})\)/.exec(created)![1]!;
    cli("studio-quote", ["send", quoteId]);
    return { link: /Link: (\S+)/.exec(created)![1]!, quoteId };
  }
  return {
    base,
    smtp,
    databasePath,
    cli,
    sentQuote,
    async stop() {
      child.kill("SIGTERM");
      await killed(child);
      await smtp.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
