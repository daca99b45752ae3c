import { simpleParser } from "mailparser";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import { describe, expect, it } from "vitest";

import { siteConfig } from "~/content/site";
import type { Inquiry } from "~/schemas/inquiry";

import { validInquiry } from "../../tests/helpers/inquiry-fields";
import type { PaymentTable } from "../db/schema";
import { acknowledgementEmail } from "./emails/acknowledgement";
import { callCancelledByStudioEmail } from "./emails/call-cancelled-by-studio";
import { creditNoteEmail } from "./emails/credit-note";
import { inquiryEmail, inquiryText } from "./emails/inquiry";
import { leadReplyEmail } from "./emails/lead-reply";
import { paymentReceivedEmail } from "./emails/payment-received";
import { quoteEmail } from "./emails/quote";
import { receiptEmail } from "./emails/receipt";
import { clientReminderEmail } from "./emails/reminder";
import { newLeadReminderEmail, replyDueDigestEmail } from "./emails/reminder-new-lead";
import { undeliverableEmail } from "./emails/undeliverable";
import { type RenderedEmail } from "./layout";

const portalUrl = "https://cascadiawebstudio.ca/portal";

const quote = {
  firstName: "Ada",
  reference: "Q-0A1B2C3D",
  packageName: "Pro Website",
  totalCents: 123456,
  depositCents: 61728,
  balanceCents: 61728,
  expiresOn: "December 23, 2026",
  link: "https://cascadiawebstudio.ca/quote/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE",
  portalUrl,
};

const receipt = {
  firstName: "Ada",
  reference: "Q-0A1B2C3D",
  receiptNumber: "R2026-0001",
  packageName: "Pro Website",
  kindLabel: "Deposit",
  amountCents: 61728,
  paidOn: "November 23, 2026",
  remainingCents: 61728,
  test: false,
  portalUrl,
};

/** The lead who paid, as the notice names them. */
const payer = { firstName: "Ada", lastName: "Lovelace", company: "Analytical Engines" };

const payment: PaymentTable & { refund_status: null; refund_reason: null } = {
  id: "7f3a9c21-0000-4000-8000-000000000000",
  package: "pro",
  amount_cents: 61728,
  currency: "cad",
  status: "paid",
  provider: "stripe",
  provider_session_id: "cs_test_1",
  idempotency_key: "payment-1",
  failure_reason: null,
  created_at: "2026-11-23T10:00:00.000Z",
  updated_at: "2026-11-23T10:01:00.000Z",
  paid_at: "2026-11-23T10:01:00.000Z",
  failed_at: null,
  last_checked_at: null,
  quote_id: "0a1b2c3d-0000-4000-8000-000000000000",
  lead_id: "lead-1",
  kind: "deposit",
  expires_at: null,
  checkout_url: null,
  refund_status: null,
  refund_reason: null,
  provider_payment_ref: null,
};

/** Each email as the mailer sends it (nodemailer's MIME composer), read back by a MIME parser. */
async function roundTrip(email: RenderedEmail) {
  const raw = await new MailComposer({
    from: siteConfig.email,
    to: "ada@example.com",
    subject: email.subject,
    text: email.text,
    html: email.html,
  })
    .compile()
    .build();
  return simpleParser(raw);
}

const reminder = {
  firstName: "Ada",
  reference: "Q-1A2B3C4D",
  link: "https://cascadiawebstudio.ca/quote/tok",
  unsubscribeUrl: "https://cascadiawebstudio.ca/unsubscribe/digest.sig",
  portalUrl,
};
const reminderEmails: Record<string, () => Promise<RenderedEmail>> = {
  "reminder-quote-expiring": () =>
    clientReminderEmail({
      ...reminder,
      kind: "quote-expiring",
      packageName: "Pro Website",
      totalCents: 123_456,
      expiresOn: "December 23, 2026",
    }),
  "reminder-balance": () =>
    clientReminderEmail({
      ...reminder,
      kind: "balance",
      balanceCents: 61_728,
      requestedOn: "December 2, 2026",
      days: 7,
    }),
};

