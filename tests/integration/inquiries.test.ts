import { simpleParser } from "mailparser";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { siteConfig } from "~/content/site";

import { startFakeFormService } from "../fakes/form-service";
import { freePort, startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { testDatabaseKind } from "../helpers/databases";
import { createInquiryHarness, validInquiry, type InquiryHarness } from "../helpers/inquiries";

const expectedText = [
  "Name: Ada Lovelace",
  "Email: ada@example.com",
  "Phone: 604-555-0199",
  "Company: Analytical Engines Ltd",
  "Project Type: Pro Website ($340+)",
  "Budget: $500 - $1,000",
  "Timeline: 3-4 weeks",
  "",
  "Project Description:",
  "We need a five-page site for our engine workshop,",
  "with a booking form.",
].join("\n");

describe(`inquiries on ${testDatabaseKind}`, () => {
  let smtp: FakeSmtp;
  let t: InquiryHarness;

  beforeEach(async () => {
    smtp = await startFakeSmtp();
    t = await createInquiryHarness({
      SMTP_URL: smtp.url,
      INQUIRY_TO: "studio@example.com",
      SMTP_FROM: "Site <site@example.com>",
    });
  });
  afterEach(async () => {
    await t.dispose();
    await smtp.stop();
  });

  it("stores a valid inquiry and delivers the studio's email with exactly the spec's fields, and the visitor's acknowledgement, once each", async () => {
    const res = await t.post({ ...validInquiry, firstName: "  Ada ", email: " ada@example.com " });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; id: string };
    expect(body).toEqual({ success: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const stored = await t.database.db
      .selectFrom("leads")
      .selectAll()
      .where("id", "=", body.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      phone: "604-555-0199",
      company: "Analytical Engines Ltd",
      project_type: "pro",
      budget: "500-1000",
      timeline: "3-4weeks",
      source: "api",
    });
    const queued = await t.outboxRows();
    expect(queued).toHaveLength(2);
    expect(queued[0]).toMatchObject({
      subject_type: "inquiry",
      subject_id: body.id,
      channel: "inquiry-ack-email",
      status: "pending",
      attempts: 0,
    });
    expect(queued[1]).toMatchObject({
      subject_type: "inquiry",
      subject_id: body.id,
      channel: "inquiry-email",
      status: "pending",
      attempts: 0,
    });

    expect(await t.worker.runOnce()).toMatchObject({ claimed: 2, delivered: 2 });
    expect(smtp.messages).toHaveLength(2);
    const mail = smtp.messages.find((m) => m.to.includes("studio@example.com"))!;
    expect(mail.to).toEqual(["studio@example.com"]);
    expect(mail.subject).toBe("New project inquiry from Ada Lovelace");
    expect(mail.headers["reply-to"]).toBe("ada@example.com");
    // With a link to the lead's page in the back office (issue 37), as the booking notice has.
    expect(mail.text).toBe(
      expectedText.replace(
        "Timeline: 3-4 weeks\n",
        `Timeline: 3-4 weeks\nLead page: ${t.config.SITE_URL}/studio/leads/${body.id}\n`,
      ),
    );
    // The visitor's copy goes to the address they gave; their reply reaches the studio.
    const ack = smtp.messages.find((m) => m.to.includes("ada@example.com"))!;
    expect(ack.subject).toBe(`We received your inquiry: ${siteConfig.name}`);
    expect(ack.headers["reply-to"]).toBe("studio@example.com");
    const parsed = await simpleParser(ack.raw);
    expect(parsed.text).toContain("Hello Ada,");
    expect(parsed.text).toContain("within 24 hours");
    // Nothing else the visitor typed: the form takes anyone's address (issue 27, item 3).
    for (const part of [parsed.text!, parsed.html as string]) {
      expect(part).not.toContain("five-page site");
      expect(part).not.toContain("Analytical Engines");
      expect(part).not.toContain("604-555-0199");
    }

    for (const after of await t.outboxRows()) {
      expect(after).toMatchObject({ status: "delivered", attempts: 1, last_error: null, locked_by: null });
      expect(after.delivered_at).toBeTruthy();
    }
    // Nothing more to do, also for a fresh worker (a restart).
    expect(await t.worker.runOnce()).toMatchObject({ claimed: 0 });
    expect(smtp.messages).toHaveLength(2);
  });

  it("says 'Not provided' for optional fields left blank and sends to the site inbox by default", async () => {
    const plain = await createInquiryHarness({ SMTP_URL: smtp.url }, { database: t.database });
    const res = await plain.post({
      ...validInquiry,
      phone: "",
      company: "   ",
      budget: "",
      timeline: undefined,
    });
    expect(res.status).toBe(200);
    await plain.worker.runOnce();
    // The studio's email (the visitor's acknowledgement goes out in the same pass, in either order).
    const mail = smtp.messages.find((m) => m.subject.startsWith("New project inquiry"))!;
    expect(mail.to).toEqual([siteConfig.email]);
    expect(mail.text).toContain(
      "Phone: Not provided\nCompany: Not provided\nProject Type: Pro Website ($340+)\nBudget: Not provided\nTimeline: Not provided",
    );
    await plain.dispose();
  });

  it("keeps the inquiry when SMTP is down and delivers the studio's email and the acknowledgement exactly once each when it is back", async () => {
    const port = await freePort();
    const down = await createInquiryHarness(
      { SMTP_URL: `smtp://127.0.0.1:${port}` },
      { database: t.database },
    );
    const res = await down.post(validInquiry);
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    expect(await down.countInquiries()).toBe(1);

    expect(await down.worker.runOnce()).toMatchObject({ claimed: 2, retry: 2 });
    for (const row of await down.outboxRows()) {
      expect(row).toMatchObject({ status: "pending", attempts: 1, subject_id: id });
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    }
    // Not due again until the backoff has passed.
    expect(await down.worker.runOnce()).toMatchObject({ claimed: 0 });

    const back = await startFakeSmtp(port);
    try {
      down.clock.now += 60_000;
      expect(await down.worker.runOnce()).toMatchObject({ claimed: 2, delivered: 2 });
      down.clock.now += 24 * 60 * 60_000;
      expect(await down.worker.runOnce()).toMatchObject({ claimed: 0 });
      expect(back.messages.map((m) => m.subject).sort()).toEqual(
        [`We received your inquiry: ${siteConfig.name}`, "New project inquiry from Ada Lovelace"].sort(),
      );
      for (const row of await down.outboxRows())
        expect(row).toMatchObject({ status: "delivered", attempts: 2 });
    } finally {
      await back.stop();
      await down.dispose();
    }
  });

  it("accepts form-urlencoded and multipart bodies", async () => {
    const urlencoded = await t.post(new URLSearchParams(validInquiry).toString(), {
      raw: true,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(urlencoded.status).toBe(200);
    const multipart = new FormData();
    for (const [k, v] of Object.entries(validInquiry)) multipart.set(k, v);
    const mp = await t.post(multipart, { raw: true });
    expect(mp.status).toBe(200);
    expect(await t.countInquiries()).toBe(2);
  });

  it("refuses cross-site browser posts and allows same-origin and header-less clients", async () => {
    const cross = await t.post(validInquiry, { headers: { origin: "https://evil.example" } });
    expect(cross.status).toBe(403);
    expect(await cross.json()).toEqual({
      success: false,
      error: "Cross-site form submissions are not accepted.",
    });
    const nullOrigin = await t.post(validInquiry, { headers: { origin: "null" } });
    expect(nullOrigin.status).toBe(403);
    const fetchSite = await t.post(validInquiry, { headers: { "sec-fetch-site": "cross-site" } });
    expect(fetchSite.status).toBe(403);
    expect(await t.countInquiries()).toBe(0);

    const same = await t.post(validInquiry, { headers: { origin: "http://localhost", host: "localhost" } });
    expect(same.status).toBe(200);
    const site = await t.post(validInquiry, { headers: { origin: t.config.SITE_URL } });
    expect(site.status).toBe(200);
    const curl = await t.post(validInquiry);
    expect(curl.status).toBe(200);
    expect(await t.countInquiries()).toBe(3);
  });

  it("answers the sixth submission within a minute from one address with 429 and Retry-After", async () => {
    t.clock.now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const ip = "203.0.113.7";
    const answers = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.post(validInquiry, { ip });
      answers.push([res.status, res.headers.get("retry-after")]);
      if (i === 5) {
        const body = (await res.json()) as { success: boolean; error: string };
        expect(body.success).toBe(false);
        expect(body.error).toMatch(/^Too many inquiries from your network\. Please try again in 60 seconds/);
      }
    }
    expect(answers).toEqual([...Array(5).fill([200, null]), [429, "60"], [429, "60"]]);
    expect(await t.countInquiries()).toBe(5);
    // Another address is unaffected.
    expect((await t.post(validInquiry, { ip: "203.0.113.8" })).status).toBe(200);
    // Refused to the last millisecond of the minute, open again at the next (below the hourly cap).
    t.clock.now += 59_999;
    const last = await t.post(validInquiry, { ip });
    expect([last.status, last.headers.get("retry-after")]).toEqual([429, "1"]);
    t.clock.now += 1;
    expect((await t.post(validInquiry, { ip })).status).toBe(200);
    expect(await t.countInquiries()).toBe(7);
  });

  it("caps one address at 20 an hour", async () => {
    t.clock.now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const ip = "203.0.113.9";
    for (let i = 0; i < 20; i++) {
      t.clock.now += 61_000 * (i % 5 === 0 ? 1 : 0);
      expect((await t.post(validInquiry, { ip })).status).toBe(200);
    }
    // 12:05:05, a fresh minute: the hour is full until 13:00.
    t.clock.now += 61_000;
    const res = await t.post(validInquiry, { ip });
    expect([res.status, res.headers.get("retry-after")]).toEqual([429, "3295"]);
    expect((await res.json()) as { error: string }).toMatchObject({
      error: expect.stringMatching(/Please try again in 55 minutes/),
    });
    t.clock.now = Date.UTC(2026, 0, 1, 12, 59, 59);
    expect((await t.post(validInquiry, { ip })).status).toBe(429);
    t.clock.now = Date.UTC(2026, 0, 1, 13, 0, 0);
    expect((await t.post(validInquiry, { ip })).status).toBe(200);
    expect(await t.countInquiries()).toBe(21);
  });

  it("lifts the rate limit when RATE_LIMIT_DISABLED is set", async () => {
    const open = await createInquiryHarness(
      { SMTP_URL: smtp.url, RATE_LIMIT_DISABLED: "true" },
      { database: t.database },
    );
    for (let i = 0; i < 7; i++)
      expect((await open.post(validInquiry, { ip: "198.51.100.1" })).status).toBe(200);
    await open.dispose();
  });

  it("keeps honeypot and too-fast submissions in quarantine: answered like any other, stored, nothing sent", async () => {
    const honeypot = await t.post({ ...validInquiry, botcheck: "https://spam.example" });
    expect(honeypot.status).toBe(200);
    const honeypotBody = (await honeypot.json()) as { success: boolean; id: string };
    expect(honeypotBody).toEqual({ success: true, id: expect.any(String) });
    // Issue 27, item 9: autofill and a pasted message, sent 2.8 s after the form appeared.
    const fast = await t.post({ ...validInquiry, botcheck: "", elapsedMs: 2800 });
    expect(fast.status).toBe(200);
    const fastBody = (await fast.json()) as { success: boolean; id: string };
    expect(fastBody.success).toBe(true);
    const stored = await t.database.db
      .selectFrom("leads")
      .select(["id", "quarantine_reason", "last_name"])
      .orderBy("created_at")
      .orderBy("quarantine_reason")
      .execute();
    expect(stored).toEqual(
      expect.arrayContaining([
        { id: honeypotBody.id, quarantine_reason: "honeypot", last_name: "Lovelace" },
        { id: fastBody.id, quarantine_reason: "too-fast", last_name: "Lovelace" },
      ]),
    );
    expect(await t.outboxRows()).toHaveLength(0);
    await t.worker.runOnce();
    expect(smtp.messages).toHaveLength(0);
    // What cannot be a lead (no name, no email) is refused like any invalid inquiry, honeypot or not.
    const junk = await t.post({ botcheck: "x", whatever: 1 });
    expect(junk.status).toBe(400);
    expect(await t.countInquiries()).toBe(2);

    // A person who took their time gets through.
    const human = await t.post({ ...validInquiry, botcheck: "", elapsedMs: 45_000 });
    expect(human.status).toBe(200);
    expect(await t.countInquiries()).toBe(3);
    expect((await t.outboxRows()).map((r) => r.channel)).toEqual(["inquiry-ack-email", "inquiry-email"]);
  });

  it("with no SMTP_URL stores the inquiry and leaves its notifications pending", async () => {
    const dev = await createInquiryHarness({}, { database: t.database });
    const res = await dev.post(validInquiry);
    expect(res.status).toBe(200);
    expect(await dev.worker.runOnce()).toMatchObject({ claimed: 0 });
    const rows = await dev.outboxRows();
    expect(rows.map((r) => [r.channel, r.status, r.attempts])).toEqual([
      ["inquiry-ack-email", "pending", 0],
      ["inquiry-email", "pending", 0],
    ]);
    await dev.dispose();
    // Once SMTP is configured, the waiting notifications go out.
    t.clock.now = dev.clock.now + 1_000;
    expect(await t.worker.runOnce()).toMatchObject({ claimed: 2, delivered: 2 });
    expect(smtp.messages.map((m) => m.to)).toEqual(
      expect.arrayContaining([["studio@example.com"], ["ada@example.com"]]),
    );
    expect(smtp.messages).toHaveLength(2);
  });
});

describe(`form-service forwarding on ${testDatabaseKind}`, () => {
  const accessKey = "test-access-key-5f1c9a7e";

  it("posts the spec's multipart fields and never exposes the key", async () => {
    const service = await startFakeFormService();
    const smtp = await startFakeSmtp();
    const t = await createInquiryHarness({
      SMTP_URL: smtp.url,
      INQUIRY_TO: "studio@example.com",
      WEB3FORMS_ACCESS_KEY: accessKey,
      WEB3FORMS_URL: service.url,
    });
    try {
      const res = await t.post(validInquiry);
      const text = await res.text();
      expect(res.status).toBe(200);
      expect(text).not.toContain(accessKey);
      for (const [, v] of res.headers) expect(v).not.toContain(accessKey);

      expect((await t.outboxRows()).map((r) => r.channel).sort()).toEqual([
        "inquiry-ack-email",
        "inquiry-email",
        "inquiry-form-service",
      ]);
      expect(await t.worker.runOnce()).toMatchObject({ claimed: 3, delivered: 3 });

      expect(service.requests).toHaveLength(1);
      const sent = service.requests[0]!;
      expect(sent.method).toBe("POST");
      expect(sent.contentType).toMatch(/^multipart\/form-data; boundary=/);
      expect(sent.fields).toEqual({
        access_key: accessKey,
        subject: "New project inquiry from Ada Lovelace",
        from_name: "Ada Lovelace",
        email: "ada@example.com",
        to_email: "studio@example.com",
        message: `${expectedText}\n`.replace(/\n/g, "\r\n"),
      });
      // The studio's email and the visitor's acknowledgement.
      expect(smtp.messages).toHaveLength(2);

      // A refusal (success false) is retried later; the key stays out of the stored error.
      service.setMode("refuse");
      await t.post(validInquiry);
      // The same address's second inquiry today: no second acknowledgement.
      expect(await t.worker.runOnce()).toMatchObject({ claimed: 2, delivered: 1, retry: 1 });
      const failed = (await t.outboxRows()).find(
        (r) => r.channel === "inquiry-form-service" && r.status === "pending",
      )!;
      expect(failed.last_error).toMatch(/form service refused \(HTTP 200\): Invalid access key/);
      expect(failed.last_error).not.toContain(accessKey);

      service.setMode("http-500");
      t.clock.now += 2 * 60_000;
      expect(await t.worker.runOnce()).toMatchObject({ claimed: 1, retry: 1 });

      service.setMode("ok");
      t.clock.now += 10 * 60_000;
      expect(await t.worker.runOnce()).toMatchObject({ claimed: 1, delivered: 1 });
      expect(service.requests).toHaveLength(4);

      // The API's error answers do not carry it either.
      for (const bad of [
        await t.post({}),
        await t.post("x", { raw: true, headers: { "content-type": "text/plain" } }),
      ]) {
        expect(await bad.text()).not.toContain(accessKey);
      }
    } finally {
      await t.dispose();
      await service.close();
      await smtp.stop();
    }
  });

  it("gives up on a form service that never answers, within the timeout", async () => {
    const { forwardToFormService } = await import("../../server/mail/form-service.server");
    const timeout = vi.spyOn(AbortSignal, "timeout");
    let signal: AbortSignal | undefined;
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        signal = init?.signal ?? undefined;
        signal?.addEventListener("abort", () => reject(signal!.reason));
      });
    await expect(
      forwardToFormService(
        { ...validInquiry, projectType: "pro", budget: "500-1000", timeline: "3-4weeks" },
        { url: "http://127.0.0.1:9/submit", accessKey, toEmail: "studio@example.com", timeoutMs: 200 },
        hanging,
      ),
    ).rejects.toThrow("form service timed out");
    // Ended by the request's own timeout signal, nothing else.
    expect(timeout).toHaveBeenCalledWith(200);
    expect(signal?.reason).toMatchObject({ name: "TimeoutError" });
    timeout.mockRestore();
  });
});
