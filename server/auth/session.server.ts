import { createHash } from "node:crypto";
import { z } from "zod";

import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { createAttemptLimiter } from "../http/attempt-limit.server";
import { createRateLimiter } from "../http/rate-limit.server";
import {
  isStudioOrigin,
  MAX_PASSWORD_LENGTH,
  passkeyRpId,
  SESSION_ABSOLUTE_SECONDS,
  type StudioAuth,
} from "./auth.server";
import type { SecurityNotice } from "./security-notices.server";

export type StudioUser = { id: string; email: string };

/** One message for a wrong password and an unknown email: the form must not tell which accounts exist. */
export const SIGN_IN_FAILED = "That email and password do not match an account.";
export const SIGN_IN_LOCKED = "Too many failed sign-ins. Try again later.";
export const CODE_FAILED = "That code is not right.";
export const CODE_EXPIRED = "That sign-in has expired. Sign in again.";
export const PASSKEY_FAILED = "That passkey did not sign you in.";
export const REAUTH_NEEDED = "Enter your password again to change your passkeys.";

/** How long entering the password again on the account page lets a session add or remove passkeys. */
export const REAUTH_SECONDS = 5 * 60;

/**
 * Failed sign-ins allowed per account and per client address in a window that
 * starts at the first failure; the failure that fills it locks for a whole window.
 */
export const SIGN_IN_LIMITS = { windowMs: 15 * 60_000, perAccount: 5, perClient: 20 };

const credentials = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
});

/** A six-digit authenticator code, or one of the backup codes (xxxxx-xxxxx) shown when two-factor was turned on. */
const secondFactor = z.object({
  code: z
    .string()
    .trim()
    .max(32)
    .transform((c) => c.replace(/\s/g, ""))
    .pipe(z.union([z.string().regex(/^\d{6}$/), z.string().regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/)])),
});

/** `twoFactor`: the password was right and the account asks for a code next (a short-lived challenge cookie is set, no session). */
export type SignInRefusal = {
  ok: false;
  status: 400 | 401 | 429;
  error: string;
  retryAfterSeconds?: number;
  restart?: boolean;
};
export type SignInResult = { ok: true; setCookie: string[]; twoFactor?: boolean } | SignInRefusal;

/** The better-auth endpoints reachable over HTTP (decision 0016): the passkey ceremonies, which run in the browser. */
const PASSKEY_STEPS: Record<string, { method: "GET" | "POST"; anonymous: boolean }> = {
  "generate-register-options": { method: "GET", anonymous: false },
  "verify-registration": { method: "POST", anonymous: false },
  "generate-authenticate-options": { method: "GET", anonymous: true },
  "verify-authentication": { method: "POST", anonymous: true },
};
export const PASSKEY_PATH = "/api/studio/auth/passkey/";
export const isAnonymousPasskeyPath = (path: string) =>
  path.startsWith(PASSKEY_PATH) && PASSKEY_STEPS[path.slice(PASSKEY_PATH.length)]?.anonymous === true;

/** The key of an account's failure counts: a digest, not the address itself. */
export const accountKey = (email: string) =>
  createHash("sha256").update(email.toLowerCase()).digest("base64url");
const window = (max: number) => ({ windowMs: SIGN_IN_LIMITS.windowMs, max });

/** Attempts per account (keyed by `accountKey`); shared with the CLI's reset, which clears an account's. */
export const accountFailures = (database: AppDatabase) =>
  createAttemptLimiter(database, "studio-sign-in-account", window(SIGN_IN_LIMITS.perAccount));

/** A reserved attempt: `release` gives the slot back when the secret was right. */
export type Attempt = { ok: false; refusal: SignInRefusal } | { ok: true; release(): Promise<void> };

/**
 * Sign-in, the current session and sign-out on top of better-auth, with the
 * studio's own rules: failures counted per account and per client address in
 * the shared database (clock `now`), a new session on every sign-in (the one the browser
 * came with is ended), and an absolute lifetime on top of better-auth's idle one.
 */
