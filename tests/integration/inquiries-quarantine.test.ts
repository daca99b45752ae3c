import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { siteConfig } from "~/content/site";

import { inquiryDeliveryHandlers } from "../../server/inquiries/notifications.server";
import { createInquiryService } from "../../server/inquiries/service.server";
import { createLeadPrivacy } from "../../server/leads/privacy.server";
import { createLeadService } from "../../server/leads/service.server";
import { createLeadTimeline } from "../../server/leads/timeline.server";
import { createLogger } from "../../server/logger.server";
import { createMailer } from "../../server/mail/mailer.server";
import { createOutboxWorker } from "../../server/outbox/outbox.server";
import { createPayments } from "../../server/payments/payments.server";
import { createQuoteService } from "../../server/quotes/service.server";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { testDatabaseKind } from "../helpers/databases";
import { randomIp, validInquiry } from "../helpers/inquiries";
import { signedInStudio, SITE, type SignedInStudio } from "../helpers/studio";

type Lead = { id: string; last_name: string; ref: string | null };

/** Issue 27, item 9: suspected spam is kept in quarantine and the studio decides. */
describe(`quarantine of suspected spam on ${testDatabaseKind}`, () => {
  let smtp: FakeSmtp;
  let h: SignedInStudio;
  let worker: ReturnType<typeof createOutboxWorker>;
  let mailer: ReturnType<typeof createMailer>;

  beforeEach(async () => {
    smtp = await startFakeSmtp();
    h = await signedInStudio({ SMTP_URL: smtp.url, INQUIRY_TO: "studio@example.com" });
    const logger = createLogger(h.config);
    mailer = createMailer(h.config, logger);
    worker = createOutboxWorker({
      database: h.database,
      logger,
      handlers: inquiryDeliveryHandlers({ config: h.config, database: h.database, mailer }),
      now: () => h.clock.now,
    });
  });
  afterEach(async () => {
    await worker.stop();
    mailer.close();
    await h.dispose();
    await smtp.stop();
  });

  async function submit(fields: Record<string, unknown>, query = "") {
    h.clock.now += 1000;
    const response = await h
      .client()
      .request(`/api/inquiries${query}`, { method: "POST", body: { ...validInquiry, ...fields } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; id: string };
    expect(body).toEqual({ success: true, id: expect.any(String) });
    return body.id;
  }
  // The inbox as its page loads it, and the lead page's "Move to inbox" form.
  const inbox = (query = "") =>
    h.browser.page<{ leads: Lead[]; invalid: boolean }>(`/studio/inbox${query}`, "studio/inbox");
  const ids = async (query = "") => (await inbox(query)).leads.map((l) => l.id);
  const release = (id: string) => h.browser.leadAction(id, { intent: "release" });

  it("lists suspected spam only in the Spam view: not in the inbox, its source counts or its CSV export", async () => {
    const real = await submit({ elapsedMs: 45_000, lastName: "Real" }, "?ref=demo-gym");
    const fast = await submit({ elapsedMs: 2800, lastName: "Fast" }, "?ref=demo-gym");
    const honeypot = await submit({ botcheck: "https://spam.example", lastName: "Potted" });

    expect(await ids()).toEqual([real]);
    expect(await ids("?q=fast")).toEqual([]);
    expect(await ids("?view=spam")).toEqual([honeypot, fast]);
    expect(await ids("?view=spam&q=fast")).toEqual([fast]);
    // An unknown view is ignored (the page says so): the inbox, spam left out.
    expect(await inbox("?view=other")).toMatchObject({
      invalid: true,
      leads: [expect.objectContaining({ id: real })],
    });

    // The inbox's source filter counts the real lead only.
    expect(await createLeadService({ database: h.database, config: h.config }).refs()).toEqual([
      { ref: "demo-gym", count: 1 },
    ]);
    const csv = await (await h.browser.request("/api/studio/leads.csv")).text();
    expect(csv).toContain(real);
    expect(csv).not.toContain(fast);
    expect(csv).not.toContain(honeypot);
    const spamCsv = await (await h.browser.request("/api/studio/leads.csv?view=spam")).text();
    expect(spamCsv).toContain(fast);
    expect(spamCsv).not.toContain(real);

    // Nothing was queued or sent for either.
    expect(await worker.runOnce()).toMatchObject({ delivered: 2 });
    expect(smtp.messages.map((m) => m.subject).sort()).toEqual(
      ["New project inquiry from Ada Real", `We received your inquiry: ${siteConfig.name}`].sort(),
    );
  });

  it("moves a lead to the inbox: its notifications go out then, the timeline says so, and racing tabs move it once", async () => {
    const id = await submit({ elapsedMs: 2800, lastName: "Fast", email: "fast@example.com" });
    // A quarantined lead is not worked on until it is in the inbox: no status change, no quote.
    const status = await h.browser.leadAction(id, { intent: "status", status: "contacted" });
    expect(status.status).toBe(409);
    const quotes = createQuoteService({
      config: h.config,
      database: h.database,
      timeline: createLeadTimeline(),
      checkouts: createPayments({ config: h.config, database: h.database, logger: createLogger(h.config) })
        .service,
      now: () => h.clock.now,
    });
    const quote = { inquiryId: id, packageType: "pro" as const, amountCents: 50000 };
    expect(await quotes.create(quote, "owner@example.com")).toEqual({
      ok: false,
      status: 409,
      error: "This lead is in Spam: move it to the inbox first.",
    });

    const answers = await Promise.all([release(id), release(id), release(id)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await ids()).toEqual([id]);
    expect(await ids("?view=spam")).toEqual([]);
    expect((await release(id)).status).toBe(409);
    expect((await release("no-such-lead")).status).toBe(404);

    const outbox = await h.database.db
      .selectFrom("outbox")
      .select("channel")
      .where("subject_id", "=", id)
      .orderBy("channel")
      .execute();
    expect(outbox.map((r) => r.channel)).toEqual(["inquiry-ack-email", "inquiry-email"]);
    expect(await worker.runOnce()).toMatchObject({ delivered: 2 });
    expect(smtp.messages.map((m) => m.to[0]).sort()).toEqual(["fast@example.com", "studio@example.com"]);

    const lead = await h.browser.page<{
      lead: Record<string, unknown>;
      activity: { kind: string; from_status: string; to_status: string; body: string; actor_email: string }[];
    }>(`/studio/leads/${id}`, "studio/lead");
    expect(lead.lead).toMatchObject({ quarantine_reason: null });
    expect(lead.lead).not.toHaveProperty("search_text");
    expect(lead.activity).toEqual([
      expect.objectContaining({
        kind: "status",
        from_status: "spam",
        to_status: "new",
        body: "too-fast",
        actor_email: "owner@example.com",
      }),
    ]);
    expect((await h.browser.leadAction(id, { intent: "status", status: "contacted" })).status).toBe(200);
    expect(await quotes.create(quote, "owner@example.com")).toMatchObject({ ok: true });
  });

  it("quarantines a too-fast form post without JavaScript and shows the visitor the same success", async () => {
    const service = createInquiryService({
      config: h.config,
      database: h.database,
      logger: createLogger(h.config),
    });
    const post = (elapsedMs: string, lastName: string) =>
      service.submitForm(
        new Request(`${SITE}/contact`, {
          method: "POST",
          headers: { origin: SITE, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ ...validInquiry, lastName, elapsedMs }),
        }),
        randomIp(),
      );
    const fast = await post("2800", "Fast");
    const slow = await post("9000", "Slow");
    expect(fast).toEqual(slow);
    expect(fast).toEqual({ status: 200, data: { status: "success" } });
    const rows = await h.database.db
      .selectFrom("leads")
      .select(["last_name", "quarantine_reason", "source"])
      .orderBy("last_name")
      .execute();
    expect(rows).toEqual([
      { last_name: "Fast", quarantine_reason: "too-fast", source: "form" },
      { last_name: "Slow", quarantine_reason: null, source: "form" },
    ]);
  });

  it("purges leads left in Spam 30 days after they came in, and keeps those moved to the inbox", async () => {
    const start = Date.UTC(2026, 0, 1, 12);
    h.clock.now = start;
    await submit({ elapsedMs: 100, lastName: "Kept" });
    const released = await submit({ elapsedMs: 100, lastName: "Released" });
    expect((await release(released)).status).toBe(200);
    const privacy = (at: number) => createLeadPrivacy({ database: h.database, now: () => at });
    const left = async () =>
      (await h.database.db.selectFrom("leads").select("last_name").orderBy("last_name").execute()).map(
        (r) => r.last_name,
      );

    // 30 days to the millisecond after the first came in: not yet.
    expect(await privacy(start + 1000 + 30 * 86_400_000).purgeExpired()).toBe(0);
    expect(await left()).toEqual(["Kept", "Released"]);
    expect(await privacy(start + 1001 + 30 * 86_400_000).purgeExpired()).toBe(1);
    expect(await left()).toEqual(["Released"]);
    // The acknowledgement log keeps only today's days.
    expect(await h.database.db.selectFrom("acknowledgements").selectAll().execute()).toEqual([]);
  });
});
