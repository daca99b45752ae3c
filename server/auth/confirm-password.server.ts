import {
  password,
  WRONG_PASSWORD,
  type Request,
  type SecurityContext,
  type SecurityResult,
} from "./security-context.server";

/** Runs a better-auth call that checks the password, counted as an attempt of the account before it runs. */
export async function withPassword(
  ctx: SecurityContext,
  input: unknown,
  request: Request,
  call: (password: string) => Promise<Response>,
): Promise<{ ok: true; response: Response } | { ok: false; status: number; error: string }> {
  const { sessions } = ctx;
  const attempt = await sessions.reserve(sessions.accountKey(request.user.email), request.clientIp);
  if (!attempt.ok) return attempt.refusal;
  const parsed = password.safeParse(input);
  // An empty field is a wrong password: it keeps its attempt.
  if (!parsed.success) return { ok: false, status: 400, error: WRONG_PASSWORD };
  const response = await call(parsed.data.password);
  const { code: reason } = response.ok
    ? {}
    : (((await response
        .clone()
        .json()
        .catch(() => ({}))) ?? {}) as { code?: string });
  if (reason === "INVALID_PASSWORD") return { ok: false, status: 400, error: WRONG_PASSWORD };
  // Right password (or refused for another reason): no guess was spent.
  await attempt.release();
  if (!response.ok)
    return {
      ok: false,
      status: response.status,
      error: "That did not work. Reload the page and try again.",
    };
  return { ok: true, response };
}

/** The account page's "Confirm your password": lets this session add or remove passkeys for REAUTH_SECONDS. */
export async function confirmPassword(
  ctx: SecurityContext,
  input: unknown,
  request: Request,
): Promise<SecurityResult> {
  const { sessions, auth, cookies } = ctx;
  const session = await sessions.current(request.headers);
  if (!session) return { ok: false, status: 401, error: "Sign in first." };
  const checked = await withPassword(ctx, input, request, (password) =>
    auth.api.verifyPassword({ body: { password }, headers: request.headers, asResponse: true }),
  );
  if (!checked.ok) return checked;
  await sessions.markReauthenticated(session);
  return { ok: true, setCookie: cookies(checked.response) };
}
