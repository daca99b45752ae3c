import type { ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import SQLite from "better-sqlite3";

import { inquiryFormContent } from "../../app/content/inquiry-form";
import { publicRoutes } from "../../app/lib/route-registry";
import { configuredBuildDir } from "../../server/paths";
import { startFakeSmtp } from "../fakes/smtp";
import { expect, hydrateForm, test } from "./fixtures";
import { freePort, killed, startServer } from "./own-server";

/**
 * Reliability and security against the production build: the CSP of every
 * route, the client bundle scanned for secrets and server code, body caps on
 * page routes, the database down under a real browser, and a server killed
 * between storing an inquiry and notifying.
 */

type Csp = Map<string, string[]>;

function parseCsp(header: string | undefined): Csp {
  const map: Csp = new Map();
  for (const part of (header ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** Inline scripts of a page: each needs its hash or the response's nonce in script-src. */
function inlineScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\bsrc\s*=/.test(m[1] ?? "") && (m[2] ?? "").length > 0)
    .map((m) => ({ attrs: m[1] ?? "", body: m[2] ?? "" }));
}

async function checkCsp(request: APIRequestContext, url: string) {
  const res = await request.get(url, { maxRedirects: 0 });
  const headers = res.headers();
  const csp = parseCsp(headers["content-security-policy"]);
  expect(csp.size, `${url} has a CSP`).toBeGreaterThan(0);
  const scriptSrc = csp.get("script-src") ?? csp.get("default-src") ?? [];
  expect(scriptSrc, `${url} script-src`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, `${url} script-src`).not.toContain("'unsafe-eval'");
  for (const s of scriptSrc)
    expect(s, `${url}: script source ${s}`).toMatch(
      /^('self'|'none'|'sha256-[A-Za-z0-9+/=]+'|'nonce-[A-Za-z0-9+/=]+')$/,
    );
  expect(csp.get("base-uri"), url).toEqual(["'none'"]);
  expect(csp.get("object-src"), url).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors"), url).toEqual(["'none'"]);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  const html = (headers["content-type"] ?? "").startsWith("text/html");
  let scripts = 0;
  if (html) {
    expect(csp.get("form-action"), url).toEqual(["'self'", "https://checkout.stripe.com"]);
    const body = await res.text();
    for (const script of inlineScripts(body)) {
      scripts++;
      const nonce = /\bnonce="([^"]+)"/.exec(script.attrs)?.[1];
      const hash = `'sha256-${createHash("sha256").update(script.body, "utf8").digest("base64")}'`;
      const covered =
        scriptSrc.includes(hash) || (nonce !== undefined && scriptSrc.includes(`'nonce-${nonce}'`));
      expect(covered, `${url}: inline script ${script.body.slice(0, 60)} not covered by its CSP`).toBe(true);
    }
  }
  return { status: res.status(), html, scripts };
}

async function sandboxSession(request: APIRequestContext) {
  const res = await request.post("/api/create-payment", { data: { amount: "220", packageType: "basic" } });
  expect(res.status()).toBe(200);
  const { url } = (await res.json()) as { url: string };
  return { url, sessionId: url.split("/").at(-1)! };
}