export function createStudioSessions({
  auth,
  database,
  config,
  now = Date.now,
  notice,
}: {
  auth: StudioAuth;
  database: AppDatabase;
  config: Pick<AppConfig, "SITE_URL">;
  now?: () => number;
  /** Tells an account's owner of a change to their sign-in methods (security-notices.server.ts). */
  notice?: SecurityNotice;
}) {
  const perAccount = accountFailures(database);
  const perClient = createAttemptLimiter(database, "studio-sign-in-client", window(SIGN_IN_LIMITS.perClient));
  // Each passkey challenge is a stored row: an anonymous address may ask for a few a minute, not thousands.
  const challenges = createRateLimiter(database, "studio-passkey-challenge", [{ windowMs: 60_000, max: 10 }]);
  const lockAnswer = (retryAfterSeconds: number): SignInRefusal => ({
    ok: false,
    status: 429,
    error: SIGN_IN_LOCKED,
    retryAfterSeconds,
  });

  /**
   * Reserves one attempt at a secret (password, code, passkey) against the
   * account, when known, and the address, BEFORE the secret is checked: of
   * requests in flight together, only as many as the limits leave get checked.
   * The caller keeps the reservation for a failure and releases it for a success.
   */
  async function reserve(account: string | null, clientIp: string): Promise<Attempt> {
    const at = now();
    const client = await perClient.reserve(clientIp, at);
    if (!client.allowed) return { ok: false, refusal: lockAnswer(client.retryAfterSeconds) };
    if (account) {
      const own = await perAccount.reserve(account, at);
      if (!own.allowed) {
        // No secret is checked, so the address's slot goes back.
        await perClient.release(clientIp, at);
        return { ok: false, refusal: lockAnswer(own.retryAfterSeconds) };
      }
    }
    return {
      ok: true,
      async release() {
        await perClient.release(clientIp, now());
        if (account) await perAccount.release(account, now());
      },
    };
  }

  async function endPrevious(previous: { token: string } | null) {
    if (previous) await (await auth.$context).internalAdapter.deleteSession(previous.token);
  }

  async function signIn(
    input: unknown,
    request: { headers: Headers; clientIp: string },
  ): Promise<SignInResult> {
    const parsed = credentials.safeParse(input);
    if (!parsed.success) return { ok: false, status: 400, error: SIGN_IN_FAILED };
    const { email, password } = parsed.data;
    // The limiter keys are stored: a digest, not the address itself.
    const attempt = await reserve(accountKey(email), request.clientIp);
    if (!attempt.ok) return attempt.refusal;
    const previous = await current(request.headers);
    const response = await auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: request.headers,
      asResponse: true,
    });
    // A failure keeps its reservation: it is the count.
    if (!response.ok) return { ok: false, status: 401, error: SIGN_IN_FAILED };
    await attempt.release();
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { twoFactorRedirect?: boolean } | null;
    // The session comes with the code: the one the browser has stays until then.
    if (body?.twoFactorRedirect)
      return { ok: true, twoFactor: true, setCookie: response.headers.getSetCookie() };
    await endPrevious(previous);
    return { ok: true, setCookie: response.headers.getSetCookie() };
  }

  /**
   * The second step of a password sign-in on an account with two-factor on: an
   * authenticator code or a backup code, against the challenge cookie the first
   * step set. A wrong code counts as a failed sign-in of that account.
   */
  async function verifyCode(
    input: unknown,
    request: { headers: Headers; clientIp: string },
  ): Promise<SignInResult> {
    const account = await pendingAccount(request.headers);
    if (!account) return { ok: false, status: 401, error: CODE_EXPIRED, restart: true };
    const attempt = await reserve(account, request.clientIp);
    if (!attempt.ok) return attempt.refusal;
    const parsed = secondFactor.safeParse(input);
    if (!parsed.success) return { ok: false, status: 400, error: CODE_FAILED };
    const { code } = parsed.data;
    const previous = await current(request.headers);
    const call = { body: { code }, headers: request.headers, asResponse: true } as const;
    const response = /^\d{6}$/.test(code)
      ? await auth.api.verifyTOTP(call)
      : await auth.api.verifyBackupCode(call);
    if (response.ok) {
      await attempt.release();
      await endPrevious(previous);
      return { ok: true, setCookie: response.headers.getSetCookie() };
    }
    if (response.status === 429) return { ok: false, status: 429, error: SIGN_IN_LOCKED };
    const { code: reason } = ((await response.json().catch(() => ({}))) ?? {}) as { code?: string };
    if (reason === "INVALID_CODE" || reason === "INVALID_BACKUP_CODE")
      return { ok: false, status: 401, error: CODE_FAILED };
    // The challenge expired or ran out of attempts: back to the password.
    return { ok: false, status: 401, error: CODE_EXPIRED, restart: true };
  }

  /** The limiter key of the account whose password step set the challenge cookie, while that challenge lives. */
  async function pendingAccount(headers: Headers): Promise<string | null> {
    const raw = /(?:^|;\s*)(?:__Secure-)?studio\.two_factor=([^;]+)/.exec(headers.get("cookie") ?? "")?.[1];
    // The cookie is "<identifier>.<signature>"; better-auth checks the signature when it verifies the code.
    const identifier = raw ? decodeURIComponent(raw).split(".")[0] : undefined;
    if (!identifier) return null;
    const ctx = await auth.$context;
    const challenge = await ctx.internalAdapter.findVerificationValue(identifier);
    if (!challenge || new Date(challenge.expiresAt).getTime() <= Date.now()) return null;
    const user = await ctx.internalAdapter.findUserById(challenge.value);
    return user ? accountKey(user.email) : null;
  }

  /**
   * One step of a passkey ceremony, handed to better-auth's own handler: only
   * the four steps in PASSKEY_STEPS, from a studio origin. Signing in with a
   * passkey is limited per address like a password (the attempt reserved before
   * it is checked), ends the session the browser came with, and answers without
   * the session token in the body. Adding one needs the password entered again
   * within REAUTH_SECONDS on this session, and tells the account's owner.
   */
  async function passkeyCeremony(request: Request, clientIp: string): Promise<Response> {
    const step = PASSKEY_STEPS[new URL(request.url).pathname.slice(PASSKEY_PATH.length)];
    if (!step || step.method !== request.method)
      return Response.json({ success: false, error: "Not found." }, { status: 404 });
    const origin = request.headers.get("origin");
    if (step.method === "POST" && !isStudioOrigin(origin, config))
      return Response.json({ success: false, error: "Cross-site request refused." }, { status: 403 });
    const refuse = (error: string, status: number) => Response.json({ success: false, error }, { status });
    let attempt: Attempt | null = null;
    let adding: Awaited<ReturnType<typeof current>> = null;
    if (step.anonymous && step.method === "GET") {
      const lock = await perClient.blocked(clientIp, now());
      if (!lock.allowed) return refuse(SIGN_IN_LOCKED, 429);
      if (!(await challenges.hit(clientIp, now())).allowed) return refuse(SIGN_IN_LOCKED, 429);
    } else if (step.anonymous) {
      attempt = await reserve(null, clientIp);
      if (!attempt.ok) return refuse(attempt.refusal.error, attempt.refusal.status);
    } else {
      adding = await current(request.headers);
      if (!adding) return refuse("Sign in first.", 401);
      if (!(await reauthenticated(adding))) return refuse(REAUTH_NEEDED, 403);
    }
    const previous = step.anonymous && step.method === "POST" ? await current(request.headers) : null;
    const response = await auth.handler(request);
    if (step.method === "GET") {
      if (response.ok) return response;
      // Adding a passkey needs a session less than a day old (better-auth's freshness rule).
      return refuse(
        response.status === 403 ? "Sign in again to add a passkey." : PASSKEY_FAILED,
        response.status,
      );
    }
    const headers = new Headers();
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    // A failed passkey keeps its reserved attempt.
    if (!response.ok)
      return Response.json(
        { success: false, error: PASSKEY_FAILED },
        { status: response.status === 403 ? 403 : 400, headers },
      );
    if (attempt?.ok) await attempt.release();
    if (step.anonymous) await endPrevious(previous);
    if (adding) await notice?.(adding.user, "passkey-added");
    return Response.json({ success: true }, { headers });
  }

  const reauthMark = (sessionId: string) => `studio-reauth:${sessionId}`;

  /** Marks this session as having just entered the password again (the account page's confirm step). */
  async function markReauthenticated(session: { sessionId: string; user: StudioUser }) {
    const ctx = await auth.$context;
    await ctx.internalAdapter.deleteVerificationByIdentifier(reauthMark(session.sessionId));
    await ctx.internalAdapter.createVerificationValue({
      identifier: reauthMark(session.sessionId),
      value: session.user.id,
      expiresAt: new Date(now() + REAUTH_SECONDS * 1000),
    });
  }

  /** Whether this session entered the password again less than REAUTH_SECONDS ago. */
  async function reauthenticated(session: { sessionId: string; user: StudioUser }): Promise<boolean> {
    const mark = await (
      await auth.$context
    ).internalAdapter.findVerificationValue(reauthMark(session.sessionId));
    return Boolean(mark && mark.value === session.user.id && new Date(mark.expiresAt).getTime() > now());
  }

  /** The signed-in user, and cookies to send back when better-auth slid the session's expiry. */
  async function current(
    headers: Headers,
  ): Promise<{ user: StudioUser; token: string; sessionId: string; setCookie: string[] } | null> {
    if (!headers.get("cookie")?.includes("studio.")) return null;
    const { headers: out, response } = await auth.api.getSession({ headers, returnHeaders: true });
    if (!response) return null;
    const signedInAt = new Date(response.session.createdAt).getTime();
    // Date, not the injected clock: better-auth judges the idle expiry by it too.
    if (signedInAt + SESSION_ABSOLUTE_SECONDS * 1000 <= Date.now()) {
      await (await auth.$context).internalAdapter.deleteSession(response.session.token);
      return null;
    }
    return {
      user: { id: response.user.id, email: response.user.email },
      token: response.session.token,
      sessionId: response.session.id,
      setCookie: out.getSetCookie(),
    };
  }

  /** Ends the session in the database and returns the cookies that clear it in the browser. */
  async function signOut(headers: Headers): Promise<string[]> {
    const response = await auth.api.signOut({ headers, asResponse: true });
    return response.headers.getSetCookie();
  }

  /** The host passkeys belong to, for pages to tell whether the browser is on it. */
  const rpId = passkeyRpId(config);

  return {
    signIn,
    verifyCode,
    passkeyCeremony,
    current,
    signOut,
    reserve,
    markReauthenticated,
    reauthenticated,
    notice,
    accountKey,
    rpId,
  };
}

export type StudioSessions = ReturnType<typeof createStudioSessions>;
