import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { secretFor } from "../secrets.server";
import { betterAuthStore } from "./better-auth-store.server";

/** A sign-in link works this long, once (issue 39). */
export const CLIENT_LINK_SECONDS = 15 * 60;
/** A client's session ends after this long without a request, and this long after sign-in whatever happens. */
export const CLIENT_SESSION_IDLE_SECONDS = 24 * 60 * 60;
export const CLIENT_SESSION_ABSOLUTE_SECONDS = 30 * 24 * 60 * 60;
export const CLIENT_AUTH_BASE = "/api/portal/auth";
/** The one better-auth endpoint reachable over HTTP for clients: the link in the email. */
export const CLIENT_VERIFY_PATH = `${CLIENT_AUTH_BASE}/magic-link/verify`;
/** The portal's cookies start with this; the studio's with "studio." (decision 0051). */
export const CLIENT_COOKIE_PREFIX = "portal";

/**
 * A link's token is `id.mac`: a random id and its HMAC under the links' own key. The id alone
 * rides in the outbox row, so the worker rebuilds the link at sending time and no table holds a
 * working link (better-auth stores only the token's SHA-256).
 */
export function linkTokens(config: AppConfig) {
  const key = secretFor(config, "client-sign-in-links");
  const mac = (id: string) => createHmac("sha256", key).update(id).digest("base64url");
  return {
    create: () => {
      const id = randomBytes(16).toString("base64url");
      return `${id}.${mac(id)}`;
    },
    /** The link id of a well-formed token of ours, or undefined. */
    idOf(token: string) {
      const [id, given] = token.split(".");
      if (!id || !given || token.split(".").length !== 2) return undefined;
      const want = Buffer.from(mac(id));
      const got = Buffer.from(given);
      return want.length === got.length && timingSafeEqual(want, got) ? id : undefined;
    },
    tokenOf: (id: string) => `${id}.${mac(id)}`,
  };
}

/** better-auth's "hashed" token store: the verification row's identifier for a token. */
export const storedIdentifier = (token: string) =>
  `magic-link:${createHash("sha256").update(token).digest("base64url")}`;

/** A sign-in link was asked for: the service queues its email (delivery decides whether to send it). */
export type LinkRequested = (linkId: string) => Promise<void>;

/**
 * better-auth for clients, apart from the studio's (decision 0051): its own tables (migration
 * 0032), cookie prefix and key, and only the magic-link plugin. Sign-up happens when a link is
 * used: a client is one proven email. Its HTTP handler is reached only at CLIENT_VERIFY_PATH.
 */
export async function createClientAuth({
  config,
  database,
  onLinkRequested,
}: {
  config: AppConfig;
  database: AppDatabase;
  onLinkRequested: LinkRequested;
}) {
  const [{ betterAuth }, { magicLink }] = await Promise.all([
    import("better-auth"),
    import("better-auth/plugins/magic-link"),
  ]);
  const tokens = linkTokens(config);
  const store = betterAuthStore(database, "client");
  return betterAuth({
    appName: "Cascadia client portal",
    baseURL: config.SITE_URL,
    basePath: CLIENT_AUTH_BASE,
    secret: secretFor(config, "client-sessions").toString("hex"),
    database: store.database,
    session: { ...store.session, expiresIn: CLIENT_SESSION_IDLE_SECONDS, updateAge: 60 * 60 },
    user: store.user,
    account: store.account,
    verification: store.verification,
    advanced: {
      cookiePrefix: CLIENT_COOKIE_PREFIX,
      useSecureCookies: config.SITE_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
    },
    trustedOrigins: [config.SITE_URL],
    // Requests for links are limited in the app's database-backed limiter (portal/sign-in.server.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Its log lines may quote an email address or a token.
    logger: { disabled: true },
    plugins: [
      magicLink({
        expiresIn: CLIENT_LINK_SECONDS,
        storeToken: "hashed",
        generateToken: () => tokens.create(),
        sendMagicLink: async ({ token }) => {
          const id = tokens.idOf(token);
          if (id) await onLinkRequested(id);
        },
      }),
    ],
  });
}

export type ClientAuth = Awaited<ReturnType<typeof createClientAuth>>;
