import { z } from "zod";
import type { AppDatabase } from "../db/database.server";
import { MAX_PASSWORD_LENGTH, STUDIO_TOTP_ISSUER, type StudioAuth } from "./auth.server";
import type { StudioSessions, StudioUser } from "./session.server";

export type StudioPasskey = { id: string; name: string | null; createdAt: string | null; backedUp: boolean };
export type SecurityResult<T = object> = ({ ok: true; setCookie: string[] } & T) | { ok: false; status: number; error: string };

export const WRONG_PASSWORD = "That password is not right.";
const password = z.object({ password: z.string().min(1).max(MAX_PASSWORD_LENGTH) });
const code = z.object({ code: z.string().trim().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app.") });
const passkeyId = z.object({ id: z.string().min(1).max(200) });

type Request = { headers: Headers; clientIp: string; user: StudioUser };

/**
 * The signed-in user's own sign-in methods, for the account page: their
 * passkeys (listed and removed here, added by the browser's ceremony) and
 * TOTP two-factor (turned on with the password and a first code, off with the
 * password). A wrong password here counts as a failed sign-in of the account.
 */
export function createStudioSecurity({ auth, database, sessions }: { auth: StudioAuth; database: AppDatabase; sessions: StudioSessions }) {
  const cookies = (response: Response) => response.headers.getSetCookie();

  async function refusedPassword(response: Response, request: Request): Promise<SecurityResult> {
    const { code: reason } = ((await response.json().catch(() => ({}))) ?? {}) as { code?: string };
    if (reason === "INVALID_PASSWORD") {
      await sessions.failed(sessions.accountKey(request.user.email), request.clientIp);
      return { ok: false, status: 400, error: WRONG_PASSWORD };
    }
    return { ok: false, status: response.status, error: "That did not work. Reload the page and try again." };
  }

  return {
    async passkeys(headers: Headers): Promise<StudioPasskey[]> {
      const rows = await auth.api.listPasskeys({ headers });
      return rows.map((p) => ({ id: p.id, name: p.name ?? null, createdAt: p.createdAt ? new Date(p.createdAt).toISOString() : null, backedUp: Boolean(p.backedUp) }));
    },

    async removePasskey(input: unknown, request: Request): Promise<SecurityResult> {
      const parsed = passkeyId.safeParse(input);
      if (!parsed.success) return { ok: false, status: 400, error: "No such passkey." };
      const response = await auth.api.deletePasskey({ body: parsed.data, headers: request.headers, asResponse: true });
      return response.ok ? { ok: true, setCookie: cookies(response) } : { ok: false, status: 404, error: "No such passkey." };
    },

    async twoFactorEnabled(user: StudioUser): Promise<boolean> {
      const row = await database.db.selectFrom("studio_users").select("two_factor_enabled").where("id", "=", user.id).executeTakeFirst();
      return Boolean(row?.two_factor_enabled);
    },

    /**
     * Step one of turning two-factor on: a new secret (as an otpauth URI, its QR code and the bare key)
     * and backup codes, shown once; not on until a code is confirmed.
     */
    async startTwoFactor(input: unknown, request: Request): Promise<SecurityResult<{ totpURI: string; qrCode: string; secret: string; backupCodes: string[] }>> {
      const refused = await sessions.locked(sessions.accountKey(request.user.email), request.clientIp);
      if (refused) return refused;
      const parsed = password.safeParse(input);
      if (!parsed.success) return { ok: false, status: 400, error: WRONG_PASSWORD };
      const response = await auth.api.enableTwoFactor({ body: { password: parsed.data.password, issuer: STUDIO_TOTP_ISSUER }, headers: request.headers, asResponse: true });
      if (!response.ok) return (await refusedPassword(response, request)) as SecurityResult<never>;
      const { totpURI, backupCodes } = (await response.json()) as { totpURI: string; backupCodes: string[] };
      const secret = new URL(totpURI).searchParams.get("secret") ?? "";
      return { ok: true, setCookie: cookies(response), totpURI, qrCode: await qrCodeOf(totpURI), secret, backupCodes };
    },

    /** Step two: the first code from the app turns two-factor on (better-auth starts a new session for it). */
    async confirmTwoFactor(input: unknown, request: Request): Promise<SecurityResult> {
      const parsed = code.safeParse(input);
      if (!parsed.success) return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? "Enter the 6-digit code." };
      const response = await auth.api.verifyTOTP({ body: { code: parsed.data.code }, headers: request.headers, asResponse: true });
      if (response.ok) return { ok: true, setCookie: cookies(response) };
      return { ok: false, status: 400, error: "That code is not right. Check the time on your phone and try the next code." };
    },

    async disableTwoFactor(input: unknown, request: Request): Promise<SecurityResult> {
      const refused = await sessions.locked(sessions.accountKey(request.user.email), request.clientIp);
      if (refused) return refused;
      const parsed = password.safeParse(input);
      if (!parsed.success) return { ok: false, status: 400, error: WRONG_PASSWORD };
      const response = await auth.api.disableTwoFactor({ body: parsed.data, headers: request.headers, asResponse: true });
      return response.ok ? { ok: true, setCookie: cookies(response) } : refusedPassword(response, request);
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
