import * as OTPAuth from "otpauth";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { afterAll, beforeAll } from "vitest";

import { createApp } from "../../server/app.server";
import { createStudioAccounts } from "../../server/auth/accounts.server";
import { createStudioAuth } from "../../server/auth/auth.server";
import { createSecurityNotices } from "../../server/auth/security-notices.server";
import { createStudioSecurity } from "../../server/auth/security.server";
import { createStudioSessions } from "../../server/auth/session.server";
import { loadConfig } from "../../server/config.server";
import type { AppDeps } from "../../server/http/env";
import { createLogger } from "../../server/logger.server";
import { openTestDatabase, type TestDatabase } from "./databases";
import { randomIp } from "./inquiries";
import { builtSite } from "./site";

export const STUDIO_EMAIL = "owner@example.com";
export const STUDIO_PASSWORD = "correct horse battery staple";
export const SITE = "http://localhost:3000";

/** A browser's cookie jar, enough for one origin. */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return response;
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/**
 * The HTTP app on a fresh test database with one studio account, a movable
 * clock for the rate limits, and a client that behaves like a same-origin
 * browser (Origin on state changes, cookies kept).
 */
const LOGIN_PATH = "/studio/login";

/**
 * What the login page answered a sign-in post: signed in (a redirect to the
 * inbox), on to the code step (a redirect there), or the error it shows.
 */
export async function loginOutcome(
  response: Response,
): Promise<{ signedIn: true } | { twoFactor: true } | { error: string }> {
  const location = response.headers.get("location");
  if (response.status === 302 && location === "/studio") return { signedIn: true };
  if (response.status === 302 && location === `${LOGIN_PATH}?step=code`) return { twoFactor: true };
  const shown = /<p id="sign-in-error"[^>]*>([^<]*)<\/p>/.exec(await response.text());
  if (!shown) throw new Error(`The login page answered HTTP ${response.status} without an outcome.`);
  return { error: decodeEntities(shown[1]!) };
}

const decodeEntities = (text: string) =>
  text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

type StudioRoute =
  | "studio/home"
  | "studio/inbox"
  | "studio/pipeline"
  | "studio/replies"
  | "studio/lead"
  | "studio/payments"
  | "studio/accounting"
  | "studio/analytics"
  | "studio/layout"
  | "studio/calls"
  | "studio/call-settings"
  | "studio/plans"
  | "studio/plan-settings";
/** A page's data request: its path with `.data` before the query string. */
const dataPath = (path: string) => path.replace(/(\?|$)/, ".data$1");

/** A `.data` answer decoded (turbo-stream, as React Router sends it): each route's data or error. */
export async function loaderData(response: Response) {
  const { value } = await decodeViaTurboStream(response.body!, globalThis);
  return value as Record<string, { data?: unknown; error?: unknown }>;
}

/** The signed-in email in a `/studio.data` answer (the layout's loader), or null for the login redirect. */
export async function signedInEmail(response: Response) {
  const data = (await loaderData(response))["studio/layout"]?.data as { email: string } | undefined;
  return data?.email ?? null;
}

/** Whether a sign-in post signed the browser in: the login action's redirect to the inbox. */
export const signedInBy = (response: Response) =>
  response.status === 302 && response.headers.get("location") === "/studio";

export type StudioHarnessOptions = {
  database?: TestDatabase;
  skipAccount?: boolean;
  site?: AppDeps["site"];
  /** The app's logger (a test that reads the log lines). */
  logger?: AppDeps["logger"];
};

