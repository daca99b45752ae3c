import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { createApp } from "../../server/app.server";
import { loadConfig } from "../../server/config.server";
import { openTestDatabase, testDatabaseKind } from "../helpers/databases";
import { createInquiryHarness, validInquiry, type InquiryHarness } from "../helpers/inquiries";
import { capturingLogger } from "../helpers/logs";

/**
 * The inquiry limit (5 a minute) counts a visitor by the address our proxy
 * appended, not by what the client wrote into X-Forwarded-For.
 */
describe(`client address behind a proxy (${testDatabaseKind})`, () => {
  let t: InquiryHarness;

  beforeEach(async () => {
    t = await createInquiryHarness({ TRUST_PROXY: "1" });
    t.clock.now = Date.UTC(2026, 0, 1, 12, 0, 0);
  });
  afterEach(() => t.dispose());

  const statuses = async (forwardedFor: (i: number) => string) => {
    const out: number[] = [];
    for (let i = 0; i < 6; i++) out.push((await t.post(validInquiry, { ip: forwardedFor(i) })).status);
    return out;
  };

  it("does not give a fresh limit to a client that writes a new address on the left each time", async () => {
    expect(await statuses((i) => `10.9.8.${i}, 198.51.100.20`)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await t.countInquiries()).toBe(5);
  });

  it("counts every address of one IPv6 /64 as one visitor", async () => {
    expect(await statuses((i) => `2001:db8:7:7::${i + 1}`)).toEqual([200, 200, 200, 200, 200, 429]);
    // The next /64 is another visitor.
    expect((await t.post(validInquiry, { ip: "2001:db8:7:8::1" })).status).toBe(200);
  });
});

describe(`X-Forwarded-For without TRUST_PROXY (${testDatabaseKind})`, () => {
  it("logs one warning for the process, naming TRUST_PROXY and no address", async () => {
    const database = await openTestDatabase();
    const { logger, raw } = capturingLogger("warn");
    const app = createApp({ config: loadConfig({ NODE_ENV: "test" }), database, logger });
    for (let i = 0; i < 3; i++)
      expect(
        (await app.request("/healthz", { headers: { "x-forwarded-for": `198.51.100.${i}` } })).status,
      ).toBe(200);
    await database.dispose();
    expect(raw).toHaveLength(1);
    expect(raw[0]).toContain("TRUST_PROXY");
    expect(raw[0]).not.toContain("198.51.100");
  });
});
