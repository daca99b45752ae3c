import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { testDatabaseKind } from "../helpers/databases";
import { builtSite } from "../helpers/site";
import { createStudioHarness, signedInBy, SITE, STUDIO_EMAIL, type StudioHarness } from "../helpers/studio";

/** Every studio page (and its React Router data request), every download and every page action. */
const pages = [
  "/studio",
  "/studio/pipeline",
  "/studio/replies",
  "/studio/payments",
  "/studio/accounting",
  "/studio/calls",
  "/studio/calls/settings",
  "/studio/plans",
  "/studio/settings/plans",
  "/studio/analytics",
  "/studio/leads/some-id",
  "/studio/leads/some-id/quotes/some-quote/preview",
  "/studio/account",
  "/studio/settings",
  "/studio/settings/catalogue",
  "/studio/settings/contract",
  "/studio/anything",
];
const downloads = [
  "/api/studio/leads.csv",
  "/api/studio/leads/some-id/export.json",
  "/api/studio/payments.csv",
  "/api/studio/accounting.csv?from=2026-01-01&to=2026-12-31",
  "/api/studio/leads/some-id/documents/some-document",
  "/api/studio/analytics/page.csv",
];
const pageWrites = ["/studio/leads/some-id", "/studio/logout", "/studio/leads/some-id.data", "/studio"];
/** The JSON API the pages never used, removed so the pages' actions are the one write surface. */
const removedApi = [
  ["GET", "/api/studio/session"],
  ["GET", "/api/studio/leads"],
  ["GET", "/api/studio/leads/some-id"],
  ["GET", "/api/studio/payments"],
  ["POST", "/api/studio/sign-in"],
  ["POST", "/api/studio/sign-in/code"],
  ["POST", "/api/studio/sign-out"],
  ["POST", "/api/studio/leads/some-id/status"],
  ["POST", "/api/studio/leads/some-id/notes"],
  ["POST", "/api/studio/leads/some-id/release"],
  ["POST", "/api/studio/leads/some-id/deliveries/x/retry"],
  ["POST", "/api/studio/leads/some-id/delete"],
];

describe(`studio access control on ${testDatabaseKind}`, () => {
  let h: StudioHarness;
  beforeAll(async () => {
    // The built site: the login page is rendered, as a visitor gets it.
    h = await createStudioHarness({}, { site: await builtSite() });
  });
  afterAll(async () => {
    await h.dispose();
  });

  it("redirects an anonymous visitor from every studio page to the login page, marked noindex", async () => {
    for (const path of pages) {
      const response = await h.app.request(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe("/studio/login");
      expect(response.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
      expect(response.headers.get("cache-control"), path).toBe("no-store");
    }
  });

  it("answers 401 to anonymous downloads and state changes", async () => {
    for (const path of downloads) expect((await h.app.request(path)).status, path).toBe(401);
    for (const path of [...pageWrites, "/api/studio/leads/some-id/status"]) {
      const response = await h.app.request(path, {
        method: "POST",
        headers: { origin: SITE, host: "localhost:3000", "content-type": "application/json" },
        body: "{}",
      });
      expect(response.status, path).toBe(401);
    }
  });

  it("refuses cross-site and origin-less state changes even with a valid session", async () => {
    const browser = h.client();
    expect(signedInBy(await browser.signIn())).toBe(true);
    const cookie = browser.jar.header();
    for (const path of [...pageWrites, "/studio/login"]) {
      const variants: Record<string, string>[] = [
        { origin: "https://evil.example" },
        { "sec-fetch-site": "cross-site" },
        { origin: "null" },
        {},
      ];
      for (const headers of variants) {
        const response = await h.app.request(path, {
          method: "POST",
          headers: { cookie, host: "localhost:3000", "content-type": "application/json", ...headers },
          body: "{}",
        });
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    // The session survived the refused sign-out.
    expect(await browser.signedInAs()).toBe(STUDIO_EMAIL);
  });

  it("lets the login page and its sign-in action through without a session", async () => {
    const login = await h.app.request("/studio/login");
    expect(login.status).toBe(200);
    expect(login.headers.get("content-type")).toMatch(/^text\/html/);
    expect(login.headers.get("cache-control")).toBe("no-store");
    const html = await login.text();
    // The sign-in form itself, posting to its page: email, password and the button.
    const form =
      /<form\b[^>]*\baction="\/studio\/login"[^>]*\bmethod="post"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ??
      "";
    const tag = (id: string) => new RegExp(`<input\\b[^>]*\\bid="${id}"[^>]*>`).exec(form)?.[0] ?? "";
    expect(form).toMatch(/<label\b[^>]*\bfor="email"[^>]*>Email<\/label>/);
    expect(form).toMatch(/<label\b[^>]*\bfor="password"[^>]*>Password<\/label>/);
    expect(tag("email")).toMatch(/\bname="email"/);
    expect(tag("email")).toMatch(/\btype="email"/);
    expect(tag("password")).toMatch(/\bname="password"/);
    expect(tag("password")).toMatch(/\btype="password"/);
    expect(form).toMatch(/<button\b[^>]*\btype="submit"[^>]*>Sign in<\/button>/);
    expect(signedInBy(await h.client().signIn())).toBe(true);
  });

  it("answers unknown studio API paths 404 once signed in", async () => {
    const browser = h.client();
    await browser.signIn();
    expect((await browser.request("/api/studio/nope")).status).toBe(404);
  });

  it("has no JSON API besides the downloads and passkeys: the removed endpoints answer 404 once signed in", async () => {
    const browser = h.client();
    await browser.signIn();
    for (const [method, path] of removedApi)
      expect(
        (await browser.request(path!, method === "POST" ? { method, body: {} } : {})).status,
        `${method} ${path}`,
      ).toBe(404);
    for (const path of downloads.filter((p) => !p.includes("some-id")))
      expect((await browser.request(path)).status, path).toBe(200);
  });
});