export async function createStudioHarness(
  env: Record<string, string> = {},
  options: StudioHarnessOptions = {},
) {
  const config = loadConfig({ NODE_ENV: "test", TRUST_PROXY: "true", ...env });
  const database = options.database ?? (await openTestDatabase());
  const logger = options.logger ?? createLogger(config);
  const clock = { now: Date.now() };
  // The built site: its pages' actions are the studio's only way to sign in and change anything.
  const app = createApp({
    config,
    database,
    logger,
    now: () => clock.now,
    site: options.site ?? (await builtSite()),
  });
  const accounts = createStudioAccounts({ auth: await createStudioAuth({ config, database }), database });
  if (!options.skipAccount) await accounts.add(STUDIO_EMAIL, STUDIO_PASSWORD);

  function client(ip = randomIp()) {
    const jar = new CookieJar();
    async function request(
      path: string,
      init: {
        method?: string;
        body?: unknown;
        form?: Record<string, string>;
        headers?: Record<string, string>;
      } = {},
    ) {
      const method = init.method ?? "GET";
      const headers: Record<string, string> = {
        "x-forwarded-for": ip,
        host: "localhost:3000",
        ...(jar.cookies.size ? { cookie: jar.header() } : {}),
      };
      if (method !== "GET") headers.origin = SITE;
      if (init.body !== undefined) headers["content-type"] = "application/json";
      // A page's <Form> posts: url-encoded fields.
      if (init.form !== undefined) headers["content-type"] = "application/x-www-form-urlencoded";
      const body =
        init.form !== undefined
          ? new URLSearchParams(init.form).toString()
          : init.body === undefined
            ? undefined
            : JSON.stringify(init.body);
      const response = await app.request(path, { method, headers: { ...headers, ...init.headers }, body });
      return jar.take(response);
    }
    // The login page's two forms, posted as the page posts them: a redirect on success, the page with its error otherwise.
    const signIn = (email = STUDIO_EMAIL, password = STUDIO_PASSWORD) =>
      request(`${SITE}${LOGIN_PATH}`, { method: "POST", form: { intent: "password", email, password } });
    const signInCode = (code: string) =>
      request(`${SITE}${LOGIN_PATH}`, { method: "POST", form: { intent: "code", code } });
    const signOut = () => request(`${SITE}/studio/logout`, { method: "POST" });
    /** One of the lead page's forms, posted as its script posts it (the `.data` request): the action's status and data. */
    const leadAction = (id: string, fields: Record<string, string>) =>
      request(`${SITE}/studio/leads/${id}.data`, { method: "POST", form: fields });
    /** The lead page's delete form without scripts: a redirect to the inbox once deleted. */
    const deleteLead = (id: string, confirm = "yes") =>
      request(`${SITE}/studio/leads/${id}`, { method: "POST", form: { intent: "delete", confirm } });
    /** What a studio page's loader returns, read as the browser's router reads it (the page's `.data` request). */
    async function page<T>(path: string, route: StudioRoute): Promise<T> {
      const response = await request(dataPath(path));
      if (response.status !== 200) throw new Error(`${path} answered HTTP ${response.status}`);
      return (await loaderData(response))[route]!.data as T;
    }
    /** The account the studio shows as signed in, or null when it sends this browser to the login page. */
    const signedInAs = async () => signedInEmail(await request("/studio.data"));
    return { jar, request, signIn, signInCode, signOut, leadAction, deleteLead, page, signedInAs };
  }

  return {
    app,
    config,
    database,
    accounts,
    clock,
    client,
    async dispose() {
      if (!options.database) await database.dispose();
    },
  };
}

export type StudioHarness = Awaited<ReturnType<typeof createStudioHarness>>;

/**
 * The harness with a browser already signed in as the studio account, and
 * that account's row: where most studio tests start. A failed sign-in throws
 * here, so it shows as itself rather than as a 401 deep inside a test.
 */
export async function signedInStudio(
  env: Record<string, string> = {},
  options: Omit<StudioHarnessOptions, "skipAccount"> = {},
) {
  const harness = await createStudioHarness(env, options);
  const browser = harness.client();
  const response = await browser.signIn();
  if (!signedInBy(response)) {
    await harness.dispose();
    throw new Error(`The studio account could not sign in: HTTP ${response.status}`);
  }
  const user = await harness.database.db
    .selectFrom("studio_users")
    .select(["id", "email"])
    .where("email", "=", STUDIO_EMAIL)
    .executeTakeFirstOrThrow();
  return { ...harness, browser, user };
}

export type SignedInStudio = Awaited<ReturnType<typeof signedInStudio>>;

/**
 * A describe's signed-in studio on the built site, with sandbox payments and a quiet log (`env` adds
 * to them or overrides them): signed in before the describe's first test, disposed after its last.
 */
export function signedInStudioSuite(
  env: Record<string, string> = {},
  options: () => Promise<Omit<StudioHarnessOptions, "skipAccount">> = async () => ({}),
) {
  const suite = {} as { h: SignedInStudio };
  beforeAll(async () => {
    suite.h = await signedInStudio(
      { LOG_LEVEL: "silent", PAYMENTS_PROVIDER: "sandbox", ...env },
      await options(),
    );
  });
  afterAll(async () => {
    await suite.h?.dispose();
  });
  return suite;
}

/** The account page's security actions for the signed-in browser, and the request they take from it. */
export async function studioSecurity(h: SignedInStudio) {
  const auth = await createStudioAuth({ config: h.config, database: h.database });
  const notice = createSecurityNotices({ database: h.database, now: () => h.clock.now });
  const sessions = createStudioSessions({
    auth,
    database: h.database,
    config: h.config,
    now: () => h.clock.now,
    notice,
  });
  const security = createStudioSecurity({ auth, database: h.database, sessions });
  const request = () => ({
    headers: new Headers({ cookie: h.browser.jar.header() }),
    clientIp: "198.51.100.7",
    user: h.user,
  });
  return { security, sessions, request };
}

/** Turns TOTP on the way the account page does, returning the authenticator app's view of it. */
export async function enableTotp(h: SignedInStudio) {
  const { security, request } = await studioSecurity(h);
  const started = await security.startTwoFactor({ password: STUDIO_PASSWORD }, request());
  if (!started.ok) throw new Error(started.error);
  const totp = OTPAuth.URI.parse(started.totpURI) as OTPAuth.TOTP;
  const confirmed = await security.confirmTwoFactor({ code: totp.generate() }, request());
  if (!confirmed.ok) throw new Error(confirmed.error);
  // Turning it on starts a new session: the page's answer carries its cookie.
  const headers = new Headers();
  for (const cookie of confirmed.setCookie) headers.append("set-cookie", cookie);
  h.browser.jar.take(new Response(null, { headers }));
  return { totp, backupCodes: started.backupCodes };
}
