import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApp } from "../../server/app.server";
import { loadConfig } from "../../server/config.server";
import { createLogger } from "../../server/logger.server";
import { configuredBuildDir } from "../../server/paths";
import { CREATE_PAYMENT_LIMITS } from "../../server/payments/payment-context.server";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";
import { randomIp } from "../helpers/inquiries";

/**
 * The payment limit against every way a visitor can reach the payment page's
 * action in the built site: React Router runs it for /payment, its data
 * request /payment.data, a trailing slash and any letter case.
 */

const buildDir = path.resolve(configuredBuildDir());
const MINUTE_MS = 60_000;

async function loadServerBuild(): Promise<ServerBuild> {
  const entry = path.join(buildDir, "server/index.js");
  if (!fs.existsSync(entry))
    throw new Error(`No build in ${buildDir}: run "npm run build" before this test (npm test does).`);
  return (await import(/* @vite-ignore */ pathToFileURL(entry).href)) as ServerBuild;
}

describe(`payment rate limit on every entry point of the built site (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  const max = CREATE_PAYMENT_LIMITS[0]!.max;

  beforeAll(async () => {
    const serverBuild = await loadServerBuild();
    database = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: "test", TRUST_PROXY: "true", LOG_LEVEL: "silent" });
    app = createApp({
      config,
      database,
      logger: createLogger(config),
      site: { clientDir: path.join(buildDir, "client"), serverBuild },
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
      // The limit's windows are fixed minutes of the clock: attempts that a loaded machine
      // spreads over a minute's turn are two windows' worth, and are made again from a new
      // address within one minute.
      for (let round = 1; ; round++) {
        const ip = randomIp();
        const minute = Math.floor(Date.now() / MINUTE_MS);
        const before = await countPayments();
        for (let i = 0; i < max; i++) {
          const res = await attempt(ip);
          expect(res.status, `${label} attempt ${i + 1}`).toBeLessThan(400);
        }
        expect(await countPayments()).toBe(before + max);
        const over = await attempt(ip);
        if (Math.floor(Date.now() / MINUTE_MS) !== minute && round < 3) continue;
        await expectRefused(over, label);
        expect(await countPayments()).toBe(before + max);
        break;
      }
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
