import { simpleParser } from "mailparser";
import * as OTPAuth from "otpauth";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { STUDIO_TOTP_ISSUER } from "../../server/auth/auth.server";
import { WRONG_PASSWORD } from "../../server/auth/security-context.server";
import { securityNoticeHandlers } from "../../server/auth/security-notices.server";
import {
  CODE_FAILED,
  PASSKEY_FAILED,
  REAUTH_NEEDED,
  REAUTH_SECONDS,
  SIGN_IN_LIMITS,
  SIGN_IN_LOCKED,
} from "../../server/auth/session-context.server";
import { createLogger } from "../../server/logger.server";
import { createMailer } from "../../server/mail/mailer.server";
import { createOutboxWorker } from "../../server/outbox/outbox.server";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { testDatabaseKind } from "../helpers/databases";
import {
  enableTotp,
  loginOutcome,
  signedInBy,
  signedInStudio,
  STUDIO_EMAIL,
  STUDIO_PASSWORD,
  studioSecurity,
  type SignedInStudio,
} from "../helpers/studio";

const PASSKEY = "/api/studio/auth/passkey";
const OPTIONS = `${PASSKEY}/generate-register-options`;

/** A passkey row as the plugin stores one (the ceremony itself needs a browser: tests/e2e/studio-auth.spec.ts). */
async function storedPasskey(h: SignedInStudio, id = "pk-1") {
  await h.database.db
    .insertInto("studio_passkeys")
    .values({
      id,
      user_id: h.user.id,
      name: "Laptop",
      credential_id: `cred-${id}`,
      public_key: "key",
      counter: 0,
      device_type: "singleDevice",
      backed_up: h.database.kind === "postgres" ? false : 0,
      transports: null,
      aaguid: null,
      created_at: new Date().toISOString(),
    })
    .execute();
}
/** The page's answer carries the new session's cookie after a two-factor change: the browser keeps it. */
function keep(h: SignedInStudio, result: { ok: boolean; setCookie?: string[] }) {
  const headers = new Headers();
  for (const cookie of result.setCookie ?? []) headers.append("set-cookie", cookie);
  h.browser.jar.take(new Response(null, { headers }));
  return result;
}
const passkeyIds = (h: SignedInStudio) => h.database.db.selectFrom("studio_passkeys").select("id").execute();

