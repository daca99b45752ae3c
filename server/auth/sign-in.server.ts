import { current } from "./current-session.server";
import {
  accountKey,
  CODE_EXPIRED,
  CODE_FAILED,
  credentials,
  secondFactor,
  SIGN_IN_FAILED,
  SIGN_IN_LOCKED,
  type Attempt,
  type SessionContext,
  type SignInResult,
} from "./session-context.server";

/**
 * Reserves one attempt at a secret (password, code, passkey) against the
 * account, when known, and the address, BEFORE the secret is checked: of
 * requests in flight together, only as many as the limits leave get checked.
 * The caller keeps the reservation for a failure and releases it for a success.
 */
export async function reserve(
  ctx: SessionContext,
  account: string | null,
  clientIp: string,
): Promise<Attempt> {
  const { now, perClient, lockAnswer, perAccount } = ctx;
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

export async function endPrevious(ctx: SessionContext, previous: { token: string } | null) {
  const { auth } = ctx;
  if (previous) await (await auth.$context).internalAdapter.deleteSession(previous.token);
}

export async function signIn(
  ctx: SessionContext,
  input: unknown,
  request: { headers: Headers; clientIp: string },
): Promise<SignInResult> {
  const { auth } = ctx;
  const parsed = credentials.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, error: SIGN_IN_FAILED };
  const { email, password } = parsed.data;
  // The limiter keys are stored: a digest, not the address itself.
  const attempt = await reserve(ctx, accountKey(email), request.clientIp);
  if (!attempt.ok) return attempt.refusal;
  const previous = await current(ctx, request.headers);
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
  await endPrevious(ctx, previous);
  return { ok: true, setCookie: response.headers.getSetCookie() };
}

/**
 * The second step of a password sign-in on an account with two-factor on: an
 * authenticator code or a backup code, against the challenge cookie the first
 * step set. A wrong code counts as a failed sign-in of that account.
 */
export async function verifyCode(
  ctx: SessionContext,
  input: unknown,
  request: { headers: Headers; clientIp: string },
): Promise<SignInResult> {
  const { auth } = ctx;
  const account = await pendingAccount(ctx, request.headers);
  if (!account) return { ok: false, status: 401, error: CODE_EXPIRED, restart: true };
  const attempt = await reserve(ctx, account, request.clientIp);
  if (!attempt.ok) return attempt.refusal;
  const parsed = secondFactor.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, error: CODE_FAILED };
  const { code } = parsed.data;
  const previous = await current(ctx, request.headers);
  const call = { body: { code }, headers: request.headers, asResponse: true } as const;
  const response = /^\d{6}$/.test(code)
    ? await auth.api.verifyTOTP(call)
    : await auth.api.verifyBackupCode(call);
  if (response.ok) {
    await attempt.release();
    await endPrevious(ctx, previous);
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
export async function pendingAccount(ctx: SessionContext, headers: Headers): Promise<string | null> {
  const { auth } = ctx;
  const raw = /(?:^|;\s*)(?:__Secure-)?studio\.two_factor=([^;]+)/.exec(headers.get("cookie") ?? "")?.[1];
  // The cookie is "<identifier>.<signature>"; better-auth checks the signature when it verifies the code.
  const identifier = raw ? decodeURIComponent(raw).split(".")[0] : undefined;
  if (!identifier) return null;
  const authContext = await auth.$context;
  const challenge = await authContext.internalAdapter.findVerificationValue(identifier);
  if (!challenge || new Date(challenge.expiresAt).getTime() <= Date.now()) return null;
  const user = await authContext.internalAdapter.findUserById(challenge.value);
  return user ? accountKey(user.email) : null;
}
