import { createHash } from "node:crypto";
import { z } from "zod";
import type { AppDatabase } from "../db/database.server";
import { createRateLimiter } from "../http/rate-limit.server";
import { MAX_PASSWORD_LENGTH, SESSION_ABSOLUTE_SECONDS, type StudioAuth } from "./auth.server";

export type StudioUser = { id: string; email: string };

/** One message for a wrong password and an unknown email: the form must not tell which accounts exist. */
export const SIGN_IN_FAILED = "That email and password do not match an account.";
export const SIGN_IN_LOCKED = "Too many failed sign-ins. Try again later.";

/** Failed sign-ins allowed per account and per client address in a window. */
export const SIGN_IN_LIMITS = { windowMs: 15 * 60_000, perAccount: 5, perClient: 20 };

const credentials = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
});

export type SignInResult =
  | { ok: true; setCookie: string[] }
  | { ok: false; status: 400 | 401 | 429; error: string; retryAfterSeconds?: number };

/**
 * Sign-in, the current session and sign-out on top of better-auth, with the
 * studio's own rules: failures counted per account and per client address in
 * the shared database (clock `now`), a new session on every sign-in (the one the browser
 * came with is ended), and an absolute lifetime on top of better-auth's idle one.
 */
export function createStudioSessions({ auth, database, now = Date.now }: { auth: StudioAuth; database: AppDatabase; now?: () => number }) {
  const window = (max: number) => [{ windowMs: SIGN_IN_LIMITS.windowMs, max }];
  const perAccount = createRateLimiter(database, "studio-sign-in-account", window(SIGN_IN_LIMITS.perAccount));
  const perClient = createRateLimiter(database, "studio-sign-in-client", window(SIGN_IN_LIMITS.perClient));

  async function signIn(input: unknown, request: { headers: Headers; clientIp: string }): Promise<SignInResult> {
    const parsed = credentials.safeParse(input);
    if (!parsed.success) return { ok: false, status: 400, error: SIGN_IN_FAILED };
    const { email, password } = parsed.data;
    // The limiter keys are stored: a digest, not the address itself.
    const account = createHash("sha256").update(email).digest("base64url");
    const at = now();
    for (const decision of [await perAccount.blocked(account, at), await perClient.blocked(request.clientIp, at)]) {
      if (!decision.allowed) return { ok: false, status: 429, error: SIGN_IN_LOCKED, retryAfterSeconds: decision.retryAfterSeconds };
    }
    const previous = await current(request.headers);
    const response = await auth.api.signInEmail({ body: { email, password, rememberMe: true }, headers: request.headers, asResponse: true });
    if (!response.ok) {
      await perAccount.hit(account, at);
      await perClient.hit(request.clientIp, at);
      return { ok: false, status: 401, error: SIGN_IN_FAILED };
    }
    if (previous) await (await auth.$context).internalAdapter.deleteSession(previous.token);
    return { ok: true, setCookie: response.headers.getSetCookie() };
  }

  /** The signed-in user, and cookies to send back when better-auth slid the session's expiry. */
  async function current(headers: Headers): Promise<{ user: StudioUser; token: string; setCookie: string[] } | null> {
    if (!headers.get("cookie")?.includes("studio.")) return null;
    const { headers: out, response } = await auth.api.getSession({ headers, returnHeaders: true });
    if (!response) return null;
    const signedInAt = new Date(response.session.createdAt).getTime();
    // Date, not the injected clock: better-auth judges the idle expiry by it too.
    if (signedInAt + SESSION_ABSOLUTE_SECONDS * 1000 <= Date.now()) {
      await (await auth.$context).internalAdapter.deleteSession(response.session.token);
      return null;
    }
    return { user: { id: response.user.id, email: response.user.email }, token: response.session.token, setCookie: out.getSetCookie() };
  }

  /** Ends the session in the database and returns the cookies that clear it in the browser. */
  async function signOut(headers: Headers): Promise<string[]> {
    const response = await auth.api.signOut({ headers, asResponse: true });
    return response.headers.getSetCookie();
  }

  return { signIn, current, signOut };
}

export type StudioSessions = ReturnType<typeof createStudioSessions>;
