import { simpleParser } from "mailparser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { siteConfig } from "~/content/site";

import { recipientDigest } from "../../server/inquiries/notifications.server";
import { greetableName } from "../../server/mail/emails/acknowledgement";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { testDatabaseKind } from "../helpers/databases";
import { createInquiryHarness, validInquiry, type InquiryHarness } from "../helpers/inquiries";

/** Issue 27, item 3: what a stranger typed into the form, addressed to someone else. */
const hostile = {
  ...validInquiry,
  email: "victim@example.net",
  firstName: "Your account is suspended - verify at https://evil.example/login",
  lastName: "Security Team",
  company: "Bank of Nowhere",
  message:
    "Your payment failed. Pay the overdue invoice now at https://pay.evil.example/invoice?id=42 or lose access.",
};

describe(`the visitor's acknowledgement on ${testDatabaseKind}`, () => {
  let smtp: FakeSmtp;
  let t: InquiryHarness;

  beforeEach(async () => {
    smtp = await startFakeSmtp();
    t = await createInquiryHarness({ SMTP_URL: smtp.url, INQUIRY_TO: "studio@example.com" });
    t.clock.now = Date.UTC(2026, 10, 25, 9, 0, 0);
  });
  afterEach(async () => {
    await t.dispose();
    await smtp.stop();
  });

  const to = (address: string) => smtp.messages.filter((m) => m.to.includes(address));

  it("relays none of a stranger's words or links to the address typed; the studio's email still carries them all", async () => {
    expect((await t.post(hostile)).status).toBe(200);
    expect(await t.worker.runOnce()).toMatchObject({ delivered: 2 });

    const [ack] = to("victim@example.net");
    expect(to("victim@example.net")).toHaveLength(1);
    const parsed = await simpleParser(ack!.raw);
    const html = parsed.html as string;
    for (const part of [ack!.subject, parsed.text!, html]) {
      for (const typed of [
        "suspended",
        "evil.example",
        "Security Team",
        "Bank of Nowhere",
        "overdue",
        "pay.evil",
        "invoice",
      ])
        expect(part).not.toContain(typed);
    }
    // A generic greeting instead of a name that is not one.
    expect(parsed.text).toContain("Hello,");
    // The only links are the studio's own (its mailto in the footer).
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual([`mailto:${siteConfig.email}`]);
    expect(parsed.text!.match(/https?:\/\/\S+/g) ?? []).toEqual([]);

    // The studio reads everything the visitor typed.
    const [studio] = to("studio@example.com");
    expect(studio!.text).toContain("Your account is suspended - verify at https://evil.example/login");
    expect(studio!.text).toContain("https://pay.evil.example/invoice?id=42");
  });

  it("greets by first name only when it reads as one", async () => {
    const names = {
      Ada: "Ada",
      "  Zoë ": "Zoë",
      "Jean-Luc": "Jean-Luc",
      "D'Arcy": "D'Arcy",
      "Mary Anne": "Mary Anne",
      "José María": "José María",
      Ōkubo: "Ōkubo",
      Ada1: undefined,
      "Ada!": undefined,
      "evil.example": undefined,
      "https://evil.example": undefined,
      "Call me at 555": undefined,
      "Your account is suspended": undefined,
      [`A${"a".repeat(40)}`]: undefined,
      "-Ada": undefined,
      "Ada  Lovelace": undefined,
    };
    for (const [typed, greeted] of Object.entries(names)) expect(greetableName(typed), typed).toBe(greeted);

    expect((await t.post({ ...validInquiry, firstName: "Zoë", email: "zoe@example.com" })).status).toBe(200);
    await t.worker.runOnce();
    const parsed = await simpleParser(to("zoe@example.com")[0]!.raw);
    expect(parsed.text).toContain("Hello Zoë,");
  });

  it("sends one acknowledgement per address a day, whatever the letter case, then one again the next day", async () => {
    for (const email of ["victim@example.net", "Victim@Example.NET", " victim@example.net"])
      expect((await t.post({ ...hostile, email })).status).toBe(200);
    await t.worker.runOnce();
    expect(
      smtp.messages.filter((m) => m.to.some((a) => a.toLowerCase() === "victim@example.net")),
    ).toHaveLength(1);
    // Every inquiry still reaches the studio.
    expect(to("studio@example.com")).toHaveLength(3);
    // Stored as a digest of the address, never the address.
    const rows = await t.database.db.selectFrom("acknowledgements").selectAll().execute();
    expect(rows).toEqual([{ recipient_digest: recipientDigest("victim@example.net"), day: "2026-11-25" }]);
    expect(JSON.stringify(rows)).not.toContain("victim");

    // Late the same UTC day: still none; after midnight UTC: one.
    t.clock.now = Date.UTC(2026, 10, 25, 23, 59, 59);
    await t.post(hostile);
    t.clock.now = Date.UTC(2026, 10, 26, 0, 0, 0);
    await t.post(hostile);
    await t.worker.runOnce();
    expect(to("victim@example.net")).toHaveLength(2);
  });

  it("sends one acknowledgement when inquiries to one address race from many processes' worth of requests", async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.post(hostile)));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    const channels = (await t.outboxRows()).map((r) => r.channel);
    expect(channels.filter((c) => c === "inquiry-ack-email")).toHaveLength(1);
    expect(channels.filter((c) => c === "inquiry-email")).toHaveLength(8);
    while ((await t.worker.runOnce()).claimed > 0);
    expect(to("victim@example.net")).toHaveLength(1);
  });

  it("sends no acknowledgement for an inquiry taken for spam", async () => {
    expect((await t.post({ ...validInquiry, elapsedMs: 2800 })).status).toBe(200);
    expect((await t.post({ ...validInquiry, email: "grace@example.com", botcheck: "filled" })).status).toBe(
      200,
    );
    expect(await t.outboxRows()).toEqual([]);
    await t.worker.runOnce();
    expect(smtp.messages).toEqual([]);
    // The day's acknowledgement is still there for the address's real inquiry.
    expect((await t.post({ ...validInquiry, elapsedMs: 45_000 })).status).toBe(200);
    await t.worker.runOnce();
    expect(to("ada@example.com")).toHaveLength(1);
  });
});
