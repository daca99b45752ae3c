import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { validInquiry } from "../helpers/inquiry-fields";

/**
 * `npm run dev` as a newcomer runs it: the real app (API, route actions, back office)
 * with Vite's middleware, on its own SQLite file. Starts the real command, so a
 * regression to a pages-only dev server (inquiries 503, no /api, no studio) fails here.
 */
const EMAIL = "dev@example.com";
const PASSWORD = "a long enough passphrase";

async function freePort() {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("npm run dev", () => {
  let dir: string;
  let dev: ChildProcess;
  let base: string;
  let output = "";
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    // Where a fresh clone keeps its data: inside the project (data/ is git-ignored), which Vite serves from.
    fs.mkdirSync("data", { recursive: true });
    dir = fs.mkdtempSync(path.join("data", "dev-server-test-"));
    const port = await freePort();
    base = `http://localhost:${port}`;
    // SQLite in its own data folder; no SMTP, no Stripe: the outbox log and the sandbox, as a fresh clone.
    env = {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: path.resolve(dir, "app.db"),
      LOG_LEVEL: "info",
    };
    for (const key of [
      "DATABASE_URL",
      "SITE_URL",
      "SMTP_URL",
      "PAYMENTS_PROVIDER",
      "STRIPE_SECRET_KEY",
      "STUDIO_AUTH_SECRET",
      "BETTER_AUTH_SECRET",
      "VITEST",
      "VITEST_POOL_ID",
      "VITEST_WORKER_ID",
    ])
      delete env[key];
    // Its own process group, so the whole npm → tsx → node chain stops with it.
    dev = spawn("npm", ["run", "dev"], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    const collect = (chunk: Buffer) => (output += chunk.toString());
    dev.stdout!.on("data", collect);
    dev.stderr!.on("data", collect);
    await new Promise<void>((resolve, reject) => {
      dev.once("exit", (code) => reject(new Error(`npm run dev exited (${code}):\n${output}`)));
      const poll = setInterval(() => {
        if (!/"msg":"listening"/.test(output)) return;
        clearInterval(poll);
        resolve();
      }, 100);
    });
  });

  afterAll(async () => {
    if (dev?.pid && dev.exitCode === null && dev.signalCode === null) {
      const exited = new Promise((resolve) => dev.once("exit", resolve));
      process.kill(-dev.pid, "SIGTERM");
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("serves Vite's client and renders pages from source", async () => {
    const client = await fetch(`${base}/@vite/client`);
    expect(client.status).toBe(200);
    expect(client.headers.get("content-type")).toMatch(/javascript/);
    // Rendered per request from the source modules (no build/ needed), with the app's headers.
    const login = await fetch(`${base}/studio/login`);
    expect(login.status).toBe(200);
    expect(login.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    // React Router's dev scripts, which load Vite's client (hot reload) on the page.
    expect(await login.text()).toContain("virtual:react-router/inject-hmr-runtime");
    // The portfolio's committed demo pictures, which the build copies into the site.
    const preview = await fetch(`${base}/previews/bakery-400.avif`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/avif");
    expect(
      Buffer.from(await preview.arrayBuffer()).equals(fs.readFileSync("assets/previews/bakery-400.avif")),
    ).toBe(true);
    // The first page Vite renders transforms the app's modules from source: seconds alone, over
    // 30 s on a 2-core machine that runs the browser tests beside it (npm test's stages).
  }, 120_000);

  it("does not serve the database or the studio's secret as source files", async () => {
    const secret = fs.readFileSync(path.join(dir, "studio-auth-secret"), "utf8").trim();
    for (const file of ["studio-auth-secret", "app.db"]) {
      for (const suffix of ["", "?raw", "?url"]) {
        const response = await fetch(`${base}/${dir}/${file}${suffix}`);
        expect(response.status, `${file}${suffix}`).not.toBe(200);
        expect(await response.text()).not.toContain(secret);
      }
    }
    expect((await fetch(`${base}/package.json?raw`)).status).toBe(200); // the same path to a project file is served
  });

  it("stores an inquiry, then shows it in the back office to an account made with studio-user", async () => {
    const posted = await fetch(`${base}/api/inquiries`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ ...validInquiry, lastName: "Devserver" }),
    });
    expect(posted.status).toBe(200);
    expect(await posted.json()).toMatchObject({ success: true, id: expect.any(String) });

    // The README's command, against the dev server's database.
    const added = promisify(execFile)("npx", ["tsx", "scripts/studio-user.ts", "add", EMAIL], { env });
    added.child.stdin!.end(`${PASSWORD}\n`);
    expect((await added).stdout).toContain(`Added ${EMAIL}`);

    // The sign-in form at /studio/login, as a browser without JavaScript posts it.
    const signIn = await fetch(`${base}/studio/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
      body: new URLSearchParams({ intent: "password", email: EMAIL, password: PASSWORD }),
      redirect: "manual",
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe("/studio");
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const inbox = await fetch(`${base}/studio`, { headers: { cookie } });
    expect(inbox.status).toBe(200);
    expect(await inbox.text()).toContain("Devserver");
  });

  it("shuts down cleanly on SIGTERM: services stopped, database closed", async () => {
    // The whole group gets the signal, as from Ctrl-C in a terminal; npm itself just dies of it.
    // `npm run dev` starts the server with `node --import tsx`, not tsx's CLI: the CLI relays a
    // signal and SIGKILLs its child unless the child says within 60 ms that it got it, which a
    // busy or starved process (a loaded machine) does not, and then nothing is closed.
    process.kill(-dev.pid!, "SIGTERM");
    await expect.poll(() => output, { timeout: 30_000 }).toMatch(/"msg":"closed"/);
  });
});

describe("npm run dev with NODE_ENV=production", () => {
  it("refuses to start: a deployment runs the production build", async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      PAYMENTS_PROVIDER: "sandbox",
      PORT: String(await freePort()),
    };
    delete env.VITEST;
    const started = promisify(execFile)("npx", ["tsx", "server/dev.ts"], { env });
    await expect(started).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("npm run dev serves development builds"),
    });
  });
});
