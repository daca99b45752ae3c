import type { AppDatabase } from "../db/database.server";
import { type StudioAuth } from "./auth.server";
import { changePassword } from "./change-password.server";
import { confirmPassword } from "./confirm-password.server";
import { canChangePasskeys, passkeys, removePasskey } from "./passkey-settings.server";
import { securityContext } from "./security-context.server";
import { type StudioSessions } from "./session.server";
import { confirmTwoFactor, disableTwoFactor, startTwoFactor, twoFactorEnabled } from "./two-factor.server";

/**
 * The signed-in user's own sign-in methods, for the account page: their
 * passkeys (listed and removed here, added by the browser's ceremony, both only
 * within REAUTH_SECONDS of entering the password again) and TOTP two-factor
 * (turned on with the password and a first code, off with the password). Every
 * password check here reserves an attempt of the account first, like sign-in,
 * and every change is emailed to the account's owner.
 */
export function createStudioSecurity(deps: {
  auth: StudioAuth;
  database: AppDatabase;
  sessions: StudioSessions;
}) {
  const ctx = securityContext(deps);
  return {
    passkeys: passkeys.bind(null, ctx),
    canChangePasskeys: canChangePasskeys.bind(null, ctx),
    confirmPassword: confirmPassword.bind(null, ctx),
    changePassword: changePassword.bind(null, ctx),
    removePasskey: removePasskey.bind(null, ctx),
    twoFactorEnabled: twoFactorEnabled.bind(null, ctx),
    startTwoFactor: startTwoFactor.bind(null, ctx),
    confirmTwoFactor: confirmTwoFactor.bind(null, ctx),
    disableTwoFactor: disableTwoFactor.bind(null, ctx),
  };
}

export type StudioSecurity = ReturnType<typeof createStudioSecurity>;