test.describe("security", () => {
  test("every route answers with a strict CSP that covers each of its inline scripts", async ({
    request,
  }) => {
    const { url: checkout, sessionId } = await sandboxSession(request);
    const urls = [
      ...publicRoutes.map((r) => r.path),
      `/payment-success?session_id=${sessionId}`,
      "/no-such-page",
      "/demo/no-such-demo",
      checkout,
      "/checkout/sandbox/sbx_unknown_session_0000",
      "/healthz",
      "/api/inquiries",
      "/api/nothing-here",
      "/robots.txt",
      "/sitemap.xml",
    ];
    let scripts = 0;
    for (const url of urls) {
      const r = await checkCsp(request, url);
      expect(r.status, url).toBeLessThan(500);
      scripts += r.scripts;
    }
    expect(scripts).toBeGreaterThan(publicRoutes.length);
  });

  test("pages run with no CSP violation in the browser", async ({ page, request, checkA11y }) => {
    const { url: checkout, sessionId } = await sandboxSession(request);
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
    });
    for (const url of ["/contact", `/payment-success?session_id=${sessionId}`, checkout, "/no-such-page"]) {
      await page.goto(url);
      if (url === "/contact") await hydrateForm(page);
      await page.waitForLoadState("networkidle");
      await checkA11y();
    }
    expect(violations).toEqual([]);
  });

  test("every page route, form action and API refuses a body over 64 KB with 413", async ({ request }) => {
    const big = "amount=1&packageType=basic&x=" + "y".repeat(100 * 1024);
    for (const url of [
      ...publicRoutes.map((r) => r.path),
      "/no-such-page",
      "/api/inquiries",
      "/api/create-payment",
      "/checkout/sandbox/sbx_unknown_session_0000/pay",
    ]) {
      const res = await request.post(url, {
        data: big,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        maxRedirects: 0,
      });
      expect(res.status(), url).toBe(413);
    }
  });

  test("the client bundle and prerendered HTML carry no secret and no server-only code", async () => {
    const root = path.resolve(configuredBuildDir(), "client");
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(js|mjs|css|html|json|txt|xml|webmanifest|map|svg)$/.test(e.name)) files.push(p);
      }
    };
    walk(root);
    expect(files.filter((f) => f.endsWith(".js")).length).toBeGreaterThan(5);
    // Values of secret-looking variables in this environment (the build ran in the same one), and the names themselves.
    const secretValues = Object.entries(process.env)
      .filter(
        ([k, v]) =>
          /SECRET|KEY|TOKEN|PASSWORD|PASS|SMTP_URL|DATABASE_URL|WEB3FORMS/i.test(k) && v && v.length >= 8,
      )
      .map(([, v]) => v!);
    const markers = [
      ...secretValues,
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "WEB3FORMS_ACCESS_KEY",
      "SMTP_URL",
      "DATABASE_URL",
      "sk_live_",
      "whsec_",
      "better-sqlite3",
      "nodemailer",
      "smtp-connection",
      "kysely",
      "pg-pool",
      "pino",
      "api.stripe.com",
      "constructEvent",
      "createStripeClient",
      "INSERT INTO",
      "insertInto(",
      ".server.ts",
      "server/db",
      "server/payments",
      "server/inquiries",
      "node:crypto",
    ];
    const found: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, "utf8");
      for (const m of markers)
        if (text.includes(m))
          found.push(`${path.relative(root, file)}: ${m.length > 20 ? `${m.slice(0, 6)}…` : m}`);
    }
    expect(found).toEqual([]);
  });
});

const inquiry = {
  firstName: "Katherine",
  lastName: "Johnson",
  email: "katherine@example.com",
  projectType: "basic",
  message: "Orbit calculations, and a site to show them.",
};

