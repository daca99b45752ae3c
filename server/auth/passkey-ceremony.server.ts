import { isStudioOrigin } from "./auth.server";
import { current } from "./current-session.server";
import { reauthenticated } from "./reauthenticate.server";
import {
  PASSKEY_FAILED,
  PASSKEY_PATH,
  PASSKEY_STEPS,
  REAUTH_NEEDED,
  SIGN_IN_LOCKED,
  type Attempt,
  type SessionContext,
} from "./session-context.server";
import { endPrevious, reserve } from "./sign-in.server";

/**
 * One step of a passkey ceremony, handed to better-auth's own handler: only
 * the four steps in PASSKEY_STEPS, from a studio origin. Signing in with a
 * passkey is limited per address like a password (the attempt reserved before
 * it is checked), ends the session the browser came with, and answers without
 * the session token in the body. Adding one needs the password entered again
 * within REAUTH_SECONDS on this session, and tells the account's owner.
 */
export async function passkeyCeremony(
  ctx: SessionContext,
  request: Request,
  clientIp: string,
): Promise<Response> {
  const { config, perClient, now, challenges, auth, notice } = ctx;
  const step = PASSKEY_STEPS[new URL(request.url).pathname.slice(PASSKEY_PATH.length)];
  if (!step || step.method !== request.method)
    return Response.json({ success: false, error: "Not found." }, { status: 404 });
  const origin = request.headers.get("origin");
  if (step.method === "POST" && !isStudioOrigin(origin, config))
    return Response.json({ success: false, error: "Cross-site request refused." }, { status: 403 });
  const refuse = (error: string, status: number) => Response.json({ success: false, error }, { status });
  let attempt: Attempt | null = null;
  let adding: Awaited<ReturnType<typeof current>> = null;
  if (step.anonymous && step.method === "GET") {
    const lock = await perClient.blocked(clientIp, now());
    if (!lock.allowed) return refuse(SIGN_IN_LOCKED, 429);
    if (!(await challenges.hit(clientIp, now())).allowed) return refuse(SIGN_IN_LOCKED, 429);
  } else if (step.anonymous) {
    attempt = await reserve(ctx, null, clientIp);
    if (!attempt.ok) return refuse(attempt.refusal.error, attempt.refusal.status);
  } else {
    adding = await current(ctx, request.headers);
    if (!adding) return refuse("Sign in first.", 401);
    if (!(await reauthenticated(ctx, adding))) return refuse(REAUTH_NEEDED, 403);
  }
  const previous = step.anonymous && step.method === "POST" ? await current(ctx, request.headers) : null;
  const response = await auth.handler(request);
  if (step.method === "GET") {
    if (response.ok) return response;
    // Adding a passkey needs a session less than a day old (better-auth's freshness rule).
    return refuse(
      response.status === 403 ? "Sign in again to add a passkey." : PASSKEY_FAILED,
      response.status,
    );
  }
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  // A failed passkey keeps its reserved attempt.
  if (!response.ok)
    return Response.json(
      { success: false, error: PASSKEY_FAILED },
      { status: response.status === 403 ? 403 : 400, headers },
    );
  if (attempt?.ok) await attempt.release();
  if (step.anonymous) await endPrevious(ctx, previous);
  if (adding) await notice?.(adding.user, "passkey-added");
  return Response.json({ success: true }, { headers });
}
