import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CONTRACT_CLAUSES, DEFAULT_CONTRACT } from "../../app/content/contract";
import { agreementContent, canonicalJson } from "../../app/shared/quote-model";
import { renderDocumentPdf } from "../../server/billing/documents.server";
import { SIGNED_QUOTE_MESSAGE } from "../../server/db/migrations/0018-agreements";
import { documentStamp } from "../../server/documents/stamp.server";
import { agreementFile, agreementPdf } from "../../server/quotes/agreement.server";
import { createLeadQuotes } from "../../server/quotes/studio.server";
import { createCatalogue } from "../../server/settings/catalogue.server";
import { createContracts } from "../../server/settings/contract.server";
import { createSettings } from "../../server/settings/settings.server";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";
import { randomIp } from "../helpers/inquiries";
import { pdfText } from "../helpers/pdf";
import { quoteWiring } from "../helpers/quotes";

/**
 * Issue 38: a quote a client can say yes to. Its scope of work is signed with it, drawn in the
 * agreement as headings and lists, summarised on its invoice, and fixed once signed.
 */

const SIGNED = { legalName: "Ada Lovelace", agree: "on" };
const UA = "Mozilla/5.0 (test) Chromium";
const SCOPE = `# Website build

Five pages, **responsive**, launched on your domain.

## Included
- Home, About, Services, Contact
- Contact form
  - spam filtering

<script>alert("x")</script>`;

