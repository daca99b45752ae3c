import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import routeTable from "~/routes";

import { loadConfig } from "../../server/config.server";
import { createNodeHandler } from "../../server/http/listener.server";
import { createLeadTimeline } from "../../server/leads/timeline.server";
import { createLogger, maskSecret, maskSecretPath } from "../../server/logger.server";
import { createPayments } from "../../server/payments/payments.server";
import { createQuoteService } from "../../server/quotes/service.server";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";
import { randomIp, validInquiry } from "../helpers/inquiries";
import { captureLogs } from "../helpers/logs";
import { builtSite } from "../helpers/site";

/**
 * The links that grant access (a quote's /quote/:token, its sandbox checkout
 * /checkout/sandbox/:id, the receipt /payment-success?session_id=, a booking's
 * /book/manage/:token, /unsubscribe/:token, every other route with a token of
 * app/routes.ts and the Hono app) through the process's real listener on the built
 * site: both the static hot path and the Hono app log each request, and no line holds
 * a whole token (issue 27, item 5; issue 37, item 9).
 * The quote page keeps its own Referrer-Policy (item 7).
 */

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

type TableEntry = { path?: string; children?: TableEntry[] };

/** Every path of the route table (app/routes.ts), layouts' paths joined to their children's. */
function reactRouterPaths(entries: TableEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    return entry.children?.length ? reactRouterPaths(entry.children, path) : [path || "/"];
  });
}

/**
 * Parameters that are no credential: a demo's public photo, and a document's id, which opens
 * nothing without the quote's token before it. Every other parameter of a route outside the
 * studio's guard (a session protects /studio and /api/studio) is taken for a credential.
 */
const NOT_SECRET: Record<string, string> = {
  "/demo/portfolio/photos/:file": ":file",
  "/quote/:token/documents/:documentId": ":documentId",
};

/** The public routes with a parameter that grants access: every one must be masked in the logs. */
function tokenRoutes(paths: string[]) {
  // A session protects /studio, /api/studio and the client portal (/portal): their ids open nothing alone.
  return [...new Set(paths)]
    .filter((p) => /:[A-Za-z]/.test(p))
    .filter((p) => !/^\/(?:api\/)?(?:studio|portal)(?:\/|$)/.test(p))
    .filter((p) => !(NOT_SECRET[p] && p.match(/:[A-Za-z]+/g)!.every((param) => param === NOT_SECRET[p])));
}