const emails: Record<string, () => Promise<RenderedEmail>> = {
  acknowledgement: () => acknowledgementEmail(validInquiry),
  "lead-reply": () =>
    leadReplyEmail({
      subject: "About your site",
      body: "Hello Ada,\n\nShall we talk on Friday?\nAny time after 10.\n\nBest regards,\nCascadia Web Studio",
    }),
  quote: () => quoteEmail(quote),
  "quote-balance": () => quoteEmail(quote, true),
  "quote-with-note": () =>
    quoteEmail({
      ...quote,
      note: "Ada, as we said on the phone:\nthe shop can wait for phase two. <b>Bold</b> & more.",
    }),
  "receipt-deposit": () => receiptEmail(receipt),
  "receipt-paid-in-full": () =>
    receiptEmail({ ...receipt, kindLabel: "Balance", receiptNumber: "R2026-0002", remainingCents: 0 }),
  "credit-note": () =>
    creditNoteEmail({
      firstName: "Ada",
      reference: "Q-0A1B2C3D",
      number: "C2026-0001",
      receiptNumber: "R2026-0001",
      kindLabel: "Deposit",
      amountCents: 30864,
      issuedOn: "November 25, 2026",
      reason: "Project scope reduced: <half> & the rest",
      test: false,
      portalUrl,
    }),
  ...reminderEmails,
  "call-cancelled-by-studio": () =>
    callCancelledByStudioEmail({
      firstName: "Ada",
      when: "Tuesday, December 1, 2026 at 4:00 p.m. (Europe/London)",
      bookLink: "https://cascadiawebstudio.ca/book",
      portalUrl,
    }),
};

