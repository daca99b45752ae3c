import {
  passkeyId,
  type Request,
  type SecurityContext,
  type SecurityResult,
  type StudioPasskey,
} from "./security-context.server";
import { REAUTH_NEEDED } from "./session-context.server";

export async function passkeys(ctx: SecurityContext, headers: Headers): Promise<StudioPasskey[]> {
  const { auth } = ctx;
  const rows = await auth.api.listPasskeys({ headers });
  return rows.map((p) => ({
    id: p.id,
    name: p.name ?? null,
    createdAt: p.createdAt ? new Date(p.createdAt).toISOString() : null,
    backedUp: Boolean(p.backedUp),
  }));
}

/** Whether this session may change passkeys now (the password entered again a moment ago). */
export async function canChangePasskeys(ctx: SecurityContext, headers: Headers): Promise<boolean> {
  const { sessions } = ctx;
  const session = await sessions.current(headers);
  return Boolean(session && (await sessions.reauthenticated(session)));
}

export async function removePasskey(
  ctx: SecurityContext,
  input: unknown,
  request: Request,
): Promise<SecurityResult> {
  const { sessions, auth, notice, cookies } = ctx;
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
}
