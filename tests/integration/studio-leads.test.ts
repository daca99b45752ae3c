import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { PAGE_SIZE } from "../../server/leads/lead-context.server";
import { testDatabaseKind } from "../helpers/databases";
import { validInquiry } from "../helpers/inquiries";
import { builtSite } from "../helpers/site";
import { signedInStudio, SITE, STUDIO_EMAIL, type SignedInStudio } from "../helpers/studio";

type Lead = { id: string; first_name: string; status: string; delivery: string; created_at: string };

describe(`studio inbox on ${testDatabaseKind}`, () => {
  let h: SignedInStudio;
  beforeEach(async () => {
    h = await signedInStudio();
  });
  afterEach(async () => {
    await h.dispose();
  });

  /** Submits an inquiry the way the contact form does; returns its id. */
  async function submit(fields: Partial<typeof validInquiry> = {}) {
    h.clock.now += 1000;
    const response = await h
      .client()
      .request("/api/inquiries", { method: "POST", body: { ...validInquiry, ...fields } });
    const body = (await response.json()) as { id: string };
    return body.id;
  }
  const list = (query = "") =>
    h.browser.page<{ leads: Lead[]; next?: string; invalid: boolean }>(
      `/studio/inbox${query}`,
      "studio/inbox",
    );

  it("lists leads newest first with their notification state, and filters and searches them", async () => {
    const ada = await submit();
    const grace = await submit({
      firstName: "Grace",
      lastName: "Hopper",
      email: "grace@navy.example",
      company: "Compiler Co",
      projectType: "ecommerce",
      budget: "2500+",
    });
    const { leads } = await list();
    expect(leads.map((l) => l.id)).toEqual([grace, ada]);
    expect(leads[0]).toMatchObject({ first_name: "Grace", status: "new", delivery: "pending" });
    expect((await list("?projectType=ecommerce")).leads.map((l) => l.id)).toEqual([grace]);
    expect((await list("?budget=500-1000")).leads.map((l) => l.id)).toEqual([ada]);
    expect((await list("?q=grace%20hopper")).leads.map((l) => l.id)).toEqual([grace]);
    expect((await list("?q=COMPILER")).leads.map((l) => l.id)).toEqual([grace]);
    const hopper = await submit({ firstName: "Ines", message: "A menu page, please." });
    expect((await list("?q=booking%20form")).leads.map((l) => l.id)).toEqual([grace, ada]);
    expect((await list("?q=menu")).leads.map((l) => l.id)).toEqual([hopper]);
    // LIKE wildcards in the search are literal.
    expect((await list("?q=%25")).leads).toEqual([]);
    expect((await list("?sort=oldest")).leads.map((l) => l.id)).toEqual([ada, grace, hopper]);
    // An unknown filter is ignored and said so (the inbox's notice), not applied.
    const unknown = await list("?status=archived");
    expect(unknown.invalid).toBe(true);
    expect(unknown.leads.map((l) => l.id)).toEqual([hopper, grace, ada]);
  });

  it("pages with a keyset cursor, without repeating or skipping a lead", async () => {
    const ids: string[] = [];
    for (let i = 0; i < PAGE_SIZE + 3; i++) ids.push(await submit({ firstName: `Lead${i}` }));
    const first = await list();
    expect(first.leads).toHaveLength(PAGE_SIZE);
    expect(first.next).toBeDefined();
    const second = await list(`?after=${encodeURIComponent(first.next!)}`);
    expect(second.next).toBeUndefined();
    expect([...first.leads, ...second.leads].map((l) => l.id)).toEqual(ids.reverse());
  });

  it("moves a lead through the pipeline and records each change and note with who and when", async () => {
    const id = await submit();
    // The lead page's status and note forms.
    const post = (intent: "status" | "note", fields: Record<string, string>) => {
      h.clock.now += 1000;
      return h.browser.leadAction(id, { intent, ...fields });
    };
    expect((await post("status", { status: "contacted" })).status).toBe(200);
    expect((await post("note", { body: "Called; wants a quote by Friday." })).status).toBe(200);
    // Skipping a step, an unknown status and Lost without a reason are refused.
    expect((await post("status", { status: "won" })).status).toBe(409);
    expect((await post("status", { status: "done" })).status).toBe(400);
    expect((await post("status", { status: "lost" })).status).toBe(400);
    expect((await post("note", { body: "   " })).status).toBe(400);
    expect((await post("status", { status: "quoted" })).status).toBe(200);
    expect((await post("status", { status: "lost", reason: "Went with a cousin" })).status).toBe(200);
    expect((await post("status", { status: "won" })).status).toBe(409);

    const detail = await h.browser.page<{
      lead: { status: string; lost_reason: string };
      activity: {
        kind: string;
        from_status: string | null;
        to_status: string | null;
        body: string | null;
        actor_email: string;
        created_at: string;
      }[];
    }>(`/studio/leads/${id}`, "studio/lead");
    expect(detail.lead).toMatchObject({ status: "lost", lost_reason: "Went with a cousin" });
    const timeline = detail.activity.map(({ kind, from_status, to_status, body, actor_email }) => ({
      kind,
      from_status,
      to_status,
      body,
      actor_email,
    }));
    expect(timeline.reverse()).toEqual([
      { kind: "status", from_status: "new", to_status: "contacted", body: null, actor_email: STUDIO_EMAIL },
      {
        kind: "note",
        from_status: null,
        to_status: null,
        body: "Called; wants a quote by Friday.",
        actor_email: STUDIO_EMAIL,
      },
      {
        kind: "status",
        from_status: "contacted",
        to_status: "quoted",
        body: null,
        actor_email: STUDIO_EMAIL,
      },
      {
        kind: "status",
        from_status: "quoted",
        to_status: "lost",
        body: "Went with a cousin",
        actor_email: STUDIO_EMAIL,
      },
    ]);
    expect(detail.activity.every((a) => !Number.isNaN(Date.parse(a.created_at)))).toBe(true);
    expect((await list("?status=lost")).leads.map((l) => l.id)).toEqual([id]);
  });

  it("retries a failed notification once, and only a failed one", async () => {
    const id = await submit();
    const [row] = await h.database.db
      .selectFrom("outbox")
      .select("id")
      .where("subject_id", "=", id)
      .execute();
    const retry = () => h.browser.leadAction(id, { intent: "retry", outboxId: row!.id });
    expect((await retry()).status).toBe(409);
    await h.database.db
      .updateTable("outbox")
      .set({ status: "failed", attempts: 30, last_error: "SMTP 550" })
      .where("id", "=", row!.id)
      .execute();
    expect((await list()).leads[0]!.delivery).toBe("failed");
    expect((await retry()).status).toBe(200);
    const after = await h.database.db
      .selectFrom("outbox")
      .selectAll()
      .where("id", "=", row!.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe("pending");
    expect(Date.parse(after.next_attempt_at)).toBeLessThanOrEqual(h.clock.now);
    const detail = await h.browser.page<{ activity: { kind: string }[] }>(
      `/studio/leads/${id}`,
      "studio/lead",
    );
    expect(detail.activity.map((a) => a.kind)).toEqual(["retry"]);
  });

  it("exports the filtered leads as CSV with formula cells neutralised", async () => {
    await submit({
      firstName: '=HYPERLINK("http://evil.example")',
      company: '+Plus, "Quoted" Ltd',
      message: "@SUM(A1)\nsecond line",
    });
    await submit({ firstName: "Plain", projectType: "seo", company: "-minus" });
    const response = await h.browser.request("/api/studio/leads.csv?projectType=pro");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="leads.csv"/);
    const text = await response.text();
    const lines = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toMatch(/^Received,Status,First name,Last name,Email/);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(text).toContain(`"'+Plus, ""Quoted"" Ltd"`);
    expect(text).toContain(`"'@SUM(A1)\nsecond line"`);
    // The other project type is filtered out.
    expect(text).not.toContain("Plain");
  });
});

