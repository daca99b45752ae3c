import { STUDIO_TOTP_ISSUER } from "./auth.server";
import { withPassword } from "./confirm-password.server";
import {
  code,
  qrCodeOf,
  type Request,
  type SecurityContext,
  type SecurityResult,
} from "./security-context.server";
import { type StudioUser } from "./session-context.server";

export async function twoFactorEnabled(ctx: SecurityContext, user: StudioUser): Promise<boolean> {
  const { database } = ctx;
  const row = await database.db
    .selectFrom("studio_users")
    .select("two_factor_enabled")
    .where("id", "=", user.id)
    .executeTakeFirst();
  return Boolean(row?.two_factor_enabled);
}

/**
 * Step one of turning two-factor on: a new secret (as an otpauth URI, its QR code and the bare key)
 * and backup codes, shown once; not on until a code is confirmed.
 */
export async function startTwoFactor(
  ctx: SecurityContext,
  input: unknown,
  request: Request,
): Promise<SecurityResult<{ totpURI: string; qrCode: string; secret: string; backupCodes: string[] }>> {
  const { auth, cookies } = ctx;
  const checked = await withPassword(ctx, input, request, (password) =>
    auth.api.enableTwoFactor({
      body: { password, issuer: STUDIO_TOTP_ISSUER },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (!checked.ok) return checked;
  const { totpURI, backupCodes } = (await checked.response.json()) as {
    totpURI: string;
    backupCodes: string[];
  };
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return {
    ok: true,
    setCookie: cookies(checked.response),
    totpURI,
    qrCode: await qrCodeOf(totpURI),
    secret,
    backupCodes,
  };
}

/** Step two: the first code from the app turns two-factor on (better-auth starts a new session for it). */
export async function confirmTwoFactor(
  ctx: SecurityContext,
  input: unknown,
  request: Request,
): Promise<SecurityResult> {
  const { auth, notice, cookies } = ctx;
  const parsed = code.safeParse(input);
  if (!parsed.success)
    return {
      ok: false,
      status: 400,
      error: parsed.error.issues[0]?.message ?? "Enter the 6-digit code.",
    };
  const response = await auth.api.verifyTOTP({
    body: { code: parsed.data.code },
    headers: request.headers,
    asResponse: true,
  });
  if (!response.ok)
    return {
      ok: false,
      status: 400,
      error: "That code is not right. Check the time on your phone and try the next code.",
    };
  await notice(request.user, "totp-on");
  return { ok: true, setCookie: cookies(response) };
}

export async function disableTwoFactor(
  ctx: SecurityContext,
  input: unknown,
  request: Request,
): Promise<SecurityResult> {
  const { auth, notice, cookies } = ctx;
  const checked = await withPassword(ctx, input, request, (password) =>
    auth.api.disableTwoFactor({ body: { password }, headers: request.headers, asResponse: true }),
  );
  if (!checked.ok) return checked;
  await notice(request.user, "totp-off");
  return { ok: true, setCookie: cookies(checked.response) };
}
