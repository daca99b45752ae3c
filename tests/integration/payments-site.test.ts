import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApp } from "../../server/app.server";
import { loadConfig } from "../../server/config.server";
import { createLogger } from "../../server/logger.server";
import { CREATE_PAYMENT_LIMITS } from "../../server/payments/payment-context.server";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";
import { randomIp } from "../helpers/inquiries";
import { builtSite } from "../helpers/site";

/**
 * The payment limit against every way a visitor can reach the payment page's
 * action in the built site: React Router runs it for /payment, its data
 * request /payment.data, a trailing slash and any letter case.
 */

/**
 * The app's clock, held in the middle of a minute: the limit counts fixed minutes of the
 * clock, and attempts that a loaded machine spread over a minute's turn on the real one
 * fell in two windows. Each test's client has an address of its own.
 */
const MINUTE_MS = 60_000;
const pinnedNow = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS + MINUTE_MS / 2;

describe(`payment rate limit on every entry point of the built site (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  const max = CREATE_PAYMENT_LIMITS[0]!.max;

  beforeAll(async () => {
    const site = await builtSite();
    database = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: "test", TRUST_PROXY: "true", LOG_LEVEL: "silent" });
    app = createApp({
      config,
      database,
      logger: createLogger(config),
      site,
      now: () => pinnedNow,
    });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const countPayments = async () =>
    Number(
      (
        await database.db
          .selectFrom("payments")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const form = () => new URLSearchParams({ amount: "220", packageType: "basic" }).toString();

  /** One payment attempt through an entry point, as a client at `ip`. */
  const entryPoints: Record<string, (ip: string) => Response | Promise<Response>> = {
    "POST /api/create-payment (JSON)": (ip) =>
      app.request("/api/create-payment", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip },
        body: JSON.stringify({ amount: 220 }),
      }),
    "POST /api/create-payment (form)": (ip) =>
      app.request("/api/create-payment", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
        body: form(),
      }),
    ...Object.fromEntries(
      ["/payment", "/payment.data", "/payment/", "/PAYMENT", "/Payment.data"].map((p) => [
        `POST ${p} (route action)`,
        (ip: string) =>
          app.request(p, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
            body: form(),
          }),
      ]),
    ),
  };

  /** Refused: 429 (API, page) or the page's rate-limit message in a data answer; in every case nothing stored. */
  async function expectRefused(res: Response, label: string) {
    const body = await res.text();
    expect(
      res.status === 429 || body.includes("Too many payment attempts"),
      `${label} → ${res.status} ${body.slice(0, 200)}`,
    ).toBe(true);
  }

  for (const [label, attempt] of Object.entries(entryPoints)) {
    it(`${label}: ${max} attempts a minute, then refused with nothing stored`, async () => {
      const ip = randomIp();
      const before = await countPayments();
      for (let i = 0; i < max; i++) {
        const res = await attempt(ip);
        expect(res.status, `${label} attempt ${i + 1}`).toBeLessThan(400);
      }
      expect(await countPayments()).toBe(before + max);
      await expectRefused(await attempt(ip), label);
      expect(await countPayments()).toBe(before + max);
    });
  }

  it("refuses the page's action posted from another site, storing nothing", async () => {
    const before = await countPayments();
    for (const p of ["/payment", "/payment.data", "/payment/"]) {
      const res = await app.request(p, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": randomIp(),
          origin: "https://evil.example",
        },
        body: form(),
      });
      expect(res.status, p).toBe(400);
    }
    expect(await countPayments()).toBe(before);
  });

  it("shares one allowance across all entry points", async () => {
    const ip = randomIp();
    const before = await countPayments();
    const attempts = Object.values(entryPoints);
    for (let i = 0; i < max; i++) expect((await attempts[i % attempts.length]!(ip)).status).toBeLessThan(400);
    for (const [label, attempt] of Object.entries(entryPoints)) await expectRefused(await attempt(ip), label);
    expect(await countPayments()).toBe(before + max);
  });
});
