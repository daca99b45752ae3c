import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { leadDeliveryHandlers } from "../../server/leads/notifications.server";
import { createLogger } from "../../server/logger.server";
import { createMailer } from "../../server/mail/mailer.server";
import { createOutboxWorker } from "../../server/outbox/outbox.server";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { testDatabaseKind } from "../helpers/databases";
import { dealRows } from "../helpers/deals";
import { builtSite } from "../helpers/site";
import { signedInStudio, SITE, STUDIO_EMAIL, type SignedInStudio } from "../helpers/studio";

type LeadPage = {
  lead: { status: string };
  savedReplies: { id: string; title: string }[];
  chosenReply: { id: string; subject: string; body: string } | null;
  activity: { kind: string; from_status: string | null; to_status: string | null; body: string | null }[];
};

/**
 * "Reply" on a lead's page (issue 41): a saved reply the studio edits fills the form, the reply
 * leaves through the outbox to the lead with the studio's inbox as Reply-To, is on the timeline,
 * and moves a New lead to Contacted.
 */
describe(`studio reply from the lead's page on ${testDatabaseKind}`, () => {
  let h: SignedInStudio;
  let smtp: FakeSmtp;
  let worker: ReturnType<typeof createOutboxWorker>;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    const env = {
      LOG_LEVEL: "silent",
      PAYMENTS_PROVIDER: "sandbox",
      SMTP_URL: smtp.url,
      INQUIRY_TO: "studio@example.com",
    };
    h = await signedInStudio(env, { site: await builtSite() });
    const logger = createLogger(h.config);
    const mailer = createMailer(h.config, logger, {
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 30_000,
    });
    worker = createOutboxWorker({
      database: h.database,
      logger,
      handlers: leadDeliveryHandlers({ database: h.database, mailer }),
    });
  });
  afterAll(async () => {
    await h?.dispose();
    await smtp?.stop();
  });

  it("sends a saved reply, edited, to the lead with the studio's Reply-To, on the timeline, New to Contacted", async () => {
    const { lead } = dealRows(h.database, { now: h.clock.now });
    const id = await lead({ status: "new", lastName: "Replied", email: "ada-replied@example.com" });
    // The studio edits a saved reply first.
    const replies = await h.browser.page<{
      replies: { id: string; title: string; subject: string; body: string }[];
    }>("/studio/replies", "studio/replies");
    const first = replies.replies.find((r) => r.id === "first-reply")!;
    const edited = await h.browser.request(`${SITE}/studio/replies`, {
      method: "POST",
      form: {
        intent: "save",
        id: first.id,
        title: first.title,
        subject: "About your site",
        body: "Hello {firstName},\n\nShall we talk on Friday?",
      },
    });
    expect(edited.status).toBe(200);
    const refused = await h.browser.request(`${SITE}/studio/replies`, {
      method: "POST",
      form: { intent: "save", id: "", title: "", subject: "x", body: "y" },
    });
    expect(refused.status).toBe(400);

    const page = await h.browser.page<LeadPage>(`/studio/leads/${id}?reply=first-reply`, "studio/lead");
    expect(page.savedReplies.map((r) => r.title)).toContain(first.title);
    expect(page.chosenReply).toEqual({
      id: "first-reply",
      subject: "About your site",
      body: "Hello Ada,\n\nShall we talk on Friday?",
    });

    // An empty reply is refused, nothing queued.
    expect(
      (await h.browser.leadAction(id, { intent: "reply", subject: "About your site", body: "  " })).status,
    ).toBe(400);
    const sent = await h.browser.leadAction(id, {
      intent: "reply",
      subject: page.chosenReply!.subject,
      body: `${page.chosenReply!.body}\n\n<b>Not HTML</b>`,
    });
    expect(sent.status).toBe(200);

    const before = smtp.messages.length;
    while ((await worker.runOnce()).claimed > 0);
    const mails = smtp.messages.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(["ada-replied@example.com"]);
    expect(mails[0]!.headers["reply-to"]).toBe("studio@example.com");
    expect(mails[0]!.subject).toBe("About your site");
    expect(mails[0]!.text).toContain("Shall we talk on Friday?");
    // The owner's words as typed: plain in the text part, escaped in the HTML.
    expect(mails[0]!.text).toContain("<b>Not HTML</b>");
    const html = String((await simpleParser(mails[0]!.raw)).html);
    expect(html).toContain("&lt;b&gt;Not HTML&lt;/b&gt;");
    expect(html).not.toContain("<b>Not HTML</b>");

    const after = await h.browser.page<LeadPage>(`/studio/leads/${id}`, "studio/lead");
    expect(after.lead.status).toBe("contacted");
    expect(after.activity.map((a) => [a.kind, a.from_status, a.to_status])).toEqual(
      expect.arrayContaining([
        ["reply", null, null],
        ["status", "new", "contacted"],
      ]),
    );
    const leadHtml = await (await h.browser.request(`/studio/leads/${id}`)).text();
    expect(leadHtml).toContain("Replied by email: About your site");
    expect(leadHtml).toContain(STUDIO_EMAIL);

    // A second reply leaves the status where it is.
    expect(
      (await h.browser.leadAction(id, { intent: "reply", subject: "Again", body: "Following up." })).status,
    ).toBe(200);
    const again = await h.browser.page<LeadPage>(`/studio/leads/${id}`, "studio/lead");
    expect(again.activity.filter((a) => a.kind === "status")).toHaveLength(1);
  });

  it("refuses a reply to a lead in Spam", async () => {
    const { lead } = dealRows(h.database, { now: h.clock.now });
    const id = await lead({ status: "new", lastName: "Spam", quarantined: true });
    expect((await h.browser.leadAction(id, { intent: "reply", subject: "Hi", body: "Hello" })).status).toBe(
      409,
    );
  });
});
