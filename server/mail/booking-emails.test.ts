import { describe, expect, it } from "vitest";

import { siteConfig } from "~/content/site";

import { bookingCancelledEmail } from "./emails/booking-cancelled";
import { bookingConfirmationEmail } from "./emails/booking-confirmation";
import { bookingNoticeEmail } from "./emails/booking-notice";
import { bookingReminderEmail } from "./emails/booking-reminder";
import type { RenderedEmail } from "./layout";

/** The booking emails (docs/product.md#booking), beside the others' snapshots in __snapshots__/. */
const portalUrl = "https://cascadiawebstudio.ca/portal";
const link = "https://cascadiawebstudio.ca/book/manage/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE";
const notice = {
  change: "booked" as const,
  name: "Ada <b>Lovelace</b>",
  email: "ada@example.com",
  verified: false,
  company: null,
  topic: 'A new site <a href="https://evil.example">here</a>',
  when: "December 2, 2026 at 10:00 a.m. Pacific Time",
  visitorZone: "Europe/London",
  leadLink: "https://cascadiawebstudio.ca/studio/leads/lead-1",
};
const emails: Record<string, () => Promise<RenderedEmail>> = {
  "booking-confirmation": () =>
    bookingConfirmationEmail({
      firstName: "Ada",
      when: "Wednesday, December 2, 2026 at 5:00 p.m. United Kingdom Time (London)",
      whenStudio: "December 2, 2026 at 10:00 a.m. Pacific Time",
      manageLink: link,
      rescheduled: false,
      videoLink: "https://meet.example.com/cascadia-call",
      portalUrl,
    }),
  "booking-reminder-1h": () =>
    bookingReminderEmail({
      firstName: "Ada",
      when: "Wednesday, December 2, 2026 at 5:00 p.m. United Kingdom Time (London)",
      manageLink: link,
      hoursBefore: 1,
      videoLink: "https://meet.example.com/cascadia-call",
      portalUrl,
    }),
  "booking-notice": () => bookingNoticeEmail(notice),
  "booking-notice-existing-lead": () =>
    bookingNoticeEmail({ ...notice, name: "Mallory Stranger", leadName: "Ada Lovelace" }),
  "booking-cancelled": () =>
    bookingCancelledEmail({
      firstName: "Ada",
      when: "Wednesday, December 2, 2026 at 5:00 p.m. United Kingdom Time (London)",
      bookLink: "https://cascadiawebstudio.ca/book",
      portalUrl,
    }),
};

describe("booking emails", () => {
  for (const [name, build] of Object.entries(emails)) {
    it(`${name}: HTML and plain text match their snapshots, in the studio's look, with nothing fetched`, async () => {
      const email = await build();
      await expect(email.html).toMatchFileSnapshot(`__snapshots__/${name}.html`);
      await expect(email.text).toMatchFileSnapshot(`__snapshots__/${name}.txt`);
      expect(email.html).toContain(siteConfig.address.street);
      // The visitor's emails link to the client portal too (issue 39); the studio's notice does not.
      if (!name.startsWith("booking-notice")) expect(email.text).toContain(portalUrl);
      else expect(email.text).not.toContain(portalUrl);
      expect(email.html).not.toMatch(/<img|src=|url\(|<link|<script/i);
    });
  }

  it("the visitor's emails greet only by a greetable first name and link only to this site and the studio's video call", async () => {
    const video = "https://meet.example.com/cascadia-call";
    const email = await bookingConfirmationEmail({
      firstName: "Visit https://evil.example",
      when: "x",
      whenStudio: "y",
      manageLink: link,
      rescheduled: true,
      videoLink: video,
      portalUrl,
    });
    expect(email.text).toContain("Hello,");
    expect(email.text).not.toContain("evil.example");
    expect(email.subject).toBe("Your call is moved: x");
    const hosts = new Set(
      [...email.text.matchAll(/https?:\/\/[^\s)"<]+/g)].map((m) => new URL(m[0]).hostname),
    );
    expect([...hosts].sort()).toEqual(["cascadiawebstudio.ca", "meet.example.com"]);
    expect(email.text).toContain(`join by video: ${video}`);
    const without = await bookingConfirmationEmail({
      firstName: "Ada",
      when: "x",
      whenStudio: "y",
      manageLink: link,
      rescheduled: false,
      videoLink: null,
      portalUrl,
    });
    expect(without.text).toContain("We send the video link before the call.");
  });

  it("the studio's notice says a typed address is not verified, and names the lead it belongs to when that differs", async () => {
    const typed = await bookingNoticeEmail({ ...notice, name: "Mallory Stranger", leadName: "Ada Lovelace" });
    expect(typed.text).toContain("not verified");
    expect(typed.text).toContain("belongs to an existing lead, Ada Lovelace");
    expect(typed.subject).toContain("Mallory Stranger");
    const client = await bookingNoticeEmail({ ...notice, verified: true });
    expect(client.text).not.toContain("not verified");
    expect(client.text).toContain("(signed-in client)");
  });

  it("the studio's notice escapes what the visitor typed in its HTML and keeps it word for word in its text", async () => {
    const email = await bookingNoticeEmail(notice);
    expect(email.html).not.toContain("<b>Lovelace</b>");
    expect(email.html).not.toContain('href="https://evil.example"');
    expect(email.text).toContain(notice.topic);
    const forged = await bookingNoticeEmail({ ...notice, name: "Ada\r\nBcc: victim@example.com" });
    expect(forged.subject).not.toMatch(/[\r\n]/);
  });
});