describe(`a quote's scope, options and contract (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  let h: ReturnType<typeof harness>;

  function harness() {
    const wiring = quoteWiring({ database, env: { GST_HST_NUMBER: "123456789 RT0001" } });
    const { config, studio, client, now } = wiring;
    const catalogue = createCatalogue({ database, now });
    const leadQuotes = createLeadQuotes({
      database,
      service: studio,
      taxRegistered: true,
      now,
      catalogue,
      preview: client.preview,
      documents: documentStamp(config),
    });
    const contracts = createContracts({ database, now });
    const settings = createSettings({ database, now, env: config });
    return { ...wiring, catalogue, leadQuotes, contracts, settings };
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    h = harness();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  async function sentQuote(input: Record<string, unknown> = {}) {
    const { quote } = await h.sentQuote({
      packageType: "pro",
      amountCents: 600000,
      packageTaxes: ["GST", "PST"],
      depositPercent: 50,
      ...input,
    });
    return quote;
  }

  const quoteRow = (id: string) =>
    database.db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const agreementOf = (quoteId: string) =>
    database.db
      .selectFrom("agreements")
      .selectAll()
      .where("quote_id", "=", quoteId)
      .executeTakeFirstOrThrow();
  const invoiceOf = (quoteId: string) =>
    database.db
      .selectFrom("money_documents")
      .selectAll()
      .where("quote_id", "=", quoteId)
      .where("kind", "=", "invoice")
      .executeTakeFirstOrThrow();

  it("signs the scope with the quote, draws it in the agreement, summarises it on the invoice, and fixes it", async () => {
    const q = await sentQuote({ scope: SCOPE });
    expect(await h.client.pay(q.token, { clientIp: randomIp(), userAgent: UA }, SIGNED)).toMatchObject({
      ok: true,
    });
    const agreement = await agreementOf(q.id);
    const content = JSON.parse(agreement.content);
    expect(content.scope.details).toBe(SCOPE);
    expect(agreement.content).toBe(canonicalJson(agreementContent(await quoteRow(q.id))));

    const text = await pdfText(await agreementPdf(agreement));
    expect(text).toContain("Website build");
    expect(text).toContain("Five pages, responsive, launched on your domain.");
    expect(text).toMatch(/• Home, About, Services, Contact/);
    expect(text).toMatch(/• spam filtering/);
    // Raw HTML prints as the text typed, never interpreted.
    expect(text).toContain('<script>alert("x")</script>');

    const invoice = await invoiceOf(q.id);
    expect(invoice.scope_summary).toMatch(/^Website build · Five pages, responsive/);
    expect(await pdfText(await renderDocumentPdf(invoice))).toContain("Scope: Website build · Five pages");

    // Signed: the database refuses a change of its scope, whoever asks.
    await expect(
      database.db.updateTable("quotes").set({ scope: "Something else" }).where("id", "=", q.id).execute(),
    ).rejects.toThrow(SIGNED_QUOTE_MESSAGE);
  });

  it("keeps the content (and fingerprint) of a quote without a scope as before scopes existed", async () => {
    const q = await sentQuote();
    expect(agreementContent(await quoteRow(q.id)).scope).toEqual({
      package: "Pro Website",
      summary: expect.any(String),
    });
    expect(canonicalJson(agreementContent(await quoteRow(q.id)))).not.toContain("details");
  });

  it("refuses a scope over the cap, storing nothing", async () => {
    const created = await h.studio.create(
      { inquiryId: await h.newLead(), packageType: "pro", amountCents: 100000, scope: "x".repeat(20_001) },
      "owner@studio.example",
    );
    expect(created).toMatchObject({
      ok: false,
      status: 400,
      error: expect.stringMatching(/^Scope of work: /),
    });
  });

  const OWNER = "owner@studio.example";
  /** The lead page's "New quote" form as posted, with these fields. */
  const quoteForm = (fields: Record<string, string>) => ({
    intent: "quote-create",
    package: "pro",
    amount: "5000.00",
    packageTaxGST: "on",
    province: "BC",
    expiresDays: "30",
    terms: "Half now, half at launch.",
    ...fields,
  });
  const changesOf = (id: string) =>
    database.db
      .selectFrom("settings_changes")
      .selectAll()
      .where("key", "=", `catalogue:${id}`)
      .orderBy("changed_at")
      .execute();

  it("keeps a catalogue: a bad field is named and nothing stored; each change is audited with before and after", async () => {
    const refused = await h.catalogue.save({ kind: "add_on", name: "", price: "12.345" }, OWNER);
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { name: "Name the item.", price: "Enter a price in CAD such as 450.00." },
    });
    expect(await h.catalogue.list()).toEqual([]);

    const added = await h.catalogue.save(
      { kind: "add_on", name: "Blog setup", price: "450.00", taxGST: "on", taxPST: "on" },
      OWNER,
    );
    if (!added.ok) throw new Error(added.error);
    h.clock.now += 60_000;
    const changed = await h.catalogue.save(
      { id: added.item.id, kind: "add_on", name: "Blog setup", price: "500", taxGST: "on" },
      OWNER,
    );
    expect(changed).toMatchObject({ ok: true, item: { priceCents: 50000, taxes: ["GST"] } });
    const changes = await changesOf(added.item.id);
    expect(
      changes.map((c) => [
        c.actor,
        c.before && JSON.parse(c.before).priceCents,
        JSON.parse(c.after).priceCents,
      ]),
    ).toEqual([
      [OWNER, null, 45000],
      [OWNER, 45000, 50000],
    ]);
    expect(await h.catalogue.archive(added.item.id, true, OWNER)).toEqual({ ok: true });
    expect(await h.catalogue.list()).toEqual([]);
    expect((await changesOf(added.item.id)).at(-1)!.after).toContain('"archived":true');
    await h.catalogue.archive(added.item.id, false, OWNER);
  });

  it("a line chosen from the catalogue takes its price when the studio saves the quote, and never again", async () => {
    const saved = await h.catalogue.save(
      { kind: "add_on", name: "Logo refresh", price: "800.00", taxGST: "on", taxPST: "on" },
      OWNER,
    );
    if (!saved.ok) throw new Error(saved.error);
    const leadId = await h.newLead();
    // One line from the catalogue left empty, one from the catalogue with the price typed over, one typed.
    const made = await h.leadQuotes.create(
      leadId,
      quoteForm({
        line1Item: saved.item.id,
        line2Item: saved.item.id,
        line2Label: "Logo refresh, two concepts",
        line2Amount: "650.00",
        line2TaxGST: "on",
        line3Label: "Hosting set-up",
        line3Amount: "100.00",
      }),
      OWNER,
    );
    if (!made.ok) throw new Error(made.error);
    const lines = () => quoteRow(made.value.id).then((q) => JSON.parse(q.lines));
    const expected = [
      { label: "Pro Website", amountCents: 500000, taxes: ["GST"] },
      { label: "Logo refresh", amountCents: 80000, taxes: ["GST", "PST"] },
      { label: "Logo refresh, two concepts", amountCents: 65000, taxes: ["GST"] },
      { label: "Hosting set-up", amountCents: 10000, taxes: [] },
    ];
    expect(await lines()).toEqual(expected);
    // The catalogue's new price reaches no quote already saved.
    await h.catalogue.save(
      { id: saved.item.id, kind: "add_on", name: "Logo refresh", price: "999.00", taxGST: "on" },
      OWNER,
    );
    expect(await lines()).toEqual(expected);
    expect((await quoteRow(made.value.id)).subtotal_cents).toBe(655000);

    // For a client in Ontario the item's GST is HST, and BC's PST falls away.
    const ontario = await h.leadQuotes.create(
      await h.newLead(),
      quoteForm({ province: "ON", packageTaxGST: "", packageTaxHST: "on", line1Item: saved.item.id }),
      OWNER,
    );
    if (!ontario.ok) throw new Error(ontario.error);
    expect((await quoteRow(ontario.value.id).then((q) => JSON.parse(q.lines)))[1]).toEqual({
      label: "Logo refresh",
      amountCents: 99900,
      taxes: ["HST"],
    });
  });

  /** A sent quote of 2,000.00 + GST/PST with a 50% deposit, and two options: 500.00 (GST+PST) and 300.00 (GST). */
  async function quoteWithOptions() {
    return sentQuote({
      amountCents: 200000,
      lines: [
        { label: "Blog setup", amountCents: 50000, taxes: ["GST", "PST"], optional: true },
        { label: "Hosting set-up", amountCents: 30000, taxes: ["GST"], optional: true },
      ],
    });
  }
  const samePage = (token: string) =>
    new Request(`https://studio.example/quote/${token}`, {
      method: "POST",
      headers: { origin: "https://studio.example" },
    });
  const signedContent = async (quoteId: string) => JSON.parse((await agreementOf(quoteId)).content);

  it("recomputes total, taxes and deposit from the options ticked, on the server, whatever the post says", async () => {
    const q = await quoteWithOptions();
    // Unticked to start: the package alone, 2,000.00 + 5% + 7%.
    expect(await quoteRow(q.id)).toMatchObject({
      subtotal_cents: 200000,
      total_cents: 224000,
      deposit_cents: 112000,
    });
    const chose = await h.client.choose(samePage(q.token), q.token, {
      "option-1": "on",
      total: "1",
      amount: "1",
      "option-0": "on",
    });
    expect(chose).toEqual({ ok: true });
    // Line 0 is the package: only real options are ticked. 2,500.00 + 125.00 GST + 35.00 PST.
    const row = await quoteRow(q.id);
    expect(row).toMatchObject({
      subtotal_cents: 250000,
      tax_cents: 30000,
      total_cents: 280000,
      deposit_cents: 140000,
    });
    expect(JSON.parse(row.lines).map((l: { chosen?: boolean }) => l.chosen)).toEqual([
      undefined,
      true,
      false,
    ]);
    // Another site's post stores nothing.
    const cross = new Request(`https://studio.example/quote/${q.token}`, {
      method: "POST",
      headers: { origin: "https://evil.example" },
    });
    expect(await h.client.choose(cross, q.token, {})).toMatchObject({ ok: false, status: 403 });
    expect((await quoteRow(q.id)).total_cents).toBe(280000);
  });

  it("signs, invoices and charges what was ticked with the signature; a signed quote's options cannot change", async () => {
    const q = await quoteWithOptions();
    // Ticked before (another visit), then signed with the other option only: the signature's ticks count.
    await h.client.choose(samePage(q.token), q.token, { "option-1": "on" });
    const paid = await h.client.pay(
      q.token,
      { clientIp: randomIp(), userAgent: UA },
      { ...SIGNED, "option-2": "on" },
    );
    expect(paid).toMatchObject({ ok: true });
    const content = await signedContent(q.id);
    expect(content.lines.map((l: { label: string; chosen?: boolean }) => [l.label, l.chosen])).toEqual([
      ["Pro Website", undefined],
      ["Blog setup", false],
      ["Hosting set-up", true],
    ]);
    // 2,300.00 + GST 115.00 + PST 140.00 = 2,555.00; deposit 1,277.50.
    expect(content).toMatchObject({ subtotalCents: 230000, totalCents: 255500 });
    expect(content.schedule[0]).toMatchObject({ kind: "deposit", cents: 127750 });
    const invoice = await invoiceOf(q.id);
    expect(Number(invoice.amount_cents)).toBe(127750);
    expect(JSON.parse(invoice.lines).map((l: { label: string }) => l.label)).toEqual([
      "Pro Website",
      "Hosting set-up",
    ]);
    const checkout = await database.db
      .selectFrom("payments")
      .select(["kind", "amount_cents"])
      .where("quote_id", "=", q.id)
      .execute();
    expect(checkout.map((p) => [p.kind, Number(p.amount_cents)])).toEqual([["deposit", 127750]]);
    const pdf = await pdfText(await agreementPdf(await agreementOf(q.id)));
    expect(pdf).toContain("Hosting set-up (option chosen)");
    expect(pdf).toContain("Options not chosen: Blog setup ($500.00 CAD)");

    // Signed: ticking is refused, and the database refuses a change of the lines whoever asks.
    expect(await h.client.choose(samePage(q.token), q.token, { "option-1": "on" })).toMatchObject({
      ok: false,
      status: 409,
    });
    await expect(
      database.db
        .updateTable("quotes")
        .set({ lines: JSON.stringify([]), total_cents: 1 })
        .where("id", "=", q.id)
        .execute(),
    ).rejects.toThrow(SIGNED_QUOTE_MESSAGE);
    expect((await quoteRow(q.id)).total_cents).toBe(255500);
  });

  it("ticking in one tab while signing in another: what is signed is what is stored, invoiced and charged", async () => {
    for (let round = 0; round < 4; round++) {
      const q = await quoteWithOptions();
      const tick = (form: Record<string, string>) => h.client.choose(samePage(q.token), q.token, form);
      const sign = (form: Record<string, string>) =>
        h.client.pay(q.token, { clientIp: randomIp(), userAgent: UA }, { ...SIGNED, ...form });
      // Two signatures with different ticks, and ticks either side, all at once.
      const racers = [
        () => sign({ "option-1": "on" }),
        () => tick({ "option-2": "on" }),
        () => sign({ "option-2": "on" }),
        () => tick({ "option-1": "on", "option-2": "on" }),
      ];
      if (round % 2) racers.reverse();
      await Promise.all(racers.map((r) => r()));
      const agreements = await database.db
        .selectFrom("agreements")
        .selectAll()
        .where("quote_id", "=", q.id)
        .execute();
      expect(agreements).toHaveLength(1);
      const row = await quoteRow(q.id);
      // The stored quote is the signed one, to the cent, and the invoice and checkout ask for its deposit.
      expect(agreements[0]!.content).toBe(canonicalJson(agreementContent(row)));
      const invoices = await database.db
        .selectFrom("money_documents")
        .selectAll()
        .where("quote_id", "=", q.id)
        .where("kind", "=", "invoice")
        .execute();
      expect(invoices.map((i) => Number(i.amount_cents))).toEqual([Number(row.deposit_cents)]);
      const checkouts = await database.db
        .selectFrom("payments")
        .select("amount_cents")
        .where("quote_id", "=", q.id)
        .execute();
      expect(new Set(checkouts.map((p) => Number(p.amount_cents)))).toEqual(
        new Set([Number(row.deposit_cents)]),
      );
    }
  });

  it("a quote signs the agreement version current when it was sent; the studio countersigns; both are in the PDF", async () => {
    const before = await sentQuote();
    expect(await quoteRow(before.id)).toMatchObject({ contract_version: 0, contract_text: DEFAULT_CONTRACT });
    // The owner edits the agreement: a new version, audited; the quote already sent keeps version 0.
    const edited = `${DEFAULT_CONTRACT}\n## 12. Accessibility\nThe studio builds to WCAG 2.2 AA.\n`;
    expect(await h.contracts.save({ body: "too short" }, OWNER)).toMatchObject({ ok: false, status: 400 });
    const saved = await h.contracts.save({ body: edited }, OWNER);
    expect(saved).toMatchObject({ ok: true, version: 1 });
    const after = await sentQuote();
    expect(await quoteRow(after.id)).toMatchObject({ contract_version: 1 });
    expect((await quoteRow(before.id)).contract_version).toBe(0);

    expect(await h.client.pay(before.token, { clientIp: randomIp(), userAgent: UA }, SIGNED)).toMatchObject({
      ok: true,
    });
    const signed = await signedContent(before.id);
    expect(signed.contract).toEqual({ version: 0, text: DEFAULT_CONTRACT });
    const unsigned = await pdfText(
      (
        await agreementFile(await agreementOf(before.id), {
          db: database.db,
          documents: documentStamp(h.config),
        })
      ).pdf,
    );
    for (const clause of CONTRACT_CLAUSES) expect(unsigned).toContain(clause);
    expect(unsigned).toContain("laws of the Province of British Columbia");
    expect(unsigned).not.toContain("Accessibility");
    expect(unsigned).toContain("Not yet countersigned by the studio.");

    const leadId = (await quoteRow(before.id)).lead_id;
    expect(
      await h.leadQuotes.countersign(after.lead_id, after.id, { name: "Jane Doe", role: "Owner" }, OWNER),
    ).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(
      await h.leadQuotes.countersign(leadId, before.id, { name: "", role: "Owner" }, OWNER),
    ).toMatchObject({
      ok: false,
      status: 400,
    });
    h.clock.now += 3_600_000;
    const [first, second] = await Promise.all([
      h.leadQuotes.countersign(leadId, before.id, { name: "Jane Doe", role: "Owner" }, OWNER),
      h.leadQuotes.countersign(leadId, before.id, { name: "Someone Else", role: "Designer" }, OWNER),
    ]);
    expect([first, second].map((r) => r.ok && r.value.already).sort()).toEqual([false, true]);
    const counter = await database.db
      .selectFrom("countersignatures")
      .selectAll()
      .where("quote_id", "=", before.id)
      .execute();
    expect(counter).toHaveLength(1);
    const text = await pdfText(
      (
        await agreementFile(await agreementOf(before.id), {
          db: database.db,
          documents: documentStamp(h.config),
        })
      ).pdf,
    );
    expect(text).toContain("Signed by typing their full legal name: Ada Lovelace");
    expect(text).toContain(`Countersigned by: ${counter[0]!.name}, ${counter[0]!.role}`);
    expect(text).toMatch(/Signed: .*2026.*Countersigned: .*2026/);
    // The contract is fixed with the signature.
    await expect(
      database.db
        .updateTable("quotes")
        .set({ contract_text: "Nothing" })
        .where("id", "=", before.id)
        .execute(),
    ).rejects.toThrow(SIGNED_QUOTE_MESSAGE);
  });

  it("settings change without a deploy, audited, refused field by field, and never change what was signed", async () => {
    const q = await sentQuote({ scope: "# Launch" });
    expect(await h.client.pay(q.token, { clientIp: randomIp(), userAgent: UA }, SIGNED)).toMatchObject({
      ok: true,
    });
    const signedBefore = (await agreementOf(q.id)).content;
    const read = await h.settings.read();
    const refused = await h.settings.save(
      { defaultDepositPercent: "120", defaultValidityDays: "abc", defaultTerms: "" },
      OWNER,
    );
    expect(refused).toMatchObject({
      ok: false,
      fieldErrors: {
        defaultDepositPercent: "The deposit is a whole percentage from 0 to 99.",
        defaultValidityDays: expect.stringContaining("Valid for"),
        defaultTerms: "Write the terms.",
      },
    });
    expect(await h.settings.read()).toEqual(read);
    expect(
      await h.settings.save(
        { defaultDepositPercent: "25", defaultValidityDays: "14", defaultTerms: "Net 15." },
        OWNER,
      ),
    ).toMatchObject({ ok: true });
    expect(await h.settings.read()).toMatchObject({
      defaultDepositPercent: 25,
      defaultValidityDays: 14,
      defaultTerms: "Net 15.",
      // Untouched: the environment's number stays the default.
      gstHstNumber: "123456789 RT0001",
    });
    const changes = await database.db
      .selectFrom("settings_changes")
      .selectAll()
      .where("key", "=", "defaultDepositPercent")
      .execute();
    expect(changes.map((c) => [c.before, c.after, c.actor])).toEqual([["50", "25", OWNER]]);
    // And the contract changes again: the signed agreement stays what it was, byte for byte.
    await h.contracts.save({ body: `${DEFAULT_CONTRACT}\nAmended.\n` }, OWNER);
    expect((await agreementOf(q.id)).content).toBe(signedBefore);
    expect(agreementContent(await quoteRow(q.id))).toEqual(JSON.parse(signedBefore));
  });

  it("tax numbers and reminder settings: refused beside their field, audited, and a change mid-quote never reaches what was signed or issued", async () => {
    const q = await sentQuote({ scope: "# Shop", amountCents: 100000, depositPercent: 40 });
    const sentRow = await quoteRow(q.id);
    // While the quote is out: the defaults, the contract and the tax number change.
    const bad = await h.settings.save(
      {
        gstHstNumber: "12345 RT1",
        pstNumber: "PST-12",
        reminderExpiringDays: "0",
        reminderBalanceDays: "10",
        reminderBalanceSecondDays: "10",
        reminderExpiringText: "",
      },
      OWNER,
    );
    expect(bad).toMatchObject({
      ok: false,
      fieldErrors: {
        gstHstNumber: expect.stringContaining("9 digits, RT and 4 digits"),
        pstNumber: expect.stringContaining("PST-1234-5678"),
        reminderExpiringDays: expect.stringContaining("1 to 14"),
        reminderBalanceSecondDays: "The second balance reminder comes after the first.",
        reminderExpiringText: "Write what the reminder says.",
      },
    });
    const before = await h.settings.read();
    expect(before.gstHstNumber).toBe("123456789 RT0001");
    const saved = await h.settings.save(
      {
        gstHstNumber: "987654321rt0002",
        pstNumber: "1234 5678",
        defaultDepositPercent: "10",
        defaultTerms: "Everything up front.",
      },
      OWNER,
    );
    expect(saved).toMatchObject({ ok: true });
    expect(await h.settings.read()).toMatchObject({
      gstHstNumber: "987654321 RT0002",
      pstNumber: "PST-1234-5678",
      defaultDepositPercent: 10,
    });
    const audited = await database.db
      .selectFrom("settings_changes")
      .select(["key", "before", "after", "actor"])
      .where("key", "in", ["gstHstNumber", "pstNumber"])
      .orderBy("key")
      .execute();
    expect(audited).toEqual([
      { key: "gstHstNumber", before: '"123456789 RT0001"', after: '"987654321 RT0002"', actor: OWNER },
      { key: "pstNumber", before: '""', after: '"PST-1234-5678"', actor: OWNER },
    ]);
    // The quote out there is what it was when sent: its deposit and terms are its own.
    expect(await quoteRow(q.id)).toEqual(sentRow);
    expect(await h.client.pay(q.token, { clientIp: randomIp(), userAgent: UA }, SIGNED)).toMatchObject({
      ok: true,
    });
    const signed = (await agreementOf(q.id)).content;
    expect(JSON.parse(signed)).toMatchObject({ terms: sentRow.terms });
    expect(JSON.parse(signed).schedule[0]).toMatchObject({
      kind: "deposit",
      cents: Number(sentRow.deposit_cents),
    });
    // The invoice issued at signing carries the numbers in force then (the settings', no restart),
    // and prints them: the PST number beside the GST/HST number, as the invoice charges BC PST.
    const invoice = await invoiceOf(q.id);
    expect(invoice).toMatchObject({ registration_number: "987654321 RT0002", pst_number: "PST-1234-5678" });
    const printed = pdfText(await renderDocumentPdf(invoice));
    expect(printed).toContain("GST/HST registration number: 987654321 RT0002");
    expect(printed).toContain("PST registration number: PST-1234-5678");
    // Changed again after signing: the agreement and the invoice already issued stay as they were.
    await h.settings.save(
      { gstHstNumber: "111111111 RT0001", pstNumber: "PST-8765-4321", defaultTerms: "Later terms." },
      OWNER,
    );
    expect((await agreementOf(q.id)).content).toBe(signed);
    expect(await invoiceOf(q.id)).toMatchObject({
      registration_number: "987654321 RT0002",
      pst_number: "PST-1234-5678",
    });
    expect(agreementContent(await quoteRow(q.id))).toEqual(JSON.parse(signed));

    // Emptied: a small supplier from now on, so a new quote with a tax is refused with the reason.
    await h.settings.save({ gstHstNumber: "" }, OWNER);
    const refused = await h.leadQuotes.create(await h.newLead(), quoteForm({}), OWNER);
    expect(refused).toMatchObject({ ok: false, status: 400 });
    expect(await h.leadQuotes.taxRegistered()).toBe(false);
    await h.settings.save({ gstHstNumber: "123456789 RT0001" }, OWNER);
    expect(await h.leadQuotes.taxRegistered()).toBe(true);
  });

  it("the catalogue's prices reach a quote only when the studio saves it: a draft, a preview and a sent quote keep theirs", async () => {
    const item = await h.catalogue.save(
      { kind: "add_on", name: "SEO audit", price: "300.00", taxGST: "on" },
      OWNER,
    );
    if (!item.ok) throw new Error(item.error);
    const leadId = await h.newLead();
    const made = await h.leadQuotes.create(
      leadId,
      quoteForm({ line1Item: item.item.id, line1Optional: "on" }),
      OWNER,
    );
    if (!made.ok) throw new Error(made.error);
    const draft = await quoteRow(made.value.id);
    // The item's price changes before the draft is sent: the draft, its preview and the sent quote keep 300.00.
    await h.catalogue.save(
      { id: item.item.id, kind: "add_on", name: "SEO audit", price: "450.00", taxGST: "on" },
      OWNER,
    );
    expect(await quoteRow(made.value.id)).toEqual(draft);
    const preview = await h.leadQuotes.preview(leadId, made.value.id);
    expect(preview?.lines[1]).toMatchObject({ label: "SEO audit", amountCents: 30000, optional: true });
    expect(await quoteRow(made.value.id)).toEqual(draft);
    expect((await h.leadQuotes.send(leadId, made.value.id, OWNER)).ok).toBe(true);
    const sent = await quoteRow(made.value.id);
    expect(JSON.parse(sent.lines)[1]).toMatchObject({ amountCents: 30000 });
    expect(
      await h.client.pay(
        sent.token,
        { clientIp: randomIp(), userAgent: UA },
        { ...SIGNED, "option-1": "on" },
      ),
    ).toMatchObject({ ok: true });
    const content = await signedContent(made.value.id);
    expect(content.lines[1]).toMatchObject({ label: "SEO audit", amountCents: 30000, chosen: true });
  });

  it("previews a draft as its client's page (the agreement it would sign) without recording or changing anything", async () => {
    const edited = `${DEFAULT_CONTRACT}\nPreview clause.\n`;
    await h.contracts.save({ body: edited }, OWNER);
    const current = await h.contracts.current();
    const leadId = await h.newLead();
    const made = await h.leadQuotes.create(
      leadId,
      quoteForm({ scope: "# Preview me", deposit: "50" }),
      OWNER,
    );
    if (!made.ok) throw new Error(made.error);
    const row = await quoteRow(made.value.id);
    const activity = () =>
      database.db.selectFrom("lead_activity").select("id").where("lead_id", "=", leadId).execute();
    const before = await activity();
    const view = await h.leadQuotes.preview(leadId, made.value.id);
    expect(view).toMatchObject({
      status: "sent",
      needsSignature: true,
      due: { kind: "deposit" },
      contract: { version: current.version },
      agreement: null,
      payments: [],
      documents: [],
    });
    expect(view!.scope[0]).toMatchObject({ kind: "heading" });
    expect(await quoteRow(made.value.id)).toEqual(row);
    expect(await activity()).toEqual(before);
    // Not the client's link: a draft's token shows nothing to a visitor.
    expect(await h.client.view(row.token)).toBeUndefined();
    // Another lead's draft, or a quote once sent, is not previewed.
    expect(await h.leadQuotes.preview(await h.newLead(), made.value.id)).toBeUndefined();
    await h.leadQuotes.send(leadId, made.value.id, OWNER);
    expect(await h.leadQuotes.preview(leadId, made.value.id)).toBeUndefined();
  });
});