describe(`studio privacy on ${testDatabaseKind}`, () => {
  let h: SignedInStudio;
  beforeEach(async () => {
    // The built site and the sandbox provider: a quote is made on the lead page and paid through the client's page.
    h = await signedInStudio(
      { LOG_LEVEL: "silent", PAYMENTS_PROVIDER: "sandbox" },
      { site: await builtSite() },
    );
  });
  afterEach(async () => {
    await h.dispose();
  });

  const everything = async (id: string, email: string) => {
    const { db } = h.database;
    const rows = await Promise.all([
      db
        .selectFrom("leads")
        .select("id")
        .where((eb) => eb.or([eb("id", "=", id), eb("email", "=", email)]))
        .execute(),
      db.selectFrom("lead_activity").select("id").where("lead_id", "=", id).execute(),
      db.selectFrom("outbox").select("id").where("subject_id", "=", id).execute(),
    ]);
    return rows.flat().length;
  };

  it("exports a person's data as JSON, then deletes the lead, its timeline and its notifications", async () => {
    const { browser } = h;
    const sent = await h.client().request("/api/inquiries", {
      method: "POST",
      body: { ...validInquiry, email: "forget-me@example.com" },
    });
    const { id } = (await sent.json()) as { id: string };
    await browser.leadAction(id, { intent: "note", body: "Asked to be forgotten." });

    const exported = await browser.request(`/api/studio/leads/${id}/export.json`);
    expect(exported.headers.get("content-disposition")).toBe(`attachment; filename="lead-${id}.json"`);
    const data = (await exported.json()) as {
      inquiry: { email: string };
      activity: { body: string }[];
      notifications: { channel: string }[];
    };
    expect(data.inquiry.email).toBe("forget-me@example.com");
    expect(data.activity.map((a) => a.body)).toEqual(["Asked to be forgotten."]);
    expect(data.notifications.map((n) => n.channel).sort()).toEqual(["inquiry-ack-email", "inquiry-email"]);
    expect(await everything(id, "forget-me@example.com")).toBe(4);

    // Deleting needs its confirmation box ticked; unticked, nothing goes.
    expect((await browser.deleteLead(id, "")).status).toBe(400);
    expect(await everything(id, "forget-me@example.com")).toBe(4);
    const deleted = await browser.deleteLead(id);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/studio");
    expect(await everything(id, "forget-me@example.com")).toBe(0);
    expect((await browser.request(`/api/studio/leads/${id}/export.json`)).status).toBe(404);
    expect((await browser.deleteLead(id)).status).toBe(404);
  });

  /** Every row of every table as text, so nothing of the person can hide in a column or table the test did not think of. */
  async function everyRow(except: string[] = []) {
    const tables = (await h.database.db.introspection.getTables()).filter((t) => !except.includes(t.name));
    const dumps = await Promise.all(
      tables.map(async (t) =>
        JSON.stringify((await sql`select * from ${sql.table(t.name)}`.execute(h.database.db)).rows),
      ),
    );
    return dumps.join("\n");
  }

  it("deletes a lead with a sent quote, a paid deposit and its emails, leaving none of the person's data and the payment's accounts", async () => {
    const person = {
      firstName: "Zenobia",
      lastName: "Forgetmenot",
      email: "zenobia.forget@example.com",
      phone: "250-555-0142",
      company: "Quillfeather Bindery",
      message: "Please build a catalogue for our hand-bound quillfeather notebooks.",
    };
    const { browser } = h;
    const sent = await h
      .client()
      .request("/api/inquiries", { method: "POST", body: { ...validInquiry, ...person } });
    const { id } = (await sent.json()) as { id: string };
    await browser.leadAction(id, { intent: "note", body: `Called ${person.firstName} at ${person.phone}.` });
    // The studio makes and sends a quote on the lead page; the client pays its deposit in the sandbox checkout.
    const act = (fields: Record<string, string>) =>
      browser.request(`${SITE}/studio/leads/${id}.data`, { method: "POST", form: fields });
    expect(
      (
        await act({
          intent: "quote-create",
          package: "pro",
          amount: "1,234.56",
          deposit: "50",
          expiresDays: "30",
          terms: "Half now, half at launch.",
        })
      ).status,
    ).toBe(200);
    const quote = await h.database.db
      .selectFrom("quotes")
      .selectAll()
      .where("lead_id", "=", id)
      .executeTakeFirstOrThrow();
    expect((await act({ intent: "quote-send", quoteId: quote.id })).status).toBe(200);
    // The client signs with their legal name (a person's data too) and pays.
    const signature = {
      legalName: `${person.firstName} Q. ${person.lastName}`,
      company: person.company,
      agree: "on",
    };
    const checkout = await h
      .client()
      .request(`${SITE}/quote/${quote.token}`, { method: "POST", form: signature });
    expect(checkout.status).toBe(303);
    expect(
      (
        await h
          .client()
          .request(`${SITE}${checkout.headers.get("location")}/pay`, { method: "POST", form: {} })
      ).status,
    ).toBe(303);
    const [payment] = await h.database.db
      .selectFrom("payments")
      .selectAll()
      .where("quote_id", "=", quote.id)
      .execute();
    expect(payment).toMatchObject({ status: "paid", kind: "deposit", amount_cents: 61728, lead_id: id });
    const emails = await h.database.db
      .selectFrom("outbox")
      .select(["id", "subject_type", "channel"])
      .execute();
    expect(emails.map((e) => e.channel).sort()).toEqual([
      "agreement-client-email",
      "agreement-studio-email",
      "inquiry-ack-email",
      "inquiry-email",
      "payment-email",
      "quote-email",
      "receipt-email",
    ]);
    // A mail server's refusal is kept as the row's last error, and it names the recipient.
    await h.database.db
      .updateTable("outbox")
      .set({
        last_error: `Can't send mail - all recipients were rejected: 550 5.1.1 <${person.email}>: Recipient address rejected`,
      })
      .where("channel", "!=", "payment-email")
      .execute();

    const exported = (await (await browser.request(`/api/studio/leads/${id}/export.json`)).json()) as {
      quotes: {
        reference: string;
        status: string;
        total_cents: number;
        deposit_cents: number;
        lines: { label: string; amountCents: number }[];
        token?: string;
        sent_at: string;
        deposit_paid_at: string;
      }[];
      notifications: { subject_type: string; channel: string }[];
      payments: { kind: string; amount_cents: number; status: string }[];
      documents: { kind: string; payment_kind: string; amount_cents: number; buyer_name: string }[];
      agreements: { signer_name: string; signer_company: string; content_sha256: string; content?: string }[];
    };
    expect(exported.quotes).toHaveLength(1);
    expect(exported.quotes[0]).toMatchObject({
      status: "deposit_paid",
      total_cents: 123456,
      deposit_cents: 61728,
      lines: [{ label: "Pro Website", amountCents: 123456 }],
    });
    expect(exported.quotes[0]!.sent_at && exported.quotes[0]!.deposit_paid_at).toBeTruthy();
    expect(exported.quotes[0]!.token).toBeUndefined();
    expect(exported.notifications.map((n) => `${n.subject_type}/${n.channel}`).sort()).toEqual([
      "inquiry/inquiry-ack-email",
      "inquiry/inquiry-email",
      "payment/receipt-email",
      "quote/agreement-client-email",
      "quote/agreement-studio-email",
      "quote/quote-email",
    ]);
    // Their signature is theirs to see: who, as what company, and the hash of what they signed.
    expect(exported.agreements).toEqual([
      expect.objectContaining({
        signer_name: signature.legalName,
        signer_company: person.company,
        signer_email: person.email,
      }),
    ]);
    expect(exported.payments).toEqual([
      expect.objectContaining({ kind: "deposit", amount_cents: 61728, status: "paid" }),
    ]);
    // The buyer as signed (legal name and company), which the documents after signing carry.
    expect(exported.documents.map((d) => [d.kind, d.payment_kind, d.amount_cents, d.buyer_name])).toEqual([
      ["invoice", "deposit", 61728, "Zenobia Q. Forgetmenot, Quillfeather Bindery"],
      ["receipt", "deposit", 61728, "Zenobia Q. Forgetmenot, Quillfeather Bindery"],
    ]);

    const before = await everyRow();
    for (const value of Object.values(person)) expect(before, value).toContain(value);
    expect((await browser.deleteLead(id)).status).toBe(302);
    // Invoices and receipts are tax records the studio must keep six years: they alone stay, as issued.
    const after = await everyRow(["money_documents"]);
    for (const value of [...Object.values(person), signature.legalName, id, quote.id, quote.token])
      expect(after, value).not.toContain(value);
    const documents = await h.database.db
      .selectFrom("money_documents")
      .select(["kind", "buyer_name", "amount_cents"])
      .orderBy("kind")
      .execute();
    const buyer = "Zenobia Q. Forgetmenot, Quillfeather Bindery";
    expect(documents).toEqual([
      { kind: "invoice", buyer_name: buyer, amount_cents: 61728 },
      { kind: "receipt", buyer_name: buyer, amount_cents: 61728 },
    ]);

    // The payment stays for the accounts, cut from the lead and its quote; the studio's own notice (no client named) stays with it.
    const kept = await h.database.db
      .selectFrom("payments")
      .selectAll()
      .where("id", "=", payment!.id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({
      amount_cents: 61728,
      currency: "cad",
      package: "pro",
      status: "paid",
      kind: "deposit",
      provider: "sandbox",
      quote_id: null,
      lead_id: null,
    });
    expect(kept.provider_session_id).toBe(payment!.provider_session_id);
    expect(kept.paid_at).toBe(payment!.paid_at);
    expect(await h.database.db.selectFrom("outbox").select(["subject_id", "channel"]).execute()).toEqual([
      { subject_id: payment!.id, channel: "payment-email" },
    ]);
  });

  it("purges closed leads past the retention period and keeps open and recent ones", async () => {
    const { createLeadPrivacy } = await import("../../server/leads/privacy.server");
    const insert = (id: string, status: "new" | "won" | "lost", createdAt: string) =>
      h.database.db
        .insertInto("leads")
        .values({
          id,
          first_name: "A",
          last_name: "B",
          email: `${id}@example.com`,
          phone: null,
          company: null,
          project_type: "basic",
          budget: null,
          timeline: null,
          message: "Hello there, a site please.",
          source: "api",
          created_at: createdAt,
          status,
          search_text: "",
        })
        .execute();
    await insert("old-won", "won", "2023-01-01T00:00:00.000Z");
    await insert("old-lost", "lost", "2023-06-01T00:00:00.000Z");
    await insert("old-open", "new", "2023-01-01T00:00:00.000Z");
    await insert("recent-won", "won", "2025-12-01T00:00:00.000Z");
    const privacy = createLeadPrivacy({ database: h.database, now: () => Date.UTC(2026, 0, 15) });
    expect(await privacy.purgeClosed(24)).toBe(2);
    const left = await h.database.db.selectFrom("leads").select("id").orderBy("id").execute();
    expect(left.map((r) => r.id)).toEqual(["old-open", "recent-won"]);
  });
});
