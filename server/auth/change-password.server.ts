import { z } from "zod";

import { recordChange } from "../settings/audit.server";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./auth.server";
import { withPassword } from "./confirm-password.server";
import { weakPasswordReason } from "./password-policy.server";
import type { Request, SecurityContext } from "./security-context.server";

/** Which field a refusal belongs beside on the account page's form. */
export type PasswordField = "currentPassword" | "newPassword" | "confirmPassword";
export type ChangePasswordResult =
  { ok: true; setCookie: string[] } | { ok: false; status: number; error: string; field?: PasswordField };

const form = z.object({
  currentPassword: z.string().max(MAX_PASSWORD_LENGTH).default(""),
  newPassword: z
    .string({ error: `The new password needs at least ${MIN_PASSWORD_LENGTH} characters.` })
    .min(MIN_PASSWORD_LENGTH, `The new password needs at least ${MIN_PASSWORD_LENGTH} characters.`)
    .max(MAX_PASSWORD_LENGTH, `The new password may have at most ${MAX_PASSWORD_LENGTH} characters.`),
  confirmPassword: z.string().max(MAX_PASSWORD_LENGTH).default(""),
});

/** The settings history's key for an account's password: the change is recorded, never the password. */
export const passwordChangeKey = (email: string) => `password:${email}`;

/**
 * The account page's "Change password" (issue 38), by better-auth's own changePassword: the
 * current password is checked by it (counted as an attempt of the account, like sign-in), the
 * new one must pass the studio's rule (length, not common or guessable: password-policy), and
 * every other session of the account ends. The change is recorded in the settings history (who
 * and when; never the password) and emailed to the account's owner.
 */
export async function changePassword(
  ctx: SecurityContext,
  input: unknown,
  request: Request,
): Promise<ChangePasswordResult> {
  const { auth, sessions, cookies, notice, database } = ctx;
  if (!(await sessions.current(request.headers))) return { ok: false, status: 401, error: "Sign in first." };
  const parsed = form.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, status: 400, error: issue.message, field: issue.path[0] as PasswordField };
  }
  const { currentPassword, newPassword, confirmPassword } = parsed.data;
  if (confirmPassword !== newPassword)
    return { ok: false, status: 400, error: "The two new passwords differ.", field: "confirmPassword" };
  if (newPassword === currentPassword)
    return {
      ok: false,
      status: 400,
      error: "Choose a password you have not used here.",
      field: "newPassword",
    };
  const weak = await weakPasswordReason(newPassword, [request.user.email]);
  if (weak) return { ok: false, status: 400, error: weak, field: "newPassword" };
  const changed = await withPassword(ctx, { password: currentPassword }, request, (password) =>
    auth.api.changePassword({
      body: { currentPassword: password, newPassword, revokeOtherSessions: true },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (!changed.ok) return { ...changed, field: changed.status === 400 ? "currentPassword" : undefined };
  const t = Date.now();
  await recordChange(database.db, {
    key: passwordChangeKey(request.user.email),
    before: "(not shown)",
    after: "changed; other sessions signed out",
    actor: request.user.email,
    at: t,
  });
  await notice(request.user, "password-changed");
  return { ok: true, setCookie: cookies(changed.response) };
}