describe(`access tokens on the built site (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  let server: http.Server;
  let origin: string;
  let quotes: ReturnType<typeof createQuoteService>;
  let honoRoutes: readonly { method: string; path: string }[];
  const logs = captureLogs();

  beforeAll(async () => {
    database = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: "test",
      TRUST_PROXY: "true",
      PAYMENTS_PROVIDER: "sandbox",
      SITE_URL: "http://127.0.0.1",
    });
    const { listener, app } = createNodeHandler({
      config,
      database,
      logger: createLogger(config, { stream: logs.stream, level: "info" }),
      site: await builtSite(),
    });
    honoRoutes = app.routes;
    server = http.createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    quotes = createQuoteService({
      config,
      database,
      timeline: createLeadTimeline(),
      checkouts: createPayments({ config, database, logger: createLogger(config) }).service,
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await database?.dispose();
  });

  function request(method: string, path: string, form?: Record<string, string>): Promise<Answer> {
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const headers = {
      "x-forwarded-for": randomIp(),
      ...(body
        ? {
            "content-type": "application/x-www-form-urlencoded",
            "content-length": String(body.length),
            origin,
          }
        : {}),
    };
    return new Promise((resolve, reject) => {
      const req = http.request(`${origin}${path}`, { method, headers }, (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (d: string) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  async function sentQuote() {
    const created = await fetch(`${origin}/api/inquiries`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify(validInquiry),
    });
    const { id } = (await created.json()) as { id: string };
    const quote = await quotes.create(
      { inquiryId: id, packageType: "pro", amountCents: 123456, depositPercent: 50 },
      "owner@studio.example",
    );
    if (!quote.ok) throw new Error(quote.error);
    await quotes.send(quote.value.quote.id, "owner@studio.example");
    return quote.value.quote;
  }

  /** Waits for the access-log lines of every request so far (they are written after the answer). */
  async function accessLines(count: number) {
    for (let i = 0; i < 50 && logs.lines.filter((l) => l.msg === "request").length < count; i++)
      await new Promise((r) => setTimeout(r, 10));
    return logs.lines.filter((l) => l.msg === "request");
  }

  it("no log line holds a quote's token or its checkout's session id, however the link is written", async () => {
    const q = await sentQuote();
    const before = logs.lines.filter((l) => l.msg === "request").length;
    const asked: Array<[string, string, number]> = [
      ["GET", `/quote/${q.token}`, 200],
      ["GET", `/quote/${q.token}.data`, 200],
      ["GET", `/QUOTE/${q.token}`, 200],
      ["GET", `/quote/${q.token}/`, 301],
      ["GET", `/payment?quote=${q.token}`, 303],
      ["GET", `/pricing`, 200],
    ];
    for (const [method, path, status] of asked)
      expect((await request(method, path)).status, path).toBe(status);

    // Sign and pay: the page answers 303 to the sandbox checkout, whose Pay leads to the receipt.
    const accepted = await request("POST", `/quote/${q.token}`, { legalName: "Ada Lovelace", agree: "on" });
    expect(accepted.status).toBe(303);
    const checkout = accepted.headers.location!;
    const sessionId = checkout.split("/").at(-1)!;
    expect(sessionId).toMatch(/^sbx_/);
    expect((await request("GET", checkout)).status).toBe(200);
    const paid = await request("POST", `${checkout}/pay`, {});
    expect(paid.headers.location).toBe(`/payment-success?session_id=${sessionId}`);
    expect((await request("POST", `${checkout}/pay`, {})).status).toBe(303);
    const receipt = await request("GET", paid.headers.location!);
    expect(receipt.body).toContain("$617.28");
    expect((await request("GET", `/payment-success.data?session_id=${sessionId}`)).status).toBe(200);
    // The signed agreement's PDF, behind the same token.
    expect((await request("GET", `/quote/${q.token}/agreement.pdf`)).status).toBe(200);
    const requests = asked.length + 7;

    const lines = (await accessLines(before + requests)).slice(before);
    expect(lines).toHaveLength(requests);
    const all = logs.raw.join("\n");
    for (const secret of [q.token, sessionId, sessionId.slice(4)]) {
      expect(all).not.toContain(secret);
      expect(all).not.toContain(encodeURIComponent(secret));
    }
    // The lines still say which page, which kind of request and which token (its last four characters).
    expect(lines.map((l) => l.path)).toEqual(
      expect.arrayContaining([
        `/quote/…${q.token.slice(-4)}`,
        `/quote/…${q.token.slice(-4)}.data`,
        `/QUOTE/…${q.token.slice(-4)}`,
        `/quote/…${q.token.slice(-4)}/`,
        `/quote/…${q.token.slice(-4)}/agreement.pdf`,
        "/pricing",
        `/checkout/sandbox/sbx_…${sessionId.slice(-4)}`,
        `/checkout/sandbox/sbx_…${sessionId.slice(-4)}/pay`,
        "/payment-success",
      ]),
    );
  });

  it("every route that takes a token, from the router's table and the server's Hono routes, is logged masked", async () => {
    // Issue 37: /book/manage/TOKEN and /unsubscribe/TOKEN were logged whole; this list was written by hand.
    const paths = tokenRoutes([
      ...reactRouterPaths(routeTable as TableEntry[]),
      ...honoRoutes.map((r) => r.path),
    ]);
    // The known ones are among them (the enumeration works), and nothing else is public with a parameter.
    expect(paths).toEqual(
      expect.arrayContaining([
        "/quote/:token",
        "/quote/:token/agreement.pdf",
        "/quote/:token/documents/:documentId",
        "/unsubscribe/:token",
        "/book/manage/:token",
        "/calendar/:file",
        "/checkout/sandbox/:id",
        "/checkout/sandbox/:id/pay",
      ]),
    );
    const before = logs.lines.filter((l) => l.msg === "request").length;
    const tokens: string[] = [];
    let requests = 0;
    for (const route of paths) {
      const token = `${randomBytes(32).toString("base64url")}`;
      tokens.push(token);
      const path = route.replace(/:[A-Za-z]+/g, (param) => (NOT_SECRET[route] === param ? "doc-1" : token));
      // As the link is written, and as React Router's data request and a shouted path reach it.
      for (const variant of [path, `${path}.data`, path.toUpperCase().replace(token.toUpperCase(), token)]) {
        await request("GET", variant);
        requests++;
        expect(maskSecretPath(variant), variant).not.toContain(token.slice(0, 20));
      }
    }
    await accessLines(before + requests);
    const all = logs.raw.join("\n");
    for (const token of tokens) expect(all).not.toContain(token.slice(0, 20));
  });

  it("the quote page keeps its own Referrer-Policy (no Referer to other sites); other pages get the default", async () => {
    const q = await sentQuote();
    const page = await request("GET", `/quote/${q.token}`);
    expect(page.status).toBe(200);
    // same-origin: a Referer (the token) only to this site; tests/e2e/studio-quote.spec.ts pays through the page under it.
    expect(page.headers["referrer-policy"]).toBe("same-origin");
    // The rest of the base headers still apply to it.
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    for (const path of ["/pricing", "/healthz", "/no-such-page"])
      expect((await request("GET", path)).headers["referrer-policy"], path).toBe(
        "strict-origin-when-cross-origin",
      );
  });
});

describe("masking a secret in a log value", () => {
  it("any logger line: a token, a session id and a path are masked; personal fields still dropped", () => {
    const { raw, lines, stream } = captureLogs();
    const logger = createLogger(loadConfig({ NODE_ENV: "test" }), { stream, level: "info" });
    const token = "QuoteTokenQuoteTokenQuoteToken0123456789xyz";
    logger.warn(
      {
        sessionId: "cs_test_SessionSessionSession42",
        nested: { token, message: "secret words" },
        path: `/quote/${token}`,
        url: `http://127.0.0.1/quote/${token}.data`,
      },
      "odd",
    );
    expect(raw.join("\n")).not.toContain("SessionSession");
    expect(raw.join("\n")).not.toContain(token);
    expect(lines[0]).toEqual(
      expect.objectContaining({
        sessionId: "cs_test_…on42",
        nested: { token: "…9xyz" },
        path: "/quote/…9xyz",
        url: "http://127.0.0.1/quote/…9xyz.data",
      }),
    );
  });

  it("keeps a public prefix and the last four characters of a long secret, nothing of a short one", () => {
    expect(maskSecret("sbx_abcdefghijklmnopqrstuvwx")).toBe("sbx_…uvwx");
    expect(maskSecret("cs_test_a1b2c3d4e5f6g7h8i9j0k1")).toBe("cs_test_…j0k1");
    expect(maskSecret("short")).toBe("…");
  });

  it("masks the token segment of every path that grants access, and leaves other paths as they are", () => {
    const token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde";
    expect(maskSecretPath(`/quote/${token}`)).toBe("/quote/…bcde");
    expect(maskSecretPath(`/quote%2F${token}.data`)).toBe("/quote%2F…bcde.data");
    expect(maskSecretPath(`//Quote//${token}/`)).toBe("//Quote//…bcde/");
    expect(maskSecretPath(`/checkout/sandbox/sbx_${token}/cancel`)).toBe(
      "/checkout/sandbox/sbx_…bcde/cancel",
    );
    // The studio's calendar feed (server/booking/feed.server.ts): the file name is the secret.
    expect(maskSecretPath(`/calendar/${token}.ics`)).toBe("/calendar/…bcde.ics");
    expect(maskSecretPath(`/CALENDAR%2f${token}.ics`)).toBe("/CALENDAR%2f…bcde.ics");
    // A visitor's booking and a reminder's unsubscribe link (a digest and a signature).
    expect(maskSecretPath(`/book/manage/${token}.data`)).toBe("/book/manage/…bcde.data");
    expect(maskSecretPath(`/Book%2FManage/${token}`)).toBe("/Book%2FManage/…bcde");
    expect(maskSecretPath(`/unsubscribe/abc123.${token}`)).toBe("/unsubscribe/…bcde");
    expect(maskSecretPath("/book")).toBe("/book");
    for (const path of ["/", "/pricing", "/assets/quote-Bx12.js", "/studio/leads/123"])
      expect(maskSecretPath(path)).toBe(path);
  });
});
