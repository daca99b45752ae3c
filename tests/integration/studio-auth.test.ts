import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import {
  SESSION_ABSOLUTE_SECONDS,
  SESSION_IDLE_SECONDS,
  SESSION_UPDATE_AGE_SECONDS,
} from "../../server/auth/auth.server";
import { SIGN_IN_FAILED, SIGN_IN_LIMITS, SIGN_IN_LOCKED } from "../../server/auth/session-context.server";
import { testDatabaseKind } from "../helpers/databases";
import {
  createStudioHarness,
  loginOutcome,
  signedInBy,
  signedInEmail,
  STUDIO_EMAIL,
  STUDIO_PASSWORD,
  type StudioHarness,
} from "../helpers/studio";

describe(`studio sign-in on ${testDatabaseKind}`, () => {
  let h: StudioHarness;
  beforeEach(async () => {
    h = await createStudioHarness();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await h.dispose();
  });

  it("signs in with the account's password and sets an HttpOnly, SameSite=Lax session cookie", async () => {
    const browser = h.client();
    const response = await browser.signIn();
    expect(signedInBy(response)).toBe(true);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("studio.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect(await browser.signedInAs()).toBe(STUDIO_EMAIL);
    // The session lives in the database.
    expect(await h.database.db.selectFrom("studio_sessions").select("id").execute()).toHaveLength(1);
  });

  it("gives the same answer for a wrong password and an unknown email", async () => {
    const wrong = await h.client().signIn(STUDIO_EMAIL, "not the password at all");
    const unknown = await h.client().signIn("nobody@example.com", STUDIO_PASSWORD);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await loginOutcome(wrong)).toEqual({ error: SIGN_IN_FAILED });
    expect(await loginOutcome(unknown)).toEqual({ error: SIGN_IN_FAILED });
    expect(wrong.headers.getSetCookie().filter((c) => c.startsWith("studio.session_token="))).toEqual([]);
  });

  it("issues a new session on every sign-in and ends the one the browser came with", async () => {
    const browser = h.client();
    await browser.signIn();
    const first = browser.jar.cookies.get("studio.session_token");
    await browser.signIn();
    const second = browser.jar.cookies.get("studio.session_token");
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(await h.database.db.selectFrom("studio_sessions").select("id").execute()).toHaveLength(1);
    // The first cookie, replayed, no longer opens anything.
    const replay = await h.app.request("/studio.data", {
      headers: { cookie: `studio.session_token=${first}` },
    });
    expect(await signedInEmail(replay)).toBeNull();
  });

  it("locks an account after repeated failures, from any address, even with the right password", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount; i++)
      expect((await h.client().signIn(STUDIO_EMAIL, `wrong password ${i}`)).status).toBe(401);
    const locked = await h.client().signIn();
    expect(locked.status).toBe(429);
    expect(await loginOutcome(locked)).toEqual({ error: SIGN_IN_LOCKED });
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    // The window passes: the owner gets in again.
    h.clock.now += SIGN_IN_LIMITS.windowMs;
    expect(signedInBy(await h.client().signIn())).toBe(true);
  });

  it("limits failures per client address across accounts", async () => {
    const attacker = h.client("203.0.113.9");
    for (let i = 0; i < SIGN_IN_LIMITS.perClient; i++) {
      expect((await attacker.signIn(`guess${i}@example.com`, "password guess")).status).toBe(401);
    }
    expect((await attacker.signIn()).status).toBe(429);
    // The failures are in the shared database, not in this process.
    const keys = await h.database.db.selectFrom("rate_limits").select("key").execute();
    expect(
      keys.some((k) => k.key.startsWith("studio-sign-in-client:") && k.key.includes("203.0.113.9")),
    ).toBe(true);
    expect(keys.some((k) => k.key.includes("example.com"))).toBe(false);
    // Another address is unaffected.
    expect(signedInBy(await h.client().signIn())).toBe(true);
  });

  it("signs out on the server: the old cookie no longer works", async () => {
    const browser = h.client();
    await browser.signIn();
    const token = browser.jar.cookies.get("studio.session_token");
    const out = await browser.signOut();
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/studio/login");
    expect(await h.database.db.selectFrom("studio_sessions").select("id").execute()).toHaveLength(0);
    const replay = await h.app.request("/studio.data", {
      headers: { cookie: `studio.session_token=${token}` },
    });
    expect(await signedInEmail(replay)).toBeNull();
  });

  it("ends a session left idle, and slides the expiry of one in use", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 0, 5, 9) });
    const browser = h.client();
    await browser.signIn();
    // Used within the idle limit, past updateAge: the expiry moves forward and the cookie is refreshed.
    vi.setSystemTime(Date.now() + (SESSION_UPDATE_AGE_SECONDS + 60) * 1000);
    expect(await browser.signedInAs()).toBe(STUDIO_EMAIL);
    const row = await h.database.db
      .selectFrom("studio_sessions")
      .select("expires_at")
      .executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime()).toBeGreaterThanOrEqual(
      Date.now() + (SESSION_IDLE_SECONDS - 60) * 1000,
    );
    // Then left alone longer than the idle limit.
    vi.setSystemTime(Date.now() + (SESSION_IDLE_SECONDS + 1) * 1000);
    expect(await browser.signedInAs()).toBeNull();
  });

  it("ends a session at its absolute lifetime however active it is", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 0, 5, 9) });
    const browser = h.client();
    await browser.signIn();
    const step = (SESSION_IDLE_SECONDS / 2) * 1000;
    while (Date.now() + step < Date.UTC(2026, 0, 5, 9) + SESSION_ABSOLUTE_SECONDS * 1000) {
      vi.setSystemTime(Date.now() + step);
      expect(await browser.signedInAs()).toBe(STUDIO_EMAIL);
    }
    vi.setSystemTime(Date.UTC(2026, 0, 5, 9) + SESSION_ABSOLUTE_SECONDS * 1000 + 1000);
    expect(await browser.signedInAs()).toBeNull();
    expect(await h.database.db.selectFrom("studio_sessions").select("id").execute()).toHaveLength(0);
  });

  it("marks the cookie Secure when the site is served over HTTPS", async () => {
    const secure = await createStudioHarness({
      SITE_URL: "https://studio.example.ca",
      STUDIO_AUTH_SECRET: "s".repeat(32),
    });
    try {
      const response = await secure.app.request("https://studio.example.ca/studio/login", {
        method: "POST",
        headers: {
          origin: "https://studio.example.ca",
          host: "studio.example.ca",
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": "198.51.100.1",
        },
        body: new URLSearchParams({
          intent: "password",
          email: STUDIO_EMAIL,
          password: STUDIO_PASSWORD,
        }).toString(),
      });
      expect(signedInBy(response)).toBe(true);
      expect(response.headers.getSetCookie().find((c) => c.includes("session_token="))).toMatch(
        /^__Secure-studio\.session_token=.*Secure/i,
      );
    } finally {
      await secure.dispose();
    }
  });
});
