import { REAUTH_SECONDS, type SessionContext, type StudioUser } from "./session-context.server";

/** Marks this session as having just entered the password again (the account page's confirm step). */
export async function markReauthenticated(
  ctx: SessionContext,
  session: { sessionId: string; user: StudioUser },
) {
  const { auth, reauthMark, now } = ctx;
  const authContext = await auth.$context;
  await authContext.internalAdapter.deleteVerificationByIdentifier(reauthMark(session.sessionId));
  await authContext.internalAdapter.createVerificationValue({
    identifier: reauthMark(session.sessionId),
    value: session.user.id,
    expiresAt: new Date(now() + REAUTH_SECONDS * 1000),
  });
}

/** Whether this session entered the password again less than REAUTH_SECONDS ago. */
export async function reauthenticated(
  ctx: SessionContext,
  session: { sessionId: string; user: StudioUser },
): Promise<boolean> {
  const { auth, reauthMark, now } = ctx;
  const mark = await (
    await auth.$context
  ).internalAdapter.findVerificationValue(reauthMark(session.sessionId));
  return Boolean(mark && mark.value === session.user.id && new Date(mark.expiresAt).getTime() > now());
}