describe("client emails", () => {
  for (const [name, build] of Object.entries(emails)) {
    it(`${name}: HTML and plain text match their snapshots and parse as a multipart/alternative message`, async () => {
      const email = await build();
      await expect(email.html).toMatchFileSnapshot(`__snapshots__/${name}.html`);
      await expect(email.text).toMatchFileSnapshot(`__snapshots__/${name}.txt`);
      const parsed = await roundTrip(email);
      expect(parsed.subject).toBe(email.subject);
      expect(parsed.text?.trim()).toBe(email.text.trim());
      expect(parsed.html).toBe(email.html);
      // The studio's identity from the site config, and nothing fetched from elsewhere.
      for (const part of [parsed.html as string, parsed.text!]) {
        expect(part).toContain(siteConfig.name);
        expect(part).toContain(siteConfig.address.street);
        expect(part).toContain(siteConfig.phone.display);
        // Every client email links to the client portal too (issue 39); the acknowledgement and
        // the studio's reply go to an address a form named and nobody has proven yet (a lead, not
        // yet a client), and carry no link but the studio's mailbox.
        if (build !== emails.acknowledgement && build !== emails["lead-reply"])
          expect(part).toContain(portalUrl);
      }
      expect(parsed.html).not.toMatch(/<img|src=|url\(|<link|<script/i);
    });
  }

  it("a reminder names the studio, links the quote and ends with its unsubscribe link", async () => {
    for (const build of Object.values(reminderEmails)) {
      const email = await build();
      for (const part of [email.text, email.html]) {
        expect(part).toContain(reminder.link);
        expect(part).toContain(reminder.unsubscribeUrl);
        expect(part).toContain("receipts and invoices still come");
      }
    }
  });

  it("the quote email states the fixed amounts and the link", async () => {
    const { text } = await quoteEmail(quote);
    expect(text).toContain("$1,234.56 CAD");
    expect(text).toContain("$617.28 CAD");
    expect(text).toContain(quote.link);
  });

  it("the quote email carries the studio's note as typed, escaped in the HTML, and no note when none", async () => {
    const note = "See you Friday <script>alert(1)</script> & thanks";
    const { html, text } = await quoteEmail({ ...quote, note });
    expect(text).toContain("See you Friday <script>alert(1)</script> & thanks");
    expect(html).toContain("See you Friday &lt;script&gt;alert(1)&lt;/script&gt; &amp; thanks");
    expect(html).not.toContain("<script>");
    const plain = await quoteEmail(quote);
    expect(plain.text).not.toContain("See you Friday");
    // A balance request never repeats the quote's note.
    expect((await quoteEmail({ ...quote, note }, true)).text).not.toContain("See you Friday");
  });

  it("the studio's payment notice names the client, the quote and the lead page, in words and Vancouver time (issue 37)", async () => {
    const email = await paymentReceivedEmail(
      payment,
      "2026-11-23T10:01:00.000Z",
      "https://cascadiawebstudio.ca",
      payer,
    );
    expect(email.subject).toBe(
      "Payment received from Ada Lovelace: Pro Website, $617.28 CAD, quote Q-0A1B2C3D",
    );
    await expect(email.text).toMatchFileSnapshot("__snapshots__/payment-notice-quote.txt");
    for (const part of [email.text, email.html]) {
      expect(part).toContain("Ada Lovelace, Analytical Engines");
      expect(part).toContain("November 23, 2026");
      expect(part).toContain("Deposit");
      // No ids, codes or UTC stamps.
      expect(part).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|cs_test_1|T10:01|\bstripe\b|\(deposit/);
    }
  });

  describe("studio notices: the text the inbox has always read, and the same facts in the studio's look", () => {
    // As stored and parsed again before delivery (the helper's fields are loosely typed).
    const ada: Inquiry = { ...validInquiry, projectType: "pro", budget: "500-1000", timeline: "3-4weeks" };
    const hostile: Inquiry = {
      ...ada,
      lastName: "Lovelace <script>alert(1)</script>",
      message:
        'Hello <img src="https://evil.example/pixel">\n<a href="https://evil.example/login">verify</a> & pay',
    };
    const notices: Record<string, () => Promise<RenderedEmail>> = {
      "inquiry-notice": () => inquiryEmail(ada, "https://cascadiawebstudio.ca/studio/leads/lead-1"),
      "payment-notice-quote": () =>
        paymentReceivedEmail(payment, "2026-11-23T10:01:00.000Z", "https://cascadiawebstudio.ca", payer),
      "reminder-new-lead": () =>
        newLeadReminderEmail({
          firstName: "Ada",
          lastName: "Lovelace",
          projectType: "Pro Website",
          receivedAt: "December 2, 2026 at 12:00 p.m. Pacific Time",
          replyBy: "December 3, 2026 at 12:00 p.m. Pacific Time",
          leadUrl: "https://cascadiawebstudio.ca/studio/leads/lead-1",
        }),
      "reminder-new-lead-digest": () =>
        replyDueDigestEmail(
          [
            [
              "Ada",
              "Lovelace",
              "Pro Website",
              "December 2, 2026 at 12:00 p.m.",
              "December 3, 2026 at 12:00 p.m.",
              "lead-1",
            ],
            [
              "Grace",
              "Hopper",
              "Basic Website",
              "December 2, 2026 at 1:30 p.m.",
              "December 3, 2026 at 1:30 p.m.",
              "lead-2",
            ],
          ].map(([firstName, lastName, projectType, received, replyBy, id]) => ({
            firstName: firstName!,
            lastName: lastName!,
            projectType: projectType!,
            receivedAt: `${received} Pacific Time`,
            replyBy: `${replyBy} Pacific Time`,
            leadUrl: `https://cascadiawebstudio.ca/studio/leads/${id}`,
          })),
        ),
      "undeliverable-alert": () =>
        undeliverableEmail({
          what: "their quote",
          client: { firstName: "Grace", lastName: "Hopper", email: "grace@example.com" },
          leadUrl: "https://cascadiawebstudio.ca/studio/leads/lead-1",
          attempts: 8,
          queuedAt: "2026-11-23T10:01:00.000Z",
          lastError: "550 5.1.1 mailbox unavailable",
        }),
    };
    for (const [name, build] of Object.entries(notices)) {
      it(`${name}: HTML matches its snapshot beside the same text, and both parse as a multipart/alternative message`, async () => {
        const email = await build();
        await expect(email.html).toMatchFileSnapshot(`__snapshots__/${name}.html`);
        const parsed = await roundTrip(email);
        expect(parsed.text?.trim()).toBe(email.text.trim());
        expect(parsed.html).toBe(email.html);
        expect(parsed.html).toContain(siteConfig.name);
        // Every line of the text (a fact's label or value, a sentence) shows in the HTML.
        for (const line of email.text.split("\n").filter((l) => l.trim() && !l.includes("<"))) {
          for (const words of line.split(/: +/))
            expect(parsed.html).toContain(words.replaceAll("&", "&amp;").replaceAll("'", "&#x27;"));
        }
        expect(parsed.html).not.toMatch(/<img|src=|url\(|<link|<script/i);
      });
    }

    it("the inquiry notice escapes what the visitor typed in its HTML, keeps it word for word in its text, and links none of it", async () => {
      const email = await inquiryEmail(hostile);
      expect(email.subject).toBe("New project inquiry from Ada Lovelace <script>alert(1)</script>");
      expect(email.text).toBe(inquiryText(hostile));
      expect(email.text).toContain(hostile.message);
      expect(email.html).toContain("Lovelace &lt;script&gt;alert(1)&lt;/script&gt;");
      expect(email.html).toContain(
        "&lt;a href=&quot;https://evil.example/login&quot;&gt;verify&lt;/a&gt; &amp; pay",
      );
      expect([...email.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([
        `mailto:${siteConfig.email}`,
      ]);
    });

    it("a visitor's line breaks cannot forge a header: the subject stays one line", async () => {
      const email = await inquiryEmail({ ...ada, lastName: "Lovelace\r\nBcc: victim@example.net" });
      expect(email.subject).toBe("New project inquiry from Ada Lovelace Bcc: victim@example.net");
      const parsed = await roundTrip(email);
      expect(parsed.headers.get("bcc")).toBeUndefined();
    });
  });
});
