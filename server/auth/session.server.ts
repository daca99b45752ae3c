import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { type StudioAuth } from "./auth.server";
import { current, signOut } from "./current-session.server";
import { passkeyCeremony } from "./passkey-ceremony.server";
import { markReauthenticated, reauthenticated } from "./reauthenticate.server";
import type { SecurityNotice } from "./security-notices.server";
import { accountKey, PASSKEY_PATH, PASSKEY_STEPS, sessionContext } from "./session-context.server";
import { reserve, signIn, verifyCode } from "./sign-in.server";

export const isAnonymousPasskeyPath = (path: string) =>
  path.startsWith(PASSKEY_PATH) && PASSKEY_STEPS[path.slice(PASSKEY_PATH.length)]?.anonymous === true;

/**
 * Sign-in, the current session and sign-out on top of better-auth, with the
 * studio's own rules: failures counted per account and per client address in
 * the shared database (clock `now`), a new session on every sign-in (the one the browser
 * came with is ended), and an absolute lifetime on top of better-auth's idle one.
 */
export function createStudioSessions(deps: {
  auth: StudioAuth;
  database: AppDatabase;
  config: Pick<AppConfig, "SITE_URL">;
  now?: () => number;
  /** Tells an account's owner of a change to their sign-in methods (security-notices.server.ts). */
  notice?: SecurityNotice;
}) {
  const ctx = sessionContext(deps);
  return {
    signIn: signIn.bind(null, ctx),
    verifyCode: verifyCode.bind(null, ctx),
    passkeyCeremony: passkeyCeremony.bind(null, ctx),
    current: current.bind(null, ctx),
    signOut: signOut.bind(null, ctx),
    reserve: reserve.bind(null, ctx),
    markReauthenticated: markReauthenticated.bind(null, ctx),
    reauthenticated: reauthenticated.bind(null, ctx),
    notice: ctx.notice,
    accountKey,
    rpId: ctx.rpId,
  };
}

export type StudioSessions = ReturnType<typeof createStudioSessions>;
