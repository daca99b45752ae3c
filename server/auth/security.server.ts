import { z } from "zod";

import type { AppDatabase } from "../db/database.server";
import { MAX_PASSWORD_LENGTH, STUDIO_TOTP_ISSUER, type StudioAuth } from "./auth.server";
import type { SecurityChange } from "./security-notices.server";
import { REAUTH_NEEDED, type StudioSessions, type StudioUser } from "./session.server";

export type StudioPasskey = { id: string; name: string | null; createdAt: string | null; backedUp: boolean };
export type SecurityResult<T = object> =
  ({ ok: true; setCookie: string[] } & T) | { ok: false; status: number; error: string };

export const WRONG_PASSWORD = "That password is not right.";
const password = z.object({ password: z.string().min(1).max(MAX_PASSWORD_LENGTH) });
const code = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app."),
});
const passkeyId = z.object({ id: z.string().min(1).max(200) });

type Request = { headers: Headers; clientIp: string; user: StudioUser };

/**
 * The signed-in user's own sign-in methods, for the account page: their
 * passkeys (listed and removed here, added by the browser's ceremony, both only
 * within REAUTH_SECONDS of entering the password again) and TOTP two-factor
 * (turned on with the password and a first code, off with the password). Every
 * password check here reserves an attempt of the account first, like sign-in,
 * and every change is emailed to the account's owner.
 */
export function createStudioSecurity({
  auth,
  database,
  sessions,
}: {
  auth: StudioAuth;
  database: AppDatabase;
  sessions: StudioSessions;
}) {
  const cookies = (response: Response) => response.headers.getSetCookie();
  const notice = async (user: StudioUser, change: SecurityChange) => sessions.notice?.(user, change);

  /** Runs a better-auth call that checks the password, counted as an attempt of the account before it runs. */
  async function withPassword(
    input: unknown,
    request: Request,
    call: (password: string) => Promise<Response>,
  ): Promise<{ ok: true; response: Response } | { ok: false; status: number; error: string }> {
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

  return {
    async passkeys(headers: Headers): Promise<StudioPasskey[]> {
      const rows = await auth.api.listPasskeys({ headers });
      return rows.map((p) => ({
        id: p.id,
        name: p.name ?? null,
        createdAt: p.createdAt ? new Date(p.createdAt).toISOString() : null,
        backedUp: Boolean(p.backedUp),
      }));
    },

    /** Whether this session may change passkeys now (the password entered again a moment ago). */
    async canChangePasskeys(headers: Headers): Promise<boolean> {
      const session = await sessions.current(headers);
      return Boolean(session && (await sessions.reauthenticated(session)));
    },

    /** The account page's "Confirm your password": lets this session add or remove passkeys for REAUTH_SECONDS. */
    async confirmPassword(input: unknown, request: Request): Promise<SecurityResult> {
      const session = await sessions.current(request.headers);
      if (!session) return { ok: false, status: 401, error: "Sign in first." };
      const checked = await withPassword(input, request, (password) =>
        auth.api.verifyPassword({ body: { password }, headers: request.headers, asResponse: true }),
      );
      if (!checked.ok) return checked;
      await sessions.markReauthenticated(session);
      return { ok: true, setCookie: cookies(checked.response) };
    },

    async removePasskey(input: unknown, request: Request): Promise<SecurityResult> {
      const session = await sessions.current(request.headers);
      if (!session || !(await sessions.reauthenticated(session)))
        return { ok: false, status: 403, error: REAUTH_NEEDED };
      const parsed = passkeyId.safeParse(input);
      if (!parsed.success) return { ok: false, status: 400, error: "No such passkey." };
      const response = await auth.api.deletePasskey({
        body: parsed.data,
        headers: request.headers,
        asResponse: true,
      });
      if (!response.ok) return { ok: false, status: 404, error: "No such passkey." };
      await notice(request.user, "passkey-removed");
      return { ok: true, setCookie: cookies(response) };
    },

    async twoFactorEnabled(user: StudioUser): Promise<boolean> {
      const row = await database.db
        .selectFrom("studio_users")
        .select("two_factor_enabled")
        .where("id", "=", user.id)
        .executeTakeFirst();
      return Boolean(row?.two_factor_enabled);
    },

    /**
     * Step one of turning two-factor on: a new secret (as an otpauth URI, its QR code and the bare key)
     * and backup codes, shown once; not on until a code is confirmed.
     */
    async startTwoFactor(
      input: unknown,
      request: Request,
    ): Promise<SecurityResult<{ totpURI: string; qrCode: string; secret: string; backupCodes: string[] }>> {
      const checked = await withPassword(input, request, (password) =>
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
    },

    /** Step two: the first code from the app turns two-factor on (better-auth starts a new session for it). */
    async confirmTwoFactor(input: unknown, request: Request): Promise<SecurityResult> {
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
    },

    async disableTwoFactor(input: unknown, request: Request): Promise<SecurityResult> {
      const checked = await withPassword(input, request, (password) =>
        auth.api.disableTwoFactor({ body: { password }, headers: request.headers, asResponse: true }),
      );
      if (!checked.ok) return checked;
      await notice(request.user, "totp-off");
      return { ok: true, setCookie: cookies(checked.response) };
    },
  };
}

export type StudioSecurity = ReturnType<typeof createStudioSecurity>;

/**
 * The setup link as a QR code for an authenticator app's camera: a PNG data URL, drawn on the
 * server (the page ships no QR code), loaded on first use like the rest of sign-in (decision 0022).
 */
export const QR_CODE_SIZE = 200;

async function qrCodeOf(totpURI: string) {
  const { toDataURL } = await import("qrcode");
  return toDataURL(totpURI, { errorCorrectionLevel: "M", margin: 2, width: QR_CODE_SIZE });
}
