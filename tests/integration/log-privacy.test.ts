import { afterEach, describe, expect, it } from "vitest";

import { createLogTag } from "../../server/logger.server";
import { inquiryEmail } from "../../server/mail/emails/inquiry";
import { MailNotConfiguredError } from "../../server/mail/mailer.server";
import { freePort, startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { testDatabaseKind } from "../helpers/databases";
import { createInquiryHarness, validInquiry, type InquiryHarness } from "../helpers/inquiries";
import { captureLogs } from "../helpers/logs";

/** A visitor whose every value is distinctive, so any trace of it in a log line is found. */
const visitor = {
  ...validInquiry,
  firstName: "Zebulonia",
  lastName: "Quartermaine",
  email: "zq.canary.4471@example.org",
  phone: "604-555-4471",
  company: "Canary Widgets 4471",
  message: "CANARY-4471: our private expansion plans, please keep them quiet.",
};
const VISITOR_IP = "203.0.113.147";
const personalData = [
  visitor.firstName,
  visitor.lastName,
  visitor.email,
  visitor.phone,
  visitor.company,
  "CANARY-4471",
  VISITOR_IP,
];

function expectNoPersonalData(raw: string[]) {
  const all = raw.join("\n").toLowerCase();
  for (const value of personalData)
    expect(all, `a log line contains ${value}`).not.toContain(value.toLowerCase());
}

describe(`log lines about inquiries carry no personal data on ${testDatabaseKind}`, () => {
  let t: InquiryHarness | undefined;
  let smtp: FakeSmtp | undefined;
  afterEach(async () => {
    await t?.dispose();
    await smtp?.stop();
    t = smtp = undefined;
  });

  it("accepted, rate-limited and quarantined as spam: lines name the inquiry by id and the client by a keyed hash", async () => {
    const logs = captureLogs();
    smtp = await startFakeSmtp();
    t = await createInquiryHarness(
      { SMTP_URL: smtp.url, LOG_HASH_KEY: "k".repeat(32) },
      { logStream: logs.stream },
    );
    t.clock.now = Date.UTC(2026, 0, 1, 12, 0, 0);

    const accepted = await t.post(visitor, { ip: VISITOR_IP });
    expect(accepted.status).toBe(200);
    const { id } = (await accepted.json()) as { id: string };
    // The studio's email and the visitor's acknowledgement.
    expect(await t.worker.runOnce()).toMatchObject({ delivered: 2 });
    expect(smtp.messages.some((m) => m.subject.includes(visitor.lastName))).toBe(true);
    // Spam from the same address, both kinds, then past the limit (5 a minute).
    expect((await t.post({ ...visitor, botcheck: "https://spam.example" }, { ip: VISITOR_IP })).status).toBe(
      200,
    );
    expect((await t.post({ ...visitor, elapsedMs: 500 }, { ip: VISITOR_IP })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await t.post(visitor, { ip: VISITOR_IP })).status).toBe(200);
    expect((await t.post(visitor, { ip: VISITOR_IP })).status).toBe(429);
    // Another client's spam, for a tag that differs.
    expect((await t.post({ ...visitor, botcheck: "x" }, { ip: "198.51.100.9" })).status).toBe(200);

    expectNoPersonalData(logs.raw);
    const byMsg = (msg: string) => logs.lines.filter((l) => l.msg === msg);
    expect(byMsg("inquiry stored")[0]).toMatchObject({ inquiryId: id });
    expect(byMsg("delivered")[0]).toMatchObject({ subject: `inquiry/${id}` });
    const tag = createLogTag("k".repeat(32))(VISITOR_IP);
    expect(tag).toMatch(/^[0-9a-f]{16}$/);
    expect(byMsg("inquiry quarantined as spam").map((l) => [l.reason, l.client])).toEqual([
      ["honeypot", tag],
      ["too-fast", tag],
      ["honeypot", createLogTag("k".repeat(32))("198.51.100.9")],
    ]);
    expect(byMsg("inquiry rate limit reached").map((l) => l.client)).toEqual([tag]);
  });

  it("mail not configured: the inquiry is logged as pending by id, and the mailer logs no subject", async () => {
    const logs = captureLogs();
    t = await createInquiryHarness({}, { logStream: logs.stream });
    const res = await t.post(visitor, { ip: VISITOR_IP });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    expect(logs.lines.find((l) => /SMTP_URL is not set/.test(String(l.msg)))).toMatchObject({
      inquiryId: id,
      channel: "inquiry-email",
    });
    // What any direct send (a payment notice) does without SMTP: logged, not sent.
    await expect(
      t.mailer.send({
        ...(await inquiryEmail({ ...visitor, projectType: "pro", budget: "500-1000", timeline: "3-4weeks" })),
        messageId: "<m1@example.com>",
      }),
    ).rejects.toThrow(MailNotConfiguredError);
    expectNoPersonalData(logs.raw);
    expect(logs.lines.find((l) => l.msg === "mail not sent: SMTP_URL is not set")).toMatchObject({
      messageId: "<m1@example.com>",
    });
  });

  it("mail failing: the retry is logged with the outbox id and the error, not the message", async () => {
    const logs = captureLogs();
    t = await createInquiryHarness(
      { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` },
      { logStream: logs.stream },
    );
    expect((await t.post(visitor, { ip: VISITOR_IP })).status).toBe(200);
    expect(await t.worker.runOnce()).toMatchObject({ retry: 2 });
    const failed = logs.lines.filter((l) => l.msg === "delivery failed; will retry");
    expect(failed.map((l) => l.outboxId).sort()).toEqual((await t.outboxRows()).map((r) => r.id).sort());
    for (const line of failed)
      expect(line).toMatchObject({ error: expect.stringMatching(/ECONNREFUSED|connect/i) });
    expectNoPersonalData(logs.raw);
  });
});

describe("the log tag of a client address", () => {
  it("is stable under one key, differs between keys, and without a key is fixed for the process", () => {
    const a = createLogTag("a".repeat(32));
    expect(a(VISITOR_IP)).toBe(createLogTag("a".repeat(32))(VISITOR_IP));
    expect(a(VISITOR_IP)).not.toBe(createLogTag("b".repeat(32))(VISITOR_IP));
    expect(a(VISITOR_IP)).not.toBe(a("203.0.113.148"));
    expect(createLogTag(undefined)(VISITOR_IP)).toBe(createLogTag(undefined)(VISITOR_IP));
    expect(createLogTag(undefined)(VISITOR_IP)).not.toBe(a(VISITOR_IP));
  });
});
