import { z } from "zod";

import type { AppDatabase } from "../db/database.server";
import { MAX_PASSWORD_LENGTH, type StudioAuth } from "./auth.server";
import type { SecurityChange } from "./security-notices.server";
import { type StudioUser } from "./session-context.server";
import { type StudioSessions } from "./session.server";

export type StudioPasskey = { id: string; name: string | null; createdAt: string | null; backedUp: boolean };
export type SecurityResult<T = object> =
  ({ ok: true; setCookie: string[] } & T) | { ok: false; status: number; error: string };

export const WRONG_PASSWORD = "That password is not right.";
export const password = z.object({ password: z.string().min(1).max(MAX_PASSWORD_LENGTH) });
export const code = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app."),
});
export const passkeyId = z.object({ id: z.string().min(1).max(200) });

export type Request = { headers: Headers; clientIp: string; user: StudioUser };

/**
 * The setup link as a QR code for an authenticator app's camera: a PNG data URL, drawn on the
 * server (the page ships no QR code), loaded on first use like the rest of sign-in (decision 0022).
 */
export const QR_CODE_SIZE = 200;

export async function qrCodeOf(totpURI: string) {
  const { toDataURL } = await import("qrcode");
  return toDataURL(totpURI, { errorCorrectionLevel: "M", margin: 2, width: QR_CODE_SIZE });
}

/** What the account's security verbs work with: the deps, the session cookies and the notices. */
export function securityContext({
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
  return { auth, database, sessions, cookies, notice };
}

export type SecurityContext = ReturnType<typeof securityContext>;
