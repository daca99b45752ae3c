import { expect } from "vitest";

import { createApp } from "../../server/app.server";
import { loadConfig } from "../../server/config.server";
import { createLogger, type Logger } from "../../server/logger.server";
import { createServices, type ServiceDeps } from "../../server/services.server";
import { startFakeSmtp } from "../fakes/smtp";
import { openTestDatabase } from "./databases";
import { randomIp, validInquiry } from "./inquiries";
import { builtSite } from "./site";

export const PORTAL_SITE_URL = "https://studio.example";
/** What a browser says of a post from the site itself (the in-process request has no real host to match an Origin). */
const ORIGIN = { "sec-fetch-site": "same-origin" };

/**
 * The built site with its services on a test database and the SMTP fake, as the portal's tests
 * use it, and its clients: a lead from an address, a sign-in link asked for and followed, the
 * portal's session cookie. `env` adds to the configuration (a payments provider, its keys).
 */
export async function startPortal({
  env = {},
  logger: given,
  payments,
}: { env?: Record<string, string>; logger?: Logger; payments?: ServiceDeps["payments"] } = {}) {
  const smtp = await startFakeSmtp();
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    SITE_URL: PORTAL_SITE_URL,
    TRUST_PROXY: "true",
    LOG_LEVEL: "silent",
    PAYMENTS_PROVIDER: "sandbox",
    SMTP_URL: smtp.url,
    INQUIRY_TO: "studio@example.com",
    ...env,
  });
  const logger = given ?? createLogger(config);
  const services = createServices({ config, database, logger, deliver: true, payments });
  const app = createApp({ config, database, logger, site: await builtSite(), services });

  const drain = async () => {
    while ((await services.outboxWorker!.runOnce()).claimed > 0);
  };

  /** An enquiry from the address, as the contact form sends it: the lead's id. */
  async function newLead(email: string) {
    const res = await app.request("/api/inquiries", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify({ ...validInquiry, email }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  }

  const askLink = (email: string, ip = randomIp()) =>
    // The sign-in page is the portal's index route (React Router's Form posts to ?index).
    app.request("/portal?index", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip, ...ORIGIN },
      body: new URLSearchParams({ email }).toString(),
    });

  /** The sign-in link the last email to `email` carries, as a path. */
  async function linkFor(email: string) {
    await drain();
    const mail = smtp.messages
      .filter((m) => m.to.includes(email) && m.subject === "Your sign-in link")
      .at(-1);
    if (!mail) throw new Error(`no sign-in mail to ${email}`);
    const href = /https?:\/\/\S+magic-link\/verify\?[^\s\])>"]+/.exec(mail.text)?.[0];
    if (!href) throw new Error("no link in the mail");
    const url = new URL(href.replaceAll("&amp;", "&"));
    return `${url.pathname}${url.search}`;
  }

  const cookieOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .filter((c) => !c.endsWith("="))
      .join("; ");

  /** A client of `email` (who has a lead) signed in by the link: their portal cookie. */
  async function signIn(email: string) {
    const asked = await askLink(email);
    expect(asked.status).toBe(200);
    const res = await app.request(await linkFor(email));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${PORTAL_SITE_URL}/portal`);
    const cookie = cookieOf(res);
    expect(cookie).toMatch(/portal\.session_token=/);
    return cookie;
  }

  async function stop() {
    await services.outboxWorker?.stop();
    services.mailer.close();
    await database.dispose();
    await smtp.stop();
  }

  return { smtp, database, config, services, app, drain, newLead, askLink, linkFor, cookieOf, signIn, stop };
}

export type Portal = Awaited<ReturnType<typeof startPortal>>;