test.describe("faults against a running server", () => {
  test("SIGKILL after storing an inquiry and before notifying: after a restart the outbox delivers its two emails exactly once", async () => {
    test.setTimeout(90_000);
    const port = await freePort();
    const dbPath = path.join(process.env.E2E_RUN_DIR!, `sigkill-${port}.db`);
    const smtp = await startFakeSmtp();
    let server = await startServer(port, { DATABASE_PATH: dbPath });
    try {
      // No mail server yet: the notifications (studio, visitor) are stored with the lead and left pending.
      const res = await fetch(`http://127.0.0.1:${port}/api/inquiries`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(inquiry),
      });
      expect(res.status).toBe(200);
      const { id } = (await res.json()) as { id: string };
      server.kill("SIGKILL");
      await killed(server);
      const read = () => {
        const db = new SQLite(dbPath, { readonly: true });
        try {
          return {
            inquiries: db.prepare("select id from leads").all() as Array<{ id: string }>,
            outbox: db
              .prepare("select channel, status, subject_id from outbox order by channel")
              .all() as Array<{ channel: string; status: string; subject_id: string }>,
          };
        } finally {
          db.close();
        }
      };
      expect(read()).toEqual({
        inquiries: [{ id }],
        outbox: [
          { channel: "inquiry-ack-email", status: "pending", subject_id: id },
          { channel: "inquiry-email", status: "pending", subject_id: id },
        ],
      });

      server = await startServer(port, {
        DATABASE_PATH: dbPath,
        SMTP_URL: smtp.url,
        INQUIRY_TO: "studio@example.com",
      });
      await expect.poll(() => smtp.messages.length, { timeout: 60_000 }).toBe(2);
      expect(smtp.messages.map((m) => m.subject).sort()).toEqual([
        "New project inquiry from Katherine Johnson",
        "We received your inquiry: Cascadia Web Studio",
      ]);
      await expect
        .poll(() => read().outbox.map((r) => r.status), { timeout: 60_000 })
        .toEqual(["delivered", "delivered"]);

      // Killed again and restarted: nothing is sent twice.
      server.kill("SIGKILL");
      await killed(server);
      server = await startServer(port, {
        DATABASE_PATH: dbPath,
        SMTP_URL: smtp.url,
        INQUIRY_TO: "studio@example.com",
      });
      await new Promise((r) => setTimeout(r, 2_000));
      expect(smtp.messages).toHaveLength(2);
    } finally {
      server.kill("SIGKILL");
      await killed(server);
      await smtp.stop();
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(dbPath + suffix, { force: true });
    }
  });

  test.describe("the database unavailable in the browser", () => {
    let port: number;
    let server: ChildProcess;
    let dbPath: string;
    let lock: SQLite.Database;
    test.beforeAll(async () => {
      port = await freePort();
      dbPath = path.join(process.env.E2E_RUN_DIR!, `dbdown-${port}.db`);
      server = await startServer(port, { DATABASE_PATH: dbPath, RATE_LIMIT_DISABLED: "true" });
      lock = new SQLite(dbPath);
    });
    test.afterAll(async () => {
      if (lock.inTransaction) lock.exec("ROLLBACK");
      lock.close();
      server.kill("SIGKILL");
      await killed(server);
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(dbPath + suffix, { force: true });
    });

    async function fill(page: Page) {
      await page.getByLabel("First Name").fill(inquiry.firstName);
      await page.getByLabel("Last Name").fill(inquiry.lastName);
      await page.getByLabel("Email").fill(inquiry.email);
      await page.getByLabel("Project Type").selectOption("basic");
      await page.getByLabel("Project Details").fill(inquiry.message);
    }

    async function expectKept(page: Page) {
      await expect(page.locator("#inquiry-status")).toContainText(inquiryFormContent.messages.error, {
        timeout: 60_000,
      });
      await expect(page.getByLabel("First Name")).toHaveValue(inquiry.firstName);
      await expect(page.getByLabel("Email")).toHaveValue(inquiry.email);
      await expect(page.getByLabel("Project Type")).toHaveValue("basic");
      await expect(page.getByLabel("Project Details")).toHaveValue(inquiry.message);
    }

    test("with JavaScript: the API answers 503 and the form shows the spec's error with the data kept", async ({
      page,
      checkA11y,
    }) => {
      test.setTimeout(60_000);
      await page.goto(`http://127.0.0.1:${port}/contact`);
      await hydrateForm(page);
      await fill(page);
      await page.waitForTimeout(3_200);
      lock.exec("BEGIN EXCLUSIVE");
      try {
        const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/inquiries", {
          timeout: 60_000,
        });
        await page.getByRole("button", { name: inquiryFormContent.submit }).click();
        const res = await answer;
        expect(res.status()).toBe(503);
        expect(await res.json()).toEqual({
          success: false,
          error: expect.stringMatching(/temporarily unavailable/),
        });
        await expectKept(page);
        await checkA11y();
      } finally {
        lock.exec("ROLLBACK");
      }
      // Back up: the same page sends.
      await page.getByRole("button", { name: inquiryFormContent.submit }).click();
      await expect(page.locator("#inquiry-status")).toContainText("Your message has been sent", {
        timeout: 60_000,
      });
    });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });
      test("the form post answers 503 with the spec's error and the data kept", async ({ page }) => {
        test.setTimeout(60_000);
        await page.goto(`http://127.0.0.1:${port}/contact`);
        await fill(page);
        lock.exec("BEGIN EXCLUSIVE");
        try {
          const answer = page.waitForResponse((r) => r.request().method() === "POST", { timeout: 60_000 });
          await page.getByRole("button", { name: inquiryFormContent.submit }).click();
          expect((await answer).status()).toBe(503);
          await expectKept(page);
          await expect(page.locator("#inquiry-status")).toContainText("temporarily unavailable");
        } finally {
          lock.exec("ROLLBACK");
        }
      });
    });
  });
});
