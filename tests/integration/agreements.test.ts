import { createHmac } from "node:crypto";
import { sql } from "kysely";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { formatSiteDateTimeWithZone } from "../../app/lib/site-time";
import { agreementContent, canonicalJson, quoteReference, type QuoteRow } from "../../app/shared/quote-model";
import { documentStamp } from "../../server/documents/stamp.server";
import { createLeadPrivacy } from "../../server/leads/privacy.server";
import { identifiedBy } from "../../server/quotes/agreement-audit.server";
import {
  runAgreementVerify,
  sha256Hex,
  signedVia,
  verifyAgreement,
} from "../../server/quotes/agreement.server";
import { runQuoteCommand } from "../../server/quotes/cli.server";
import {
  AGREEMENT_CLIENT_EMAIL,
  AGREEMENT_COMPANY_EMAIL,
  QUOTE_DECLINED_EMAIL,
  QUOTE_QUESTION_EMAIL,
} from "../../server/quotes/notifications.server";
import { createLeadQuotes } from "../../server/quotes/studio.server";
import { secretFor } from "../../server/secrets.server";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";
import { randomIp, validInquiry } from "../helpers/inquiries";
import { pdfSignature, pdfText } from "../helpers/pdf";
import { mailedQuoteWiring } from "../helpers/quotes";

/**
 * Accept means sign (docs/product.md#agreements): the client's typed
 * signature is an agreement over a hash of what they saw; a signed quote's
 * content is fixed by the database; an edit is a new version; the PDF reaches
 * the client and the studio; decline and question reach the studio.
 */

const SITE_URL = "https://studio.example";
const SIGNED = { legalName: "Ada Lovelace", company: "Analytical Engines Ltd", agree: "on" };
const UA = "Mozilla/5.0 (test) Chromium";