describe(`studio two-factor and passkey endpoints on ${testDatabaseKind}`, () => {
  let h: SignedInStudio;
  let security: Awaited<ReturnType<typeof studioSecurity>>["security"];
  let request: Awaited<ReturnType<typeof studioSecurity>>["request"];
  beforeEach(async () => {
    h = await signedInStudio();
    ({ security, request } = await studioSecurity(h));
  });
  afterEach(async () => {
    await h.dispose();
  });

  it("turns TOTP on with the password and a first code, storing the secret encrypted", async () => {
    const { user } = h;
    expect(await security.startTwoFactor({ password: "not the password at all" }, request())).toMatchObject({
      ok: false,
      error: WRONG_PASSWORD,
    });
    const started = await security.startTwoFactor({ password: STUDIO_PASSWORD }, request());
    if (!started.ok) throw new Error(started.error);
    const totp = OTPAuth.URI.parse(started.totpURI);
    expect(totp).toBeInstanceOf(OTPAuth.TOTP);
    expect(totp.issuer).toBe(STUDIO_TOTP_ISSUER);
    expect(totp.label).toBe(STUDIO_EMAIL);
    expect(started.secret).toBe(totp.secret.base32);
    // The same link as a QR code, drawn on the server (tests/e2e/studio-auth.spec.ts scans it).
    expect(started.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(started.backupCodes).toHaveLength(10);
    const stored = await h.database.db.selectFrom("studio_two_factors").selectAll().executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(totp.secret.base32);
    expect(stored.backup_codes).not.toContain(started.backupCodes[0]);
    // Not on until the app proves it has the secret.
    expect(await security.twoFactorEnabled(user)).toBe(false);
    expect(
      await security.confirmTwoFactor(
        { code: "000000" === totp.generate() ? "111111" : "000000" },
        request(),
      ),
    ).toMatchObject({ ok: false });
    expect(await security.twoFactorEnabled(user)).toBe(false);
    const confirmed = await security.confirmTwoFactor({ code: totp.generate() }, request());
    expect(confirmed.ok).toBe(true);
    expect(await security.twoFactorEnabled(user)).toBe(true);
  });

  it("asks a password sign-in for the code, and opens a session only with the right one", async () => {
    const { totp } = await enableTotp(h);
    const browser = h.client();
    const first = await browser.signIn();
    expect(first.status).toBe(302);
    expect(await loginOutcome(first)).toEqual({ twoFactor: true });
    expect(browser.jar.cookies.has("studio.session_token")).toBe(false);
    expect(browser.jar.cookies.has("studio.two_factor")).toBe(true);
    expect(await browser.signedInAs()).toBeNull();

    const wrong = await browser.signInCode(totp.generate({ timestamp: Date.now() - 10 * 60_000 }));
    expect(wrong.status).toBe(401);
    expect(await loginOutcome(wrong)).toEqual({ error: CODE_FAILED });
    expect(await browser.signedInAs()).toBeNull();

    const right = await browser.signInCode(totp.generate());
    expect(signedInBy(right)).toBe(true);
    expect(await browser.signedInAs()).toBe(STUDIO_EMAIL);
  });

  it("accepts each backup code once in place of the app's code", async () => {
    const { backupCodes } = await enableTotp(h);
    const browser = h.client();
    await browser.signIn();
    expect(signedInBy(await browser.signInCode(backupCodes[0]!))).toBe(true);
    const again = h.client();
    await again.signIn();
    expect((await again.signInCode(backupCodes[0]!)).status).toBe(401);
  });

  it("counts wrong codes toward the account's lockout", async () => {
    const { totp } = await enableTotp(h);
    const attacker = h.client("203.0.113.50");
    await attacker.signIn();
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount; i++) {
      expect((await attacker.signInCode(String(100000 + i))).status).toBe(401);
    }
    // The account is locked for everyone, even with the right password and code.
    const owner = h.client();
    const locked = await owner.signIn();
    expect(locked.status).toBe(429);
    expect(await loginOutcome(locked)).toEqual({ error: SIGN_IN_LOCKED });
    h.clock.now += SIGN_IN_LIMITS.windowMs;
    expect(await loginOutcome(await owner.signIn())).toEqual({ twoFactor: true });
    expect(signedInBy(await owner.signInCode(totp.generate()))).toBe(true);
  });

  it("refuses a code without the password step", async () => {
    const { totp } = await enableTotp(h);
    const response = await h.client().signInCode(totp.generate());
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("studio.session_token="))).toBe(false);
  });

  it("turns TOTP off with the password: sign-in needs no code again", async () => {
    await enableTotp(h);
    expect(await security.disableTwoFactor({ password: "wrong password here" }, request())).toMatchObject({
      ok: false,
      error: WRONG_PASSWORD,
    });
    expect(await security.disableTwoFactor({ password: STUDIO_PASSWORD }, request())).toMatchObject({
      ok: true,
    });
    expect(await loginOutcome(await h.client().signIn())).toEqual({ signedIn: true });
    expect(await h.database.db.selectFrom("studio_two_factors").select("id").execute()).toEqual([]);
  });

  it("refuses the passkey registration steps without a session", async () => {
    const anonymous = h.client();
    expect((await anonymous.request(`${PASSKEY}/generate-register-options`)).status).toBe(401);
    expect(
      (await anonymous.request(`${PASSKEY}/verify-registration`, { method: "POST", body: { response: {} } }))
        .status,
    ).toBe(401);
  });

  it("refuses cross-site passkey requests, even signed in", async () => {
    const { browser } = h;
    for (const step of ["verify-registration", "verify-authentication"]) {
      const response = await browser.request(`${PASSKEY}/${step}`, {
        method: "POST",
        body: { response: {} },
        headers: { origin: "https://evil.example" },
      });
      expect(response.status).toBe(403);
    }
    const noOrigin = await h.app.request(`${PASSKEY}/verify-authentication`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(noOrigin.status).toBe(403);
  });

  it("offers an anonymous passkey challenge for SITE_URL's host, and counts a failed passkey as a failed sign-in", async () => {
    const browser = h.client("203.0.113.77");
    const options = await browser.request(`${PASSKEY}/generate-authenticate-options`);
    expect(options.status).toBe(200);
    const body = (await options.json()) as { challenge: string; rpId: string; userVerification: string };
    expect(body.rpId).toBe("localhost");
    expect(body.challenge.length).toBeGreaterThan(20);
    const forged = await browser.request(`${PASSKEY}/verify-authentication`, {
      method: "POST",
      body: {
        response: {
          id: "not-a-credential",
          rawId: "not-a-credential",
          type: "public-key",
          response: {},
          clientExtensionResults: {},
        },
      },
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ success: false, error: PASSKEY_FAILED });
    expect(forged.headers.getSetCookie().some((c) => c.startsWith("studio.session_token="))).toBe(false);
    const keys = await h.database.db.selectFrom("rate_limits").select(["key", "count"]).execute();
    expect(
      keys.some((k) => k.key.startsWith("studio-sign-in-client:") && k.key.includes("203.0.113.77")),
    ).toBe(true);
  });

  it("limits anonymous passkey challenges per address, each one a stored row", async () => {
    const browser = h.client("203.0.113.88");
    for (let i = 0; i < 10; i++)
      expect((await browser.request(`${PASSKEY}/generate-authenticate-options`)).status).toBe(200);
    expect((await browser.request(`${PASSKEY}/generate-authenticate-options`)).status).toBe(429);
    expect((await h.client().request(`${PASSKEY}/generate-authenticate-options`)).status).toBe(200);
    h.clock.now += 60_000;
    expect((await browser.request(`${PASSKEY}/generate-authenticate-options`)).status).toBe(200);
  });

  it("exposes no other better-auth endpoint", async () => {
    const { browser } = h;
    for (const [method, path] of [
      ["GET", `${PASSKEY}/list-user-passkeys`],
      ["POST", `${PASSKEY}/delete-passkey`],
      ["POST", "/api/studio/auth/sign-up/email"],
      ["POST", "/api/studio/auth/sign-in/email"],
      ["POST", "/api/studio/auth/two-factor/enable"],
      ["GET", "/api/studio/auth/get-session"],
    ] as const) {
      const response = await browser.request(path, { method, ...(method === "POST" ? { body: {} } : {}) });
      expect(response.status, path).toBe(404);
    }
  });

  // Issue 27: a session alone must not change passkeys, and every change is emailed.
  it("gives a bare session no passkey registration options and no removal", async () => {
    const options = await h.browser.request(OPTIONS);
    expect(options.status).toBe(403);
    expect(await options.json()).toEqual({ success: false, error: REAUTH_NEEDED });
    const verify = await h.browser.request("/api/studio/auth/passkey/verify-registration", {
      method: "POST",
      body: { response: {} },
    });
    expect(verify.status).toBe(403);
    await storedPasskey(h);
    expect(await security.removePasskey({ id: "pk-1" }, request())).toEqual({
      ok: false,
      status: 403,
      error: REAUTH_NEEDED,
    });
    expect(await passkeyIds(h)).toEqual([{ id: "pk-1" }]);
    expect(await security.canChangePasskeys(request().headers)).toBe(false);
  });

  it("opens passkey changes for 5 minutes after the password, on that session only", async () => {
    expect(await security.confirmPassword({ password: "not the password at all" }, request())).toMatchObject({
      ok: false,
      error: WRONG_PASSWORD,
    });
    expect((await h.browser.request(OPTIONS)).status).toBe(403);
    expect(await security.confirmPassword({ password: STUDIO_PASSWORD }, request())).toMatchObject({
      ok: true,
    });
    expect(await security.canChangePasskeys(request().headers)).toBe(true);
    const options = await h.browser.request(OPTIONS);
    expect(options.status).toBe(200);
    expect(((await options.json()) as { challenge: string }).challenge.length).toBeGreaterThan(20);
    // Another session of the same account has not confirmed anything.
    const other = h.client();
    expect(signedInBy(await other.signIn())).toBe(true);
    expect((await other.request(OPTIONS)).status).toBe(403);
    await storedPasskey(h);
    expect(await security.removePasskey({ id: "pk-1" }, request())).toMatchObject({ ok: true });
    expect(await passkeyIds(h)).toEqual([]);
    // The confirmation runs out.
    h.clock.now += REAUTH_SECONDS * 1000;
    expect((await h.browser.request(OPTIONS)).status).toBe(403);
    await storedPasskey(h, "pk-2");
    expect(await security.removePasskey({ id: "pk-2" }, request())).toMatchObject({ ok: false, status: 403 });
  });

  describe("with mail", () => {
    let smtp: FakeSmtp;
    beforeEach(async () => {
      smtp = await startFakeSmtp();
    });
    afterEach(async () => {
      await smtp.stop();
    });

    it("emails the account's owner when two-factor is turned on or off and when a passkey is removed", async () => {
      await enableTotp(h);
      ({ security, request } = await studioSecurity(h));
      expect(
        keep(h, await security.disableTwoFactor({ password: STUDIO_PASSWORD }, request())),
      ).toMatchObject({ ok: true });
      await storedPasskey(h);
      expect(await security.confirmPassword({ password: STUDIO_PASSWORD }, request())).toMatchObject({
        ok: true,
      });
      expect(await security.removePasskey({ id: "pk-1" }, request())).toMatchObject({ ok: true });
      // A refused change tells no one.
      expect(await security.disableTwoFactor({ password: "wrong password here" }, request())).toMatchObject({
        ok: false,
      });

      const logger = createLogger({ ...h.config, LOG_LEVEL: "silent" });
      const mailer = createMailer(
        { SMTP_URL: smtp.url, SMTP_FROM: undefined, INQUIRY_TO: undefined },
        logger,
      );
      const worker = createOutboxWorker({
        database: h.database,
        logger,
        handlers: securityNoticeHandlers({ database: h.database, mailer }),
        now: () => h.clock.now,
      });
      expect(await worker.runOnce()).toMatchObject({ claimed: 3, delivered: 3 });
      mailer.close();
      expect(smtp.messages.map((m) => m.to)).toEqual([[STUDIO_EMAIL], [STUDIO_EMAIL], [STUDIO_EMAIL]]);
      expect(smtp.messages.map((m) => m.subject).sort()).toEqual([
        "A passkey was removed from your studio account",
        "Two-factor sign-in was turned off for your studio account",
        "Two-factor sign-in was turned on for your studio account",
      ]);
      // It tells the owner what to do if it was not them, and carries no link to follow.
      for (const m of smtp.messages) {
        const { text } = await simpleParser(m.raw);
        expect(text).toMatch(/If it was not, ask the studio's owner to reset your account/);
        expect(text).not.toMatch(/https?:\/\//);
      }
    });
  });
});
