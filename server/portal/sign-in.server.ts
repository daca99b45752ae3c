import { createHash } from "node:crypto";
import { z } from "zod";

import {
  CLIENT_LINK_SECONDS,
  CLIENT_SESSION_ABSOLUTE_SECONDS,
  CLIENT_VERIFY_PATH,
  createClientAuth,
  linkTokens,
  storedIdentifier,
  type ClientAuth,
} from "../auth/client-auth.server";
import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { createRateLimiter } from "../http/rate-limit.server";
import { portalSignInEmail } from "../mail/emails/portal-sign-in";
import type { Mailer } from "../mail/mailer.server";
import { enqueue, messageId, type OutboxHandlers, type OutboxTrigger } from "../outbox/outbox.server";

export { LINK_LIMITED, LINK_REFUSED, LINK_SENT } from "~/content/portal";
export { linkRequest } from "~/schemas/portal";

/** A signed-in client: one proven email (decision 0051). */
export type Client = { id: string; email: string };

export const SIGN_IN_CHANNEL = "client-sign-in-email";
const SUBJECT = "client-sign-in";

/**
 * Links asked for: per address (a script trying many emails) and per email (someone filling
 * a client's inbox), each in a short and a daily window. Every request counts, known or not.
 */
export const LINK_LIMITS = {
  perAddress: [
    { windowMs: 15 * 60_000, max: 10 },
    { windowMs: 24 * 60 * 60_000, max: 50 },
  ],
  perEmail: [
    { windowMs: 15 * 60_000, max: 3 },
    { windowMs: 24 * 60 * 60_000, max: 10 },
  ],
};

const emailKey = (email: string) => createHash("sha256").update(email).digest("base64url");

/**
 * Client sign-in: ask for a link (rate-limited, one answer for everyone), the session of a
 * request, sign-out. better-auth loads with the portal's first request (as the studio's does).
 */
export function createClientSignIn(deps: {
  config: AppConfig;
  database: AppDatabase;
  outbox?: OutboxTrigger;
  now?: () => number;
}) {
  const { config, database, now = Date.now } = deps;
  const perAddress = createRateLimiter(database, "portal-link-address", LINK_LIMITS.perAddress);
  const perEmail = createRateLimiter(database, "portal-link-email", LINK_LIMITS.perEmail);
  // Every request queues one row, known email or not: the same work, so the same time; the
  // worker sends only to an email a lead has (clientSignInHandlers).
  const onLinkRequested = async (linkId: string) => {
    await enqueue(
      database.db,
      [{ subjectType: SUBJECT, subjectId: linkId, channel: SIGN_IN_CHANNEL }],
      now(),
    );
    deps.outbox?.wake();
  };
  let auth: Promise<ClientAuth> | undefined;
  const loadAuth = () =>
    (auth ??= createClientAuth({ config, database, onLinkRequested }).catch((error: unknown) => {
      auth = undefined;
      throw error;
    }));

  return {
    loadAuth,
    /** Asks for a link; `limited` when the address or the email asked too often. */
    async requestLink(
      email: string,
      clientIp: string,
    ): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
      const t = now();
      for (const decision of [await perAddress.hit(clientIp, t), await perEmail.hit(emailKey(email), t)])
        if (!decision.allowed) return { ok: false, retryAfterSeconds: decision.retryAfterSeconds };
      await (
        await loadAuth()
      ).api.signInMagicLink({
        body: { email, callbackURL: "/portal", errorCallbackURL: "/portal" },
        headers: new Headers(),
      });
      return { ok: true };
    },
    /** The client of a request, and cookies to send back when better-auth slid the session's expiry. */
    async current(headers: Headers): Promise<{ client: Client; setCookie: string[] } | null> {
      if (!headers.get("cookie")?.includes("portal.")) return null;
      const a = await loadAuth();
      const { headers: out, response } = await a.api.getSession({ headers, returnHeaders: true });
      if (!response) return null;
      if (
        new Date(response.session.createdAt).getTime() + CLIENT_SESSION_ABSOLUTE_SECONDS * 1000 <=
        Date.now()
      ) {
        await (await a.$context).internalAdapter.deleteSession(response.session.token);
        return null;
      }
      return { client: { id: response.user.id, email: response.user.email }, setCookie: out.getSetCookie() };
    },
    /** Ends the session and returns the cookies that clear it. */
    async signOut(headers: Headers): Promise<string[]> {
      const response = await (await loadAuth()).api.signOut({ headers, asResponse: true });
      return response.headers.getSetCookie();
    },
    /** The link in the email (GET CLIENT_VERIFY_PATH): better-auth uses it once and sets the session. */
    async verify(request: Request) {
      return (await loadAuth()).handler(request);
    },
  };
}

export type ClientSignIn = ReturnType<typeof createClientSignIn>;

/** The sign-in email's link, rebuilt from the row's id; the portal answers a bad one itself. */
export const signInUrl = (config: AppConfig, token: string) => {
  const url = new URL(CLIENT_VERIFY_PATH, config.SITE_URL);
  url.searchParams.set("token", token);
  url.searchParams.set("callbackURL", "/portal");
  url.searchParams.set("errorCallbackURL", "/portal");
  return url.toString();
};

/**
 * The worker's side: rebuilds the link, and sends it only while it is unused and unexpired
 * and only to an email a lead has. An unknown email gets nothing, so the portal is no relay.
 */
export function clientSignInHandlers({
  config,
  database,
  mailer,
}: {
  config: AppConfig;
  database: AppDatabase;
  mailer: Mailer;
}): OutboxHandlers {
  const tokens = linkTokens(config);
  return {
    [SIGN_IN_CHANNEL]: {
      enabled: mailer.configured,
      async deliver(row) {
        const token = tokens.tokenOf(row.subject_id);
        const pending = await database.db
          .selectFrom("client_verifications")
          .select(["value", "expires_at"])
          .where("identifier", "=", storedIdentifier(token))
          .executeTakeFirst();
        if (!pending || new Date(pending.expires_at).getTime() <= Date.now()) return;
        const email = z.object({ email: z.string() }).safeParse(JSON.parse(pending.value)).data?.email;
        if (!email) return;
        const lead = await database.db
          .selectFrom("leads")
          .select("first_name")
          .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
          .orderBy("created_at", "desc")
          .executeTakeFirst();
        if (!lead) return;
        const mail = await portalSignInEmail({
          firstName: lead.first_name,
          url: signInUrl(config, token),
          minutes: CLIENT_LINK_SECONDS / 60,
        });
        await mailer.send({ ...mail, to: email, messageId: messageId(row) });
      },
    },
  };
}