describe(`signed agreements (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  let smtp: FakeSmtp;
  let h: Awaited<ReturnType<typeof harness>>;

  async function harness() {
    const wiring = mailedQuoteWiring({
      database,
      smtp,
      env: { SITE_URL, GST_HST_NUMBER: "123456789 RT0001" },
    });
    const { config, studio, now } = wiring;
    const leadQuotes = createLeadQuotes({ database, service: studio, now, documents: documentStamp(config) });
    return { ...wiring, leadQuotes };
  }

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    database = await openTestDatabase();
    h = await harness();
  });
  afterAll(async () => {
    await h?.stop();
    await database?.dispose();
    await smtp?.stop();
  });

  async function sentQuote(input: { depositPercent?: number } = { depositPercent: 40 }) {
    const { quote } = await h.sentQuote({
      packageType: "pro",
      amountCents: 200000,
      lines: [{ label: "Extra pages", amountCents: 15000, taxes: ["GST"] }],
      packageTaxes: ["GST"],
      ...input,
    });
    return quote;
  }

  const quoteRow = (id: string) =>
    database.db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const agreementsOf = (quoteId: string) =>
    database.db.selectFrom("agreements").selectAll().where("quote_id", "=", quoteId).execute();
  const checkoutsOf = (quoteId: string) =>
    database.db.selectFrom("payments").selectAll().where("quote_id", "=", quoteId).execute();
  const timeline = (leadId: string) =>
    database.db
      .selectFrom("lead_activity")
      .select(["kind", "body", "actor_email"])
      .where("lead_id", "=", leadId)
      .execute();
  const page = (token: string, ip = randomIp()) => ({ clientIp: ip, userAgent: UA });
  /** Delivers every due email and returns those whose subject names the quote. */
  async function deliveredAbout(reference: string) {
    const before = smtp.messages.length;
    while ((await h.worker.runOnce()).claimed > 0);
    return smtp.messages.slice(before).filter((m) => m.subject.includes(reference));
  }

  it("signing stores who, when, a keyed hash of the address and the SHA-256 of exactly what was shown; the PDF reaches client and studio", async () => {
    const q = await sentQuote();
    const ip = "203.0.113.77";
    const paid = await h.client.pay(q.token, page(q.token, ip), SIGNED);
    expect(paid).toMatchObject({ ok: true });
    const [agreement, ...more] = await agreementsOf(q.id);
    expect(more).toEqual([]);
    const row = await quoteRow(q.id);
    expect(row.status).toBe("accepted");
    expect(agreement).toMatchObject({
      signer_name: "Ada Lovelace",
      signer_company: "Analytical Engines Ltd",
      signer_email: validInquiry.email,
      signed_at: new Date(h.clock.now).toISOString(),
      user_agent: UA,
    });
    // The address only as an HMAC under the server's key: neither the address nor its plain hash is stored.
    expect(agreement!.address_hash).toBe(
      createHmac("sha256", secretFor(h.config, "agreement-addresses")).update(ip).digest("hex"),
    );
    expect(JSON.stringify(agreement)).not.toContain(ip);
    // What was signed: the quote's content, canonical, and its SHA-256.
    expect(agreement!.content).toBe(canonicalJson(agreementContent(row)));
    // Its fingerprint is over that content with who signed, when, from where (decision 0049), the text kept whole.
    expect(agreement!.hash_version).toBe(2);
    expect(agreement!.signed_text).toBe(
      canonicalJson({
        fingerprint: 2,
        quoteId: q.id,
        content: JSON.parse(agreement!.content),
        signer: {
          name: "Ada Lovelace",
          company: "Analytical Engines Ltd",
          email: validInquiry.email,
          signedAt: new Date(h.clock.now).toISOString(),
          userAgent: UA,
          addressHash: agreement!.address_hash,
        },
      }),
    );
    expect(agreement!.content_sha256).toBe(sha256Hex(agreement!.signed_text));
    const content = JSON.parse(agreement!.content);
    expect(content).toMatchObject({
      reference: quoteReference(q.id),
      version: 1,
      lines: [
        { label: "Pro Website", amountCents: 200000 },
        { label: "Extra pages", amountCents: 15000 },
      ],
      subtotalCents: 215000,
      taxes: [{ code: "GST", label: "GST 5%", basisPoints: 500, cents: 10750 }],
      totalCents: 225750,
      schedule: [
        { kind: "deposit", percent: 40, cents: 90300 },
        { kind: "balance", percent: 60, cents: 135450 },
      ],
      expiresAt: q.expires_at,
    });
    expect(content.terms).toBe(q.terms);
    // The deposit's checkout opened with the signature, for the stored amount.
    expect((await checkoutsOf(q.id)).map((p) => [p.kind, p.amount_cents])).toEqual([["deposit", 90300]]);
    expect((await timeline(q.lead_id)).filter((e) => e.kind === "quote-signed")).toEqual([
      {
        kind: "quote-signed",
        body: `${quoteReference(q.id)} accepted and signed by Ada Lovelace`,
        actor_email: "client",
      },
    ]);

    // The agreement emails, each with the PDF: to the client, and to the studio.
    const mails = (await deliveredAbout(quoteReference(q.id))).filter((m) =>
      /agreement|signed/.test(m.subject),
    );
    expect(mails.map((m) => m.to[0]).sort()).toEqual([validInquiry.email, "studio@example.com"].sort());
    for (const mail of mails) {
      const parsed = await simpleParser(mail.raw);
      // The client's copy also carries the deposit's invoice, issued by the signature (decision 0046).
      const invoice =
        mail.to[0] === validInquiry.email ? [[expect.stringMatching(/^invoice-/), "application/pdf"]] : [];
      expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
        [`agreement-${quoteReference(q.id)}-v1.pdf`, "application/pdf"],
        ...invoice,
      ]);
      // Sealed by the studio: pdfsig finds the signature valid over the whole file (decision 0057).
      expect(pdfSignature(parsed.attachments[0]!.content)).toMatchObject({
        validation: "Signature is Valid.",
        wholeDocument: true,
        type: "adbe.pkcs7.detached",
      });
      const text = pdfText(parsed.attachments[0]!.content);
      for (const expected of [
        "Signed agreement",
        "Ada Lovelace",
        "Analytical Engines Ltd",
        "Audit trail",
        `Identified by: the quote's private link, emailed to ${validInquiry.email}`,
        "$2,257.50 CAD",
        "$903.00 CAD",
        "$1,354.50 CAD",
        "GST 5%",
      ]) {
        expect(text, expected).toContain(expected);
      }
      // Words a client reads, not developer text (issues 37, 38): no command, record id, digest or UTC stamp.
      for (const read of [text, parsed.text ?? ""]) {
        expect(read).not.toContain("npm run");
        expect(read).not.toContain(agreement!.id);
        expect(read).not.toContain(agreement!.content_sha256);
        expect(read).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
      }
      expect(parsed.text).not.toContain("SHA-256");
      expect(parsed.text).toContain("Pacific Time");
    }
    const channels = await database.db
      .selectFrom("outbox")
      .select(["channel", "status"])
      .where("subject_id", "=", q.id)
      .where("channel", "like", "agreement-%")
      .execute();
    expect(channels.map((c) => c.channel).sort()).toEqual([AGREEMENT_CLIENT_EMAIL, AGREEMENT_COMPANY_EMAIL]);
    expect(channels.every((c) => c.status === "delivered")).toBe(true);

    // The same PDF downloads from the lead's page (the studio) and the client's link.
    const studioFile = await h.leadQuotes.agreement(q.lead_id, q.id);
    const clientFile = await h.client.agreementDocument(q.token);
    expect(studioFile?.filename).toBe(`agreement-${quoteReference(q.id)}-v1.pdf`);
    expect(pdfText(clientFile!.pdf)).toContain("Ada Lovelace");
    // The same record gives the same bytes: the seal's time is the last event it attests, not the download's.
    expect(Buffer.compare(studioFile!.pdf, clientFile!.pdf)).toBe(0);
    expect(await h.leadQuotes.agreement("another-lead", q.id)).toBeUndefined();
    const listed = (await h.leadQuotes.list(q.lead_id))[0]!;
    expect(listed.signed).toMatchObject({ name: "Ada Lovelace", sha256: agreement!.content_sha256 });
    // And the page shows it was signed, with its hash.
    expect(await h.client.view(q.token)).toMatchObject({
      needsSignature: false,
      agreement: { signerName: "Ada Lovelace", sha256: agreement!.content_sha256 },
    });
  });

  it("no payment without a signature: a missing name or an unticked box is refused with field errors, storing nothing", async () => {
    const q = await sentQuote();
    expect(await h.client.view(q.token)).toMatchObject({ needsSignature: true, agreement: null });
    const cases: [unknown, string][] = [
      [undefined, "legalName"],
      [{ legalName: " ", agree: "on" }, "legalName"],
      [{ legalName: "Ada Lovelace" }, "agree"],
      [{ legalName: "Ada\u0007 Lovelace", agree: "on" }, "legalName"],
      [{ legalName: "A".repeat(121), agree: "on" }, "legalName"],
      [{ legalName: "Ada Lovelace", company: "C".repeat(121), agree: "on" }, "company"],
    ];
    for (const [form, field] of cases) {
      const result = await h.client.pay(q.token, page(q.token), form);
      expect(result, JSON.stringify(form)).toMatchObject({ ok: false, status: 400 });
      expect(
        result.ok ? undefined : (result as { fields?: Record<string, string> }).fields?.[field],
        field,
      ).toBeTruthy();
    }
    expect(await agreementsOf(q.id)).toEqual([]);
    expect(await checkoutsOf(q.id)).toEqual([]);
    // Still only sent: showing the page marks nothing (its script reports a person's view, issue 37).
    expect((await quoteRow(q.id)).status).toBe("sent");
  });

  it("two signatures posted at once store one agreement and open one checkout", async () => {
    const q = await sentQuote();
    const answers = await Promise.all(
      ["Ada Lovelace", "Ada King", "Ada Lovelace", "Augusta Ada King"].map((legalName) =>
        h.client.pay(q.token, page(q.token), { legalName, agree: "on" }),
      ),
    );
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(new Set(answers.map((a) => (a.ok ? a.url : "")))).toHaveProperty("size", 1);
    expect(await agreementsOf(q.id)).toHaveLength(1);
    expect(await checkoutsOf(q.id)).toHaveLength(1);
    expect((await timeline(q.lead_id)).filter((e) => e.kind === "quote-signed")).toHaveLength(1);
    const queued = await database.db
      .selectFrom("outbox")
      .select("channel")
      .where("subject_id", "=", q.id)
      .where("channel", "like", "agreement-%")
      .execute();
    expect(queued).toHaveLength(2);
  });

  it("the database refuses to change a signed quote's content (and an agreement), whatever the code path; an unsigned one still changes", async () => {
    const unsigned = await sentQuote();
    await database.db
      .updateTable("quotes")
      .set({ terms: "New terms" })
      .where("id", "=", unsigned.id)
      .execute();
    expect((await quoteRow(unsigned.id)).terms).toBe("New terms");

    const q = await sentQuote();
    await h.client.pay(q.token, page(q.token), SIGNED);
    const changes: Record<string, unknown>[] = [
      { terms: "Different terms" },
      { total_cents: 1 },
      { deposit_cents: 1 },
      { lines: "[]" },
      { tax_basis_points: 700 },
      { taxes: "[]" },
      { tax_province: "ON" },
      { expires_at: new Date(h.clock.now + 365 * 86_400_000).toISOString() },
      { package: "basic" },
    ];
    for (const change of changes) {
      await expect(
        database.db.updateTable("quotes").set(change).where("id", "=", q.id).execute(),
        JSON.stringify(change),
      ).rejects.toThrow(/signed/);
    }
    await expect(
      database.db
        .updateTable("agreements")
        .set({ signer_name: "Someone Else" })
        .where("quote_id", "=", q.id)
        .execute(),
    ).rejects.toThrow(/agreement/);
    // Its state still moves (paid, withdrawn...): only what was signed is fixed.
    await database.db
      .updateTable("quotes")
      .set({ updated_at: new Date(h.clock.now + 1).toISOString() })
      .where("id", "=", q.id)
      .execute();
    expect(await verifyAgreement(database, quoteReference(q.id))).toMatchObject({
      hashMatches: true,
      quoteMatches: true,
    });
  });

  it("editing a signed quote makes a new version that needs its own signature; the signed one stays readable and verifiable", async () => {
    const q = await sentQuote();
    await h.client.pay(q.token, page(q.token), SIGNED);
    const revised = await h.studio.revise(
      q.id,
      { packageType: "pro", amountCents: 250000, depositPercent: 50 },
      "owner@studio.example",
    );
    expect(revised.ok).toBe(true);
    const v2 = revised.ok ? revised.value.quote : undefined!;
    expect(v2).toMatchObject({ version: 2, supersedes_quote_id: q.id, status: "draft", total_cents: 250000 });
    // The signed version is withdrawn, takes no payment, and its agreement is intact.
    const old = await quoteRow(q.id);
    expect(old.status).toBe("withdrawn");
    expect(old.total_cents).toBe(225750);
    expect(await h.client.pay(q.token, page(q.token), SIGNED)).toMatchObject({ ok: false, status: 409 });
    expect(await verifyAgreement(database, q.id)).toMatchObject({ hashMatches: true, quoteMatches: true });
    expect((await h.client.agreementDocument(q.token))?.filename).toBe(
      `agreement-${quoteReference(q.id)}-v1.pdf`,
    );
    // The new version, once sent, asks for a signature of its own content.
    await h.studio.send(v2.id, "owner@studio.example");
    expect(await h.client.view(v2.token)).toMatchObject({
      version: 2,
      needsSignature: true,
      agreement: null,
    });
    expect(
      await h.client.pay(v2.token, page(v2.token), { legalName: "Ada Lovelace", agree: "on" }),
    ).toMatchObject({ ok: true });
    const [a2] = await agreementsOf(v2.id);
    expect(JSON.parse(a2!.content)).toMatchObject({ version: 2, totalCents: 250000 });
    // A replaced quote cannot be edited again; nor can one with money taken.
    expect(
      await h.studio.revise(q.id, { packageType: "pro", amountCents: 1000 }, "owner@studio.example"),
    ).toMatchObject({ ok: false, status: 409 });
    await database.db.updateTable("quotes").set({ status: "deposit_paid" }).where("id", "=", v2.id).execute();
    expect(
      await h.studio.revise(v2.id, { packageType: "pro", amountCents: 1000 }, "owner@studio.example"),
    ).toMatchObject({ ok: false, status: 409 });
    expect((await timeline(q.lead_id)).map((e) => e.kind)).toContain("quote-revised");
  });

  it("the CLI's revise makes the new version from the same options as create, and refuses bad ones", async () => {
    const q = await sentQuote();
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    expect(
      await runQuoteCommand(["revise", q.id, "--package", "basic", "--amount", "900"], h.studio, io),
    ).toBe(0);
    expect(lines[0]).toMatch(
      /^Revised: new quote Q-[0-9A-F]{8} \(id .+\), version 2, draft: total \$900\.00 CAD\.$/,
    );
    expect((await quoteRow(q.id)).status).toBe("withdrawn");
    expect(
      await runQuoteCommand(["revise", q.id, "--package", "gold", "--amount", "900"], h.studio, io),
    ).toBe(2);
    expect(await runQuoteCommand(["revise", "--package", "basic", "--amount", "900"], h.studio, io)).toBe(2);
  });

  it("a signature racing a withdraw or an edit leaves one consistent state, never an agreement on content that changed", async () => {
    for (let round = 0; round < 6; round++) {
      const q = await sentQuote();
      const studioMove =
        round % 2 === 0
          ? h.studio.withdraw(q.id, "owner@studio.example")
          : h.studio.revise(q.id, { packageType: "basic", amountCents: 90000 }, "owner@studio.example");
      const [signed, moved] = await Promise.all([h.client.pay(q.token, page(q.token), SIGNED), studioMove]);
      const row = await quoteRow(q.id);
      const agreements = await agreementsOf(q.id);
      // The studio's change always lands (a signed but unpaid quote can still be withdrawn or replaced).
      expect(moved.ok, `round ${round}`).toBe(true);
      expect(row.status).toBe("withdrawn");
      if (agreements.length === 1) {
        // Signed first: the agreement is over the content as it still is.
        expect(agreements[0]!.content).toBe(canonicalJson(agreementContent(row)));
      } else {
        // The studio first: nothing signed, and the client was told it cannot be paid.
        expect(signed).toMatchObject({ ok: false, status: 409 });
      }
      // Whichever came first, no checkout of the withdrawn quote stays open.
      expect((await checkoutsOf(q.id)).filter((p) => p.status === "pending")).toEqual([]);
    }
  });

  it("agreement:verify recomputes the hash: MATCH for a stored agreement, MISMATCH once its stored text is altered outside the app", async () => {
    const q = await sentQuote({ depositPercent: undefined });
    await h.client.pay(q.token, page(q.token), SIGNED);
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    expect(await runAgreementVerify(["--", quoteReference(q.id)], database, io)).toBe(0);
    expect(lines.at(-1)).toBe("MATCH");
    const [agreement] = await agreementsOf(q.id);
    expect(lines.join("\n")).toContain(agreement!.content_sha256);

    // Someone with database access edits the stored text (the trigger has to be lifted first).
    if (testDatabaseKind === "postgres")
      await sql`alter table agreements disable trigger agreements_fixed`.execute(database.db);
    else await sql`drop trigger agreements_fixed`.execute(database.db);
    await database.db
      .updateTable("agreements")
      .set({ content: agreement!.content.replace("225750", "125750") })
      .where("id", "=", agreement!.id)
      .execute();
    lines.length = 0;
    expect(await runAgreementVerify([q.id], database, io)).toBe(1);
    expect(lines).toContain(
      "Who signed, when, from which browser and address, and the content kept, are the signed text: NO",
    );
    expect(lines.at(-1)).toBe("MISMATCH");
    expect(await runAgreementVerify(["Q-00000000"], database, io)).toBe(2);
    expect(await runAgreementVerify([], database, io)).toBe(2);
  });

  it("the sealed agreement ends with its audit trail: sent, viewed, signed through the portal, countersigned, paid, in Vancouver time; a changed byte breaks the seal", async () => {
    const start = h.clock.now;
    try {
      h.clock.now = Date.parse("2026-11-25T18:00:00Z");
      const q = await sentQuote();
      const hour = 3_600_000;
      h.clock.now += hour;
      await h.client.seen(q.token, { userAgent: UA });
      h.clock.now += hour;
      // Signed in to the portal as the quote's own email (any case): the portal identified them.
      const portalEmail = validInquiry.email.toUpperCase();
      expect(await h.client.pay(q.token, { ...page(q.token), portalEmail }, SIGNED)).toMatchObject({
        ok: true,
      });
      expect((await agreementsOf(q.id))[0]!.signed_via).toBe("portal");
      h.clock.now += hour;
      expect(
        await h.leadQuotes.countersign(
          q.lead_id,
          q.id,
          { name: "Jane Doe", role: "Owner" },
          "owner@studio.example",
        ),
      ).toMatchObject({ ok: true });
      h.clock.now += hour;
      const [checkout] = await checkoutsOf(q.id);
      await h.payments.service.fulfil(checkout!.provider_session_id!, { status: "paid" }, "test");

      const file = (await h.leadQuotes.agreement(q.lead_id, q.id))!;
      const audit = pdfText(file.pdf).split("Audit trail")[1]!;
      // One event an hour from 18:00 UTC, in order, each in Vancouver time as the studio's documents write it.
      const at = (hours: number) =>
        formatSiteDateTimeWithZone(new Date(Date.parse("2026-11-25T18:00:00Z") + hours * hour));
      expect(at(0)).toMatch(/^November 25, 2026 at \d{1,2}:00 a\.m\. Pacific Time$/);
      const events = [
        `Sent ${at(0)} Cascadia Web Studio emailed quote ${quoteReference(q.id)} (version 1) to ${validInquiry.email}.`,
        `Viewed ${at(1)} The client opened the quote at its private link.`,
        `Signed ${at(2)} Ada Lovelace for Analytical Engines Ltd signed by typing their full legal name. Identified by: signed in to the client portal as ${validInquiry.email}.`,
        `Countersigned ${at(3)} Jane Doe, Owner, for Cascadia Web Studio. Identified by: signed in to the studio's back office as owner@studio.example.`,
        `Paid ${at(4)} Deposit of $903.00 CAD in test mode (no money moved), receipt R2026-`,
      ];
      let from = 0;
      for (const event of events) {
        const at = audit.indexOf(event, from);
        expect(at, event).toBeGreaterThanOrEqual(from);
        from = at + event.length;
      }
      // Sealed as of the last event it attests, over the whole file.
      const seal = pdfSignature(file.pdf)!;
      expect(seal).toMatchObject({ validation: "Signature is Valid.", wholeDocument: true });
      expect(seal.report).toContain("Signing Time: Nov 25 2026 22:00:00");
      expect(audit).toContain("sealed this document with its digital signature");

      // One byte changed anywhere it covers: the reader says the file changed.
      const changed = Buffer.from(file.pdf);
      changed.writeUInt8(changed.readUInt8(changed.length - 200) ^ 0x01, changed.length - 200);
      expect(pdfSignature(changed)!.validation).toBe("Digest Mismatch.");
      // Anything appended after sealing is outside what was signed.
      const appended = Buffer.concat([file.pdf, Buffer.from("\n% appended\n")]);
      expect(pdfSignature(appended)!.wholeDocument).toBe(false);
    } finally {
      h.clock.now = start;
    }
  });

  it("a portal sign-in as another email than the quote's is not the quote's client: the emailed link identified them", () => {
    expect(signedVia("someone@else.example", validInquiry.email)).toBe("email-link");
    expect(signedVia(null, validInquiry.email)).toBe("email-link");
    expect(signedVia(validInquiry.email.toUpperCase(), validInquiry.email)).toBe("portal");
    // An agreement signed before migration 0042 recorded neither: its audit page says so, never guesses.
    expect(identifiedBy(null, validInquiry.email)).toBe(
      "the quote's private link (how they were identified was not recorded then)",
    );
  });

  it("the lead's deletion (the person's request, the retention purge) still deletes its signed agreements, leaving no release behind", async () => {
    const privacy = createLeadPrivacy({ database, now: () => Date.parse("2029-06-01T00:00:00Z") });
    const asked = await sentQuote();
    await h.client.pay(asked.token, page(asked.token), SIGNED);
    expect(await privacy.delete(asked.lead_id)).toBe(true);
    expect(await agreementsOf(asked.id)).toEqual([]);
    const purged = await sentQuote();
    await h.client.pay(purged.token, page(purged.token), SIGNED);
    await database.db.updateTable("leads").set({ status: "won" }).where("id", "=", purged.lead_id).execute();
    expect(await privacy.purgeClosed(24)).toBeGreaterThanOrEqual(1);
    expect(await agreementsOf(purged.id)).toEqual([]);
    expect(await database.db.selectFrom("agreement_releases").selectAll().execute()).toEqual([]);
  });

  it("a copy edit on the site (studio, package name or summary) leaves an old agreement MATCH; a changed figure does not", async () => {
    const q = await sentQuote();
    await h.client.pay(q.token, page(q.token), SIGNED);
    const recopied = (quote: QuoteRow) => ({
      ...agreementContent(quote),
      studio: "Another Studio Name",
      scope: { package: "Professional Website", summary: "Rewritten summary." },
    });
    expect(await verifyAgreement(database, q.id, recopied)).toMatchObject({
      hashVersion: 2,
      hashMatches: true,
      quoteMatches: true,
    });
    const refigured = (quote: QuoteRow) => ({ ...agreementContent(quote), totalCents: 1 });
    expect(await verifyAgreement(database, q.id, refigured)).toMatchObject({
      hashMatches: true,
      quoteMatches: false,
    });
  });

  it("the fingerprint covers who signed: deleting is refused, and a changed signer or the row signed again by another verifies as MISMATCH", async () => {
    const q = await sentQuote();
    await h.client.pay(q.token, page(q.token), SIGNED);
    const [agreement] = await agreementsOf(q.id);
    expect(agreement).toMatchObject({ hash_version: 2 });
    expect(agreement!.content_sha256).toBe(sha256Hex(agreement!.signed_text));
    expect(JSON.parse(agreement!.signed_text)).toMatchObject({
      quoteId: q.id,
      content: JSON.parse(agreement!.content),
      signer: { name: "Ada Lovelace", company: "Analytical Engines Ltd", email: validInquiry.email },
    });
    // Outside the lead's deletion, the database refuses to delete an agreement, directly or with its quote.
    await expect(database.db.deleteFrom("agreements").where("quote_id", "=", q.id).execute()).rejects.toThrow(
      /cannot be deleted/,
    );
    await expect(database.db.deleteFrom("quotes").where("id", "=", q.id).execute()).rejects.toThrow(
      /cannot be deleted/,
    );
    expect(await agreementsOf(q.id)).toHaveLength(1);

    // Someone with database access lifts the triggers, deletes the row and signs it again as another.
    if (testDatabaseKind === "postgres") {
      await sql`alter table agreements disable trigger agreements_kept`.execute(database.db);
      await sql`alter table agreements disable trigger agreements_fixed`.execute(database.db);
    } else {
      await sql`drop trigger agreements_kept`.execute(database.db);
      await sql`drop trigger if exists agreements_fixed`.execute(database.db);
    }
    await database.db.deleteFrom("agreements").where("id", "=", agreement!.id).execute();
    // The older fingerprint, which left the signer out, cannot be claimed for it.
    await expect(
      database.db
        .insertInto("agreements")
        .values({ ...agreement!, hash_version: 1 })
        .execute(),
    ).rejects.toThrow(/current fingerprint/);
    await database.db
      .insertInto("agreements")
      .values({ ...agreement!, signer_name: "Mallory Someone", signer_company: null })
      .execute();
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    expect(await runAgreementVerify([quoteReference(q.id)], database, io)).toBe(1);
    expect(lines.at(-1)).toBe("MISMATCH");
    // Words for the studio: no record id or UTC stamp.
    expect(lines.join("\n")).not.toContain(q.id);
    expect(lines.join("\n")).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);

    // Or changes the stored signer's email or time in place.
    for (const change of [
      { signer_email: "someone@example.com" },
      { signed_at: "2026-11-01T18:00:00.000Z" },
    ]) {
      await database.db
        .updateTable("agreements")
        .set({ ...agreement!, ...change })
        .where("id", "=", agreement!.id)
        .execute();
      expect(await verifyAgreement(database, q.id), JSON.stringify(change)).toMatchObject({
        fingerprintMatches: true,
        detailsMatch: false,
        hashMatches: false,
      });
    }
    // Put back as signed, it matches again.
    await database.db.updateTable("agreements").set(agreement!).where("id", "=", agreement!.id).execute();
    expect(await runAgreementVerify([q.id], database, io)).toBe(0);
  });

  it("decline (optional reason) and a question reach the studio by email and the lead's timeline; declining closes the quote", async () => {
    const q = await sentQuote();
    const request = (origin = SITE_URL) =>
      new Request(`${SITE_URL}/quote/${q.token}`, { method: "POST", headers: { origin } });
    // Bad input changes nothing.
    expect(
      await h.client.reply(request(), q.token, page(q.token), "question", { question: "  " }),
    ).toMatchObject({ ok: false, status: 400, fields: { question: expect.any(String) } });
    expect(
      await h.client.reply(request(), q.token, page(q.token), "question", { question: "x".repeat(2001) }),
    ).toMatchObject({ ok: false, status: 400 });
    expect(
      await h.client.reply(request(), q.token, page(q.token), "decline", { reason: "r".repeat(1001) }),
    ).toMatchObject({ ok: false, status: 400 });
    expect(
      await h.client.reply(request("https://evil.example"), q.token, page(q.token), "decline", {}),
    ).toMatchObject({ ok: false, status: 403 });
    expect((await quoteRow(q.id)).status).toBe("sent");

    const question = "Can the <b>launch</b> be in March?";
    expect(await h.client.reply(request(), q.token, page(q.token), "question", { question })).toEqual({
      ok: true,
      sent: "question",
    });
    expect(
      await h.client.reply(request(), q.token, page(q.token), "decline", {
        reason: "Budget moved to next year.",
      }),
    ).toEqual({ ok: true, sent: "declined" });
    const row = await quoteRow(q.id);
    expect(row.status).toBe("withdrawn");
    expect(row.declined_at).toBe(new Date(h.clock.now).toISOString());
    expect(await h.client.pay(q.token, page(q.token), SIGNED)).toMatchObject({ ok: false, status: 409 });
    expect(await h.client.reply(request(), q.token, page(q.token), "decline", {})).toMatchObject({
      ok: false,
      status: 409,
    });
    const ref = quoteReference(q.id);
    expect(
      (await timeline(q.lead_id)).filter((e) => e.kind === "quote-question" || e.kind === "quote-declined"),
    ).toEqual([
      { kind: "quote-question", body: `${ref} question: ${question}`, actor_email: "client" },
      { kind: "quote-declined", body: `${ref} declined: Budget moved to next year.`, actor_email: "client" },
    ]);

    const mails = (await deliveredAbout(ref)).filter((m) => /declined|Question/.test(m.subject));
    expect(mails.map((m) => [m.to[0], m.subject]).sort()).toEqual(
      [
        [
          "studio@example.com",
          `Question about quote ${ref} from ${validInquiry.firstName} ${validInquiry.lastName}`,
        ],
        ["studio@example.com", `Quote ${ref} declined by ${validInquiry.firstName} ${validInquiry.lastName}`],
      ].sort(),
    );
    const questionMail = await simpleParser(mails.find((m) => m.subject.startsWith("Question"))!.raw);
    expect(questionMail.text).toContain(question);
    // The client's words are text in the HTML, never markup; Reply-To answers them.
    expect(questionMail.html).toContain("&lt;b&gt;launch&lt;/b&gt;");
    expect(questionMail.replyTo?.text).toBe(validInquiry.email);
    expect((await simpleParser(mails.find((m) => m.subject.startsWith("Quote"))!.raw)).text).toContain(
      "Budget moved to next year.",
    );
    const channels = await database.db
      .selectFrom("outbox")
      .select("channel")
      .where("channel", "in", [QUOTE_DECLINED_EMAIL, QUOTE_QUESTION_EMAIL])
      .where("status", "=", "delivered")
      .execute();
    expect(channels.length).toBeGreaterThanOrEqual(2);
  });

  it("questions are rate-limited per address", async () => {
    const q = await sentQuote();
    const ip = randomIp();
    const request = new Request(`${SITE_URL}/quote/${q.token}`, {
      method: "POST",
      headers: { origin: SITE_URL },
    });
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push(
        await h.client.reply(request, q.token, { clientIp: ip }, "question", { question: `Question ${i}` }),
      );
    expect(answers.slice(0, 10).every((a) => a.ok)).toBe(true);
    expect(answers[10]).toMatchObject({ ok: false, status: 429 });
    expect((await timeline(q.lead_id)).filter((e) => e.kind === "quote-question")).toHaveLength(10);
  });
});
