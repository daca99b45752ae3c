import { SESSION_ABSOLUTE_SECONDS } from "./auth.server";
import { type SessionContext, type StudioUser } from "./session-context.server";

/** The signed-in user, and cookies to send back when better-auth slid the session's expiry. */
export async function current(
  ctx: SessionContext,
  headers: Headers,
): Promise<{ user: StudioUser; token: string; sessionId: string; setCookie: string[] } | null> {
  const { auth } = ctx;
  if (!headers.get("cookie")?.includes("studio.")) return null;
  const { headers: out, response } = await auth.api.getSession({ headers, returnHeaders: true });
  if (!response) return null;
  const signedInAt = new Date(response.session.createdAt).getTime();
  // Date, not the injected clock: better-auth judges the idle expiry by it too.
  if (signedInAt + SESSION_ABSOLUTE_SECONDS * 1000 <= Date.now()) {
    await (await auth.$context).internalAdapter.deleteSession(response.session.token);
    return null;
  }
  return {
    user: { id: response.user.id, email: response.user.email },
    token: response.session.token,
    sessionId: response.session.id,
    setCookie: out.getSetCookie(),
  };
}

/** Ends the session in the database and returns the cookies that clear it in the browser. */
export async function signOut(ctx: SessionContext, headers: Headers): Promise<string[]> {
  const { auth } = ctx;
  const response = await auth.api.signOut({ headers, asResponse: true });
  return response.headers.getSetCookie();
}
