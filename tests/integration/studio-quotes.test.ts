import { JSDOM } from "jsdom";
import { beforeEach, describe, expect, it } from "vitest";

import { quoteReference } from "../../app/shared/quote-model";
import { flaggedRefundStatus } from "../../server/billing/flagged-refund";
import { createLeadTimeline } from "../../server/leads/timeline.server";
import { QUOTE_EMAIL } from "../../server/quotes/notifications.server";
import { testDatabaseKind } from "../helpers/databases";
import { flagPayments } from "../helpers/flagged-refunds";
import { validInquiry } from "../helpers/inquiries";
import { pdfText } from "../helpers/pdf";
import { signedInStudioSuite, SITE, STUDIO_EMAIL, type SignedInStudio } from "../helpers/studio";

/**
 * The lead page's quote actions in the built site: only a signed-in studio
 * user on the studio's own pages can create, send or withdraw a quote; the
 * amounts come from the form, checked on the server to integer cents within
 * caps, and nothing else the form says (totals, deposit, status) is taken.
 */
describe(`studio quote actions on ${testDatabaseKind}`, () => {
  const suite = signedInStudioSuite({ GST_HST_NUMBER: "123456789RT0001" });
  let h: SignedInStudio;
  beforeEach(() => ({ h } = suite));

  async function newLead() {
    h.clock.now += 1000;
    const res = await h.client().request("/api/inquiries", { method: "POST", body: validInquiry });
    return ((await res.json()) as { id: string }).id;
  }
  const quotesOf = (leadId: string) =>
    h.database.db.selectFrom("quotes").selectAll().where("lead_id", "=", leadId).execute();
  const lead = (id: string) =>
    h.database.db.selectFrom("leads").select("status").where("id", "=", id).executeTakeFirstOrThrow();
  const timeline = (id: string) =>
    h.database.db
      .selectFrom("lead_activity")
      .selectAll()
      .where("lead_id", "=", id)
      .orderBy("created_at")
      .execute();
  const form = {
    intent: "quote-create",
    package: "pro",
    amount: "1,234.56",
    deposit: "50",
    expiresDays: "30",
    province: "BC",
    terms: "Half now, half at launch.",
  };
  // Full URLs: React Router checks a page action's Origin against the request's own host.
  const act = (leadId: string, fields: Record<string, string>, client = h.browser) =>
    client.request(`${SITE}/studio/leads/${leadId}.data`, { method: "POST", form: fields });

  /** A paid sandbox deposit of a lead, as fulfilment stores it; flagged for a refund unless `settled`. */
  const paidRow = (paymentId: string, leadId: string, settled = false) => {
    const at = new Date(h.clock.now).toISOString();
    return {
      id: paymentId,
      package: "pro" as const,
      amount_cents: 61728,
      currency: "cad",
      status: "paid" as const,
      provider: "sandbox" as const,
      provider_session_id: `sbx_${paymentId.padEnd(20, "x")}`,
      idempotency_key: `payment-${paymentId}`,
      failure_reason: null,
      created_at: at,
      updated_at: at,
      paid_at: at,
      failed_at: null,
      lead_id: leadId,
      quote_id: settled ? `quote-of-${paymentId}` : null,
      kind: "deposit" as const,
    };
  };

  it("refuses quote actions from an anonymous visitor and from another site, storing nothing", async () => {
    const id = await newLead();
    for (const path of [`${SITE}/studio/leads/${id}`, `${SITE}/studio/leads/${id}.data`]) {
      const anonymous = await h.client().request(path, { method: "POST", form });
      expect(anonymous.status, path).toBe(401);
      const cross = await h.browser.request(path, {
        method: "POST",
        form,
        headers: { origin: "https://evil.example" },
      });
      expect(cross.status, path).toBe(403);
    }
    expect(await quotesOf(id)).toEqual([]);
  });

  it("creates a quote from the form in integer cents and ignores totals, deposit and status the form makes up", async () => {
    const id = await newLead();
    const res = await act(id, {
      ...form,
      line1Label: "Extra pages",
      line1Amount: "150",
      totalCents: "1",
      depositCents: "1",
      status: "paid",
      province: "BC",
      packageTaxGST: "on",
      line1TaxGST: "on",
    });
    expect(res.status).toBe(200);
    const [q] = await quotesOf(id);
    // 1234.56 + 150.00 = 1384.56; GST 5% = 69.23 (69.228 rounded); total 1453.79; deposit 50% = 726.90 (726.895 rounded).
    expect(q).toMatchObject({
      status: "draft",
      subtotal_cents: 138456,
      tax_cents: 6923,
      total_cents: 145379,
      deposit_cents: 72690,
      tax_province: "BC",
      created_by: STUDIO_EMAIL,
      terms: "Half now, half at launch.",
    });
    expect(JSON.parse(q!.taxes)).toEqual([{ code: "GST", label: "GST 5%", basisPoints: 500, cents: 6923 }]);
    expect((await timeline(id)).map((a) => [a.kind, a.actor_email])).toEqual([
      ["quote-created", STUDIO_EMAIL],
    ]);
  });

  it("refuses amounts that are not cents in range, and half-filled lines, with a message and nothing stored", async () => {
    const id = await newLead();
    const bad: Record<string, string>[] = [
      { amount: "12.345" },
      { amount: "abc" },
      { amount: "-5" },
      { amount: "0.50" },
      { amount: "1000000000" },
      { deposit: "150" },
      { deposit: "0" },
      { expiresDays: "0" },
      { line1Label: "Logo" },
      { line1Amount: "99" },
      // Each line within the cap, the total above what one payment can take.
      { amount: "999999.99", line1Label: "More", line1Amount: "999999.99" },
      { package: "enterprise" },
      { terms: "" },
    ];
    for (const fields of bad) {
      const res = await act(id, { ...form, ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
    }
    expect(await quotesOf(id)).toEqual([]);
    const page = await h.browser.request(`${SITE}/studio/leads/${id}`, {
      method: "POST",
      form: { ...form, amount: "12.345" },
    });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Package amount: enter an amount in CAD such as 1234.56.");
  });

  it("without JavaScript, a refused quote comes back with each error beside its field and what was typed still in the form (issue 37, item 15)", async () => {
    const id = await newLead();
    const post = (fields: Record<string, string>) =>
      h.browser.request(`${SITE}/studio/leads/${id}`, { method: "POST", form: { ...form, ...fields } });
    const read = async (res: Awaited<ReturnType<typeof post>>) => {
      const doc = new JSDOM(await res.text()).window.document;
      const text = (sel: string) => doc.querySelector(sel)?.textContent?.trim();
      return { doc, text };
    };
    const bad = await read(
      await post({ amount: "12.345", deposit: "150", line2Label: "Logo", terms: "Net 15 <b>bold</b>" }),
    );
    expect(bad.text("#quote-amount-error")).toBe("Package amount: enter an amount in CAD such as 1234.56.");
    expect(bad.text("#quote-deposit-error")).toBe("The deposit is from 1 to 99.");
    // Above the button, a summary, not the same messages again.
    expect(bad.doc.body.textContent).toContain("Check the 2 fields marked below.");
    expect(bad.doc.querySelector<HTMLInputElement>("input[name=amount]")!.value).toBe("12.345");
    expect(bad.doc.querySelector<HTMLInputElement>("input[name=line2Label]")!.value).toBe("Logo");
    // What was typed is text, never markup.
    expect(bad.doc.querySelector("textarea[name=terms]")!.textContent).toBe("Net 15 <b>bold</b>");
    expect(bad.doc.querySelector("#quote-amount")!.getAttribute("aria-describedby")).toContain(
      "quote-amount-error",
    );

    const half = await read(await post({ line2Label: "Logo" }));
    expect(half.text("#line2Label-error")).toBe("Line 2 needs both a description and an amount.");
    expect(half.doc.body.textContent).toContain("Check the field marked below.");

    // The quote's own rule (a tax the province does not have) sits beside the package's tax boxes, not as "packageTaxes: …".
    const tax = await read(await post({ province: "ON", packageTaxGST: "on" }));
    expect(tax.text("#package-taxes-error")).toBe("A client in ON pays HST instead of GST.");
    expect(tax.doc.querySelector("main")!.textContent).not.toContain("packageTaxes");
    expect(tax.doc.querySelector<HTMLSelectElement>("select[name=province]")!.value).toBe("ON");
    expect(await quotesOf(id)).toEqual([]);
  });

  it("sends (queues the email, lead Quoted), withdraws, and acts only on the lead's own quotes", async () => {
    const id = await newLead();
    const other = await newLead();
    await act(id, form);
    await act(other, form);
    const [q] = await quotesOf(id);
    const [foreign] = await quotesOf(other);
    // Another lead's quote through this lead's page is not found, and stays a draft.
    expect((await act(id, { intent: "quote-send", quoteId: foreign!.id })).status).toBe(404);
    expect((await act(id, { intent: "quote-withdraw", quoteId: foreign!.id })).status).toBe(404);
    expect((await quotesOf(other))[0]!.status).toBe("draft");

    expect((await act(id, { intent: "quote-send", quoteId: q!.id })).status).toBe(200);
    expect((await quotesOf(id))[0]!.status).toBe("sent");
    expect((await lead(id)).status).toBe("quoted");
    const queued = await h.database.db
      .selectFrom("outbox")
      .select(["channel"])
      .where("subject_id", "=", q!.id)
      .execute();
    expect(queued).toEqual([{ channel: QUOTE_EMAIL }]);
    // Sent once: a second send is refused and queues nothing more.
    expect((await act(id, { intent: "quote-send", quoteId: q!.id })).status).toBe(409);
    expect(
      await h.database.db.selectFrom("outbox").select("id").where("subject_id", "=", q!.id).execute(),
    ).toHaveLength(1);

    expect((await act(id, { intent: "quote-withdraw", quoteId: q!.id })).status).toBe(200);
    expect((await quotesOf(id))[0]!.status).toBe("withdrawn");
    const kinds = (await timeline(id)).map((a) =>
      a.kind === "status" ? `status:${a.from_status}->${a.to_status}` : a.kind,
    );
    expect(kinds.sort()).toEqual(
      ["quote-created", "quote-sent", "quote-withdrawn", "status:new->quoted"].sort(),
    );

    const html = await (await h.browser.request(`/studio/leads/${id}`)).text();
    expect(html).toContain("Withdrawn");
    expect(html).toContain(`${SITE}/quote/${q!.token}`);
  });

  it("previews a draft as its client's page: nothing sent, viewed, recorded or actionable; only the lead's own draft", async () => {
    const id = await newLead();
    const other = await newLead();
    await act(id, {
      ...form,
      scope: "# Build\n\n- Five pages <b>bold</b>",
      line1Label: "Blog setup",
      line1Amount: "500",
      line1Optional: "on",
    });
    await act(other, form);
    const [q] = await quotesOf(id);
    const [foreign] = await quotesOf(other);
    const before = { quote: q, timeline: await timeline(id) };
    const path = `/studio/leads/${id}/quotes/${q!.id}/preview`;

    // Only the signed-in studio: an anonymous visitor is sent to sign in.
    const anonymous = await h.client().request(path);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/studio/login");

    const res = await h.browser.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    const doc = new JSDOM(await res.text()).window.document;
    const main = doc.querySelector("main")!.textContent!;
    // Labelled as a preview, with the way back.
    expect(doc.querySelector("[data-testid=quote-preview-banner]")!.textContent).toContain(
      "Preview as the client",
    );
    expect(doc.querySelector(`a[href="/studio/leads/${id}#quote-${q!.id}"]`)).not.toBeNull();
    // The client's page: its heading, scope (as text, never markup), option, total and the agreement to sign.
    expect(doc.querySelector("h1")!.textContent).toContain(quoteReference(q!.id).replace("-", "\u2011"));
    expect(doc.querySelectorAll("h1")).toHaveLength(1);
    expect(doc.querySelector("#scope-heading")).not.toBeNull();
    expect(main).toContain("Five pages <b>bold</b>");
    expect(doc.querySelector("main b")).toBeNull();
    expect(doc.querySelector("input[name=option-1]")).not.toBeNull();
    expect(main).toContain("Service agreement (version 0)");
    expect(main).toContain("Sign and pay the deposit");
    // Every button is off, and no script counts a view or stores a tick.
    const buttons = [...doc.querySelectorAll("main button")];
    expect(buttons.length).toBeGreaterThan(0);
    expect(buttons.every((b) => b.hasAttribute("disabled"))).toBe(true);
    // Only the page shell's own paint scripts: no React Router, no quote page script.
    const scripts = [...doc.querySelectorAll("script")];
    expect(scripts.filter((el) => el.getAttribute("type") === "module" || el.hasAttribute("src"))).toEqual(
      [],
    );
    expect(scripts.map((el) => el.textContent).join("\n")).not.toMatch(/enhanceQuotePage|intent.*viewed/);

    // A post to the preview (a sign, a tick) is refused and changes nothing.
    const posts: Record<string, string>[] = [
      { intent: "pay", legalName: "Ada Lovelace", agree: "on" },
      { intent: "options", "option-1": "on" },
      { intent: "viewed" },
    ];
    for (const fields of posts) {
      const posted = await h.browser.request(`${SITE}${path}`, { method: "POST", form: fields });
      expect(posted.status, JSON.stringify(fields)).toBe(405);
    }
    const [after] = await quotesOf(id);
    expect(after).toEqual(before.quote);
    expect(after!.viewed_at).toBeNull();
    expect(after!.contract_text ?? null).toBeNull();
    expect(await timeline(id)).toEqual(before.timeline);
    expect(
      await h.database.db.selectFrom("outbox").select("id").where("subject_id", "=", q!.id).execute(),
    ).toEqual([]);

    // Another lead's draft through this lead's path, or a quote already sent: not found.
    expect((await h.browser.request(`/studio/leads/${id}/quotes/${foreign!.id}/preview`)).status).toBe(404);
    await act(id, { intent: "quote-send", quoteId: q!.id });
    expect((await h.browser.request(path)).status).toBe(404);
  });

  it("sends a draft with the studio's personal note: kept with the send, in the timeline and on the lead's page", async () => {
    const id = await newLead();
    await act(id, form);
    const [q] = await quotesOf(id);
    // Too long: refused, nothing sent.
    const long = await act(id, { intent: "quote-send", quoteId: q!.id, note: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect((await quotesOf(id))[0]!.status).toBe("draft");
    const note = "Ada, as discussed <script>alert(1)</script>\nThe shop waits for phase two.";
    expect((await act(id, { intent: "quote-send", quoteId: q!.id, note: `  ${note}  ` })).status).toBe(200);
    const [sent] = await quotesOf(id);
    expect(sent).toMatchObject({ status: "sent", send_note: note });
    const sentEvent = (await timeline(id)).find((a) => a.kind === "quote-sent")!;
    expect(sentEvent.body).toBe(`${quoteReference(q!.id)} sent with a personal note`);
    const doc = new JSDOM(await (await h.browser.request(`/studio/leads/${id}`)).text()).window.document;
    expect(doc.body.textContent).toContain("Note sent with the quote");
    expect(doc.body.textContent).toContain("Ada, as discussed <script>alert(1)</script>");
    expect(doc.querySelector("main script")).toBeNull();
    // Without a note: none stored, the timeline says "sent".
    const plain = await newLead();
    await act(plain, form);
    const [p] = await quotesOf(plain);
    await act(plain, { intent: "quote-send", quoteId: p!.id, note: "   " });
    expect((await quotesOf(plain))[0]!.send_note ?? null).toBeNull();
  });

  it("shows who signed a quote, and its agreement PDF downloads for the studio only and only through its own lead", async () => {
    const id = await newLead();
    const other = await newLead();
    await act(id, form);
    const [q] = await quotesOf(id);
    await act(id, { intent: "quote-send", quoteId: q!.id });
    const pdfPath = `/api/studio/leads/${id}/quotes/${q!.id}/agreement.pdf`;
    expect((await h.browser.request(pdfPath)).status).toBe(404);
    // The client signs on the quote page (a form post, as a browser without JavaScript sends it).
    const signed = await h.client().request(`${SITE}/quote/${q!.token}`, {
      method: "POST",
      form: { intent: "pay", legalName: "Ada Lovelace", company: "Engines Ltd", agree: "on" },
    });
    expect(signed.status).toBe(303);
    const html = await (await h.browser.request(`/studio/leads/${id}`)).text();
    expect(html).toContain("Signed by Ada Lovelace");
    expect(html).toContain(pdfPath);
    const pdf = await h.browser.request(pdfPath);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain("Engines Ltd");
    expect((await h.client().request(pdfPath)).status).toBe(401);
    expect((await h.browser.request(`/api/studio/leads/${other}/quotes/${q!.id}/agreement.pdf`)).status).toBe(
      404,
    );
  });

  it("edits a signed quote from the lead page as its next version: posted twice, one version; the signed one keeps its agreement", async () => {
    const id = await newLead();
    await act(id, form);
    const [q] = await quotesOf(id);
    await act(id, { intent: "quote-send", quoteId: q!.id });
    await h.client().request(`${SITE}/quote/${q!.token}`, {
      method: "POST",
      form: { intent: "pay", legalName: "Ada Lovelace", agree: "on" },
    });
    expect(await (await h.browser.request(`/studio/leads/${id}`)).text()).toContain(
      `Quote ${quoteReference(q!.id)} (version 1, Accepted)`,
    );
    const edit = { ...form, amount: "2,000", supersedes: q!.id, requestKey: "revise-key-0123456789" };
    const answers = await Promise.all([act(id, edit), act(id, edit)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const rows = await quotesOf(id);
    expect(rows).toHaveLength(2);
    const v2 = rows.find((r) => r.id !== q!.id)!;
    expect(v2).toMatchObject({
      version: 2,
      supersedes_quote_id: q!.id,
      status: "draft",
      subtotal_cents: 200000,
    });
    expect(rows.find((r) => r.id === q!.id)).toMatchObject({ status: "withdrawn", subtotal_cents: 123456 });
    // The signed version's agreement is intact and still downloads.
    expect((await h.browser.request(`/api/studio/leads/${id}/quotes/${q!.id}/agreement.pdf`)).status).toBe(
      200,
    );
    // Another lead's quote cannot be replaced from this page.
    const other = await newLead();
    await act(other, form);
    const [foreign] = await quotesOf(other);
    expect((await act(id, { ...form, supersedes: foreign!.id })).status).toBe(404);
    expect((await quotesOf(other))[0]!.status).toBe("draft");
  });

  it("moves a lead New/Contacted → Quoted and on to Won, never out of Won or Lost, each move in the timeline", async () => {
    const leadTimeline = createLeadTimeline();
    const db = h.database.db;
    const [fresh, contacted, lost] = [await newLead(), await newLead(), await newLead()];
    await db.updateTable("leads").set({ status: "contacted" }).where("id", "=", contacted).execute();
    await db
      .updateTable("leads")
      .set({ status: "lost", lost_reason: "Went elsewhere" })
      .where("id", "=", lost)
      .execute();
    const t = h.clock.now;
    await leadTimeline.advance(db, contacted, "quoted", STUDIO_EMAIL, t);
    await leadTimeline.advance(db, contacted, "quoted", STUDIO_EMAIL, t);
    await leadTimeline.advance(db, fresh, "won", "system", t);
    await leadTimeline.advance(db, fresh, "quoted", STUDIO_EMAIL, t);
    await leadTimeline.advance(db, lost, "won", "system", t);
    expect([(await lead(contacted)).status, (await lead(fresh)).status, (await lead(lost)).status]).toEqual([
      "quoted",
      "won",
      "lost",
    ]);
    const moves = async (id: string) =>
      (await timeline(id)).map((a) => `${a.from_status}->${a.to_status}:${a.actor_email}`);
    expect(await moves(contacted)).toEqual([`contacted->quoted:${STUDIO_EMAIL}`]);
    expect(await moves(fresh)).toEqual(["new->won:system"]);
    expect(await moves(lost)).toEqual([]);
  });

  it("a form posted twice (a double click, before or after the scripts) creates one quote and sends it once, with no error", async () => {
    const id = await newLead();
    const page = await (await h.browser.request(`/studio/leads/${id}`)).text();
    const requestKey = /name="requestKey" value="([^"]+)"/.exec(page)?.[1];
    expect(requestKey).toMatch(/^[0-9a-f-]{36}$/);
    // The document post (no scripts) and the data request, at once, with the same form.
    const created = await Promise.all([
      h.browser.request(`${SITE}/studio/leads/${id}`, {
        method: "POST",
        form: { ...form, requestKey: requestKey! },
      }),
      act(id, { ...form, requestKey: requestKey! }),
    ]);
    expect(created.map((r) => r.status)).toEqual([200, 200]);
    const [q, ...more] = await quotesOf(id);
    expect(more).toEqual([]);
    expect((await timeline(id)).filter((a) => a.kind === "quote-created")).toHaveLength(1);
    // Another lead's form key does not reach this quote.
    expect((await act(await newLead(), { ...form, requestKey: requestKey! })).status).toBe(409);

    const sends = await Promise.all(
      [1, 2].map(() => act(id, { intent: "quote-send", quoteId: q!.id, from: "draft" })),
    );
    expect(sends.map((r) => r.status)).toEqual([200, 200]);
    expect(
      await h.database.db.selectFrom("outbox").select("id").where("subject_id", "=", q!.id).execute(),
    ).toHaveLength(1);
    // A send the page did not show (the quote was no longer a draft) is still refused.
    expect((await act(id, { intent: "quote-send", quoteId: q!.id, from: "deposit_paid" })).status).toBe(409);
  });

  it("lists money to refund on the lead's page with its Refund button; only the lead's own payment is refunded", async () => {
    const id = await newLead();
    const other = await newLead();
    await h.database.db
      .insertInto("payments")
      .values([paidRow("late-1", id), paidRow("late-2", other)])
      .execute();
    await flagPayments(
      h.database.db,
      [
        { id: "late-1", lead_id: id, amount_cents: 61728 },
        { id: "late-2", lead_id: other, amount_cents: 61728 },
      ],
      "withdrawn",
    );
    const html = await (await h.browser.request(`/studio/leads/${id}`)).text();
    expect(html).toContain("needs refund (quote withdrawn)");
    expect(html).toContain('name="intent" value="payment-refund"');

    expect((await act(id, { intent: "payment-refund", paymentId: "late-2" })).status).toBe(404);
    expect((await act(id, { intent: "payment-refund", paymentId: "late-1" })).status).toBe(200);
    const states = await h.database.db
      .selectFrom("payments")
      .select(["id", flaggedRefundStatus.as("refund_status")])
      .where("id", "in", ["late-1", "late-2"])
      .orderBy("id")
      .execute();
    expect(states).toEqual([
      { id: "late-1", refund_status: "refunded" },
      { id: "late-2", refund_status: "needed" },
    ]);
    expect(await (await h.browser.request(`/studio/leads/${id}`)).text()).toContain(">refunded<");
  });

  it("refunds part of a settled payment through the lead page's action only with an amount, a reason and the box ticked; another lead's payment is not found", async () => {
    const id = await newLead();
    const other = await newLead();
    await h.database.db
      .insertInto("payments")
      .values([paidRow("settled-1", id, true), paidRow("settled-2", other, true)])
      .execute();
    const at = new Date(h.clock.now).toISOString();
    const receipt = (paymentId: string, leadId: string, number: string) => ({
      id: `receipt-${paymentId}`,
      kind: "receipt" as const,
      number,
      quote_id: `quote-of-${paymentId}`,
      lead_id: leadId,
      payment_id: paymentId,
      payment_kind: "deposit" as const,
      amount_cents: 61728,
      taxes: JSON.stringify([{ code: "GST", label: "GST 5%", basisPoints: 500, cents: 2939 }]),
      lines: "[]",
      terms: "Half now.",
      buyer_name: "Ada Lovelace",
      registration_number: "123456789 RT0001",
      status: "paid" as const,
      issued_at: at,
      settled_at: at,
    });
    await h.database.db
      .insertInto("money_documents")
      .values([receipt("settled-1", id, "R2026-0901"), receipt("settled-2", other, "R2026-0902")])
      .execute();
    const html = await (await h.browser.request(`/studio/leads/${id}`)).text();
    expect(html).toContain("Refund a payment");
    expect(html).toContain("up to $617.28 left");

    const refund = {
      intent: "refund",
      paymentId: "settled-1",
      amount: "100.00",
      reason: "Scope reduced",
      confirm: "yes",
    };
    expect((await act(id, { ...refund, confirm: "" })).status).toBe(400);
    expect((await act(id, { ...refund, amount: "617.29" })).status).toBe(409);
    expect((await act(id, { ...refund, paymentId: "settled-2" })).status).toBe(404);
    expect(
      await h.database.db.selectFrom("refunds").selectAll().where("cause", "is", null).execute(),
    ).toEqual([]);
    expect((await act(id, refund)).status).toBe(200);
    const [note] = await h.database.db
      .selectFrom("money_documents")
      .selectAll()
      .where("kind", "=", "credit_note")
      .execute();
    expect(note).toMatchObject({
      payment_id: "settled-1",
      amount_cents: 10_000,
      credited_receipt: "R2026-0901",
      reason: "Scope reduced",
      taxes: JSON.stringify([{ code: "GST", label: "GST 5%", basisPoints: 500, cents: 476 }]),
    });
    expect((await timeline(id)).filter((a) => a.kind === "quote-refunded").map((a) => a.actor_email)).toEqual(
      [STUDIO_EMAIL],
    );
    expect(await (await h.browser.request(`/studio/leads/${id}`)).text()).toContain("up to $517.28 left");
  });

  it("lists on the lead's page a refund pending at Stripe and one Stripe failed, with its reason; neither as a credit note", async () => {
    const id = await newLead();
    const at = new Date(h.clock.now).toISOString();
    const row = {
      payment_id: "settled-x",
      lead_id: id,
      reason: "Scope reduced",
      provider_refund_id: "re_1",
      credit_note_id: null,
      requested_by: STUDIO_EMAIL,
      created_at: at,
      settled_at: null,
    };
    await h.database.db
      .insertInto("refunds")
      .values([
        {
          ...row,
          id: "rf_pending",
          amount_cents: 12_000,
          status: "requested",
          provider_status: "pending",
          failure_reason: null,
        },
        {
          ...row,
          id: "rf_failed",
          amount_cents: 8_000,
          status: "failed",
          provider_status: "failed",
          failure_reason: "expired_or_canceled_card",
          settled_at: at,
        },
        // Refused at the form (said there and then): not listed again.
        {
          ...row,
          id: "rf_refused",
          amount_cents: 5_000,
          status: "failed",
          provider_status: null,
          failure_reason: "not taken by the payment service",
          settled_at: at,
        },
      ])
      .execute();
    const html = await (await h.browser.request(`/studio/leads/${id}`)).text();
    expect(html).toContain('aria-label="Refunds without a credit note"');
    expect(html).toMatch(
      /Refund of \$120\.00 pending at Stripe since [^<]+: no credit note until it succeeds\./,
    );
    expect(html).toMatch(
      /Refund of \$80\.00 failed at Stripe [^<]+ \(expired_or_canceled_card\): nothing was refunded and no credit note issued; the amount can be refunded again\./,
    );
    expect(html).not.toContain("Refund of $50.00");
  });
});
