import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { privacyNotice } from "~/content/privacy-notice";

import { leadSearchText } from "../../server/db/search-text";
import { createInquiryService } from "../../server/inquiries/service.server";
import { PAGE_SIZE } from "../../server/leads/lead-context.server";
import { createLogger } from "../../server/logger.server";
import { testDatabaseKind } from "../helpers/databases";
import { randomIp, validInquiry } from "../helpers/inquiries";
import { signedInStudio, SITE, type SignedInStudio } from "../helpers/studio";

type Lead = {
  id: string;
  first_name: string;
  last_name: string;
  status: string;
  budget: string | null;
  created_at: string;
  ref: string | null;
  page: string | null;
  utm_campaign: string | null;
};

describe(`lead sources, search and sorting on ${testDatabaseKind}`, () => {
  let h: SignedInStudio;
  beforeEach(async () => {
    h = await signedInStudio();
  });
  afterEach(async () => {
    await h.dispose();
  });

  /** Sends an inquiry the way the contact form's island does: source in the query, notice version in the body. */
  async function submit(query = "", fields: Record<string, unknown> = {}) {
    h.clock.now += 1000;
    const response = await h.client().request(`/api/inquiries${query}`, {
      method: "POST",
      body: { ...validInquiry, privacyNotice: privacyNotice.version, ...fields },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: string }).id;
  }
  const row = (id: string) =>
    h.database.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  // The inbox's data, as its page loads it; a filter it cannot read is ignored and flagged `invalid` (the page says so).
  const list = (query = "") =>
    h.browser.page<{ leads: Lead[]; next?: string; invalid: boolean }>(
      `/studio/inbox${query}`,
      "studio/inbox",
    );

  it("stores the page, ref, UTM parameters and the privacy notice a lead was sent with", async () => {
    const id = await submit(
      "?page=%2Fcontact&ref=demo-bakery&utm_source=newsletter&utm_medium=email&utm_campaign=spring-2026&utm_term=bakery%20site&utm_content=hero&other=x",
    );
    expect(await row(id)).toMatchObject({
      source: "api",
      page: "/contact",
      ref: "demo-bakery",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "spring-2026",
      utm_term: "bakery site",
      utm_content: "hero",
      privacy_notice_version: privacyNotice.version,
      privacy_notice_at: new Date(h.clock.now).toISOString(),
    });
    // A client that showed no notice (or another one) records none; no query, no source.
    const bare = await submit("", { privacyNotice: undefined });
    const stale = await submit("", { privacyNotice: "1999-01-01" });
    for (const other of [bare, stale])
      expect(await row(other)).toMatchObject({
        page: null,
        ref: null,
        utm_source: null,
        privacy_notice_version: null,
        privacy_notice_at: null,
      });
  });

  it("drops hostile or oversized source values and keeps the inquiry", async () => {
    const hostile = [
      ["page", "https://evil.example/contact"],
      ["page", "//evil.example/contact"],
      ["page", "/contact//x"],
      ["page", "/contact?x=1"],
      ["page", `/${"a".repeat(200)}`],
      ["page", "contact"],
      ["page", "/con tact"],
      ["ref", "Demo-Bakery"],
      ["ref", "demo_bakery"],
      ["ref", "<script>"],
      ["ref", "a".repeat(41)],
      ["ref", ""],
      ["utm_source", "x".repeat(101)],
      ["utm_medium", "line\nbreak"],
      ["utm_campaign", "nul\u0000byte"],
      ["utm_term", "   "],
    ];
    for (const [name, value] of hostile) {
      const id = await submit(`?${new URLSearchParams({ [name!]: value! })}`);
      const stored = await row(id);
      expect(stored[name as "page"], `${name}=${JSON.stringify(value)}`).toBeNull();
    }
    // At the caps, kept; padded, trimmed.
    const id = await submit(
      `?${new URLSearchParams({ ref: "a".repeat(40), utm_source: "x".repeat(100), utm_campaign: "  spring  ", page: "/demo/bakery/menu" })}`,
    );
    expect(await row(id)).toMatchObject({
      ref: "a".repeat(40),
      utm_source: "x".repeat(100),
      utm_campaign: "spring",
      page: "/demo/bakery/menu",
    });
  });

  it("takes the source of a form post without JavaScript from the page's own URL", async () => {
    const service = createInquiryService({
      config: h.config,
      database: h.database,
      logger: createLogger(h.config),
    });
    const body = new URLSearchParams({
      ...validInquiry,
      privacyNotice: privacyNotice.version,
      elapsedMs: "9000",
    });
    const request = new Request(`${SITE}/contact?ref=demo-gym&utm_campaign=flyer&page=%2Fevil`, {
      method: "POST",
      headers: { origin: SITE, "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    expect((await service.submitForm(request, randomIp())).data).toEqual({ status: "success" });
    const stored = await h.database.db.selectFrom("leads").selectAll().executeTakeFirstOrThrow();
    // The page is the path the form was posted to, whatever the query says.
    expect(stored).toMatchObject({
      source: "form",
      page: "/contact",
      ref: "demo-gym",
      utm_campaign: "flyer",
      privacy_notice_version: privacyNotice.version,
    });
  });

  it("shows and filters by source, and exports the source columns", async () => {
    const bakery = await submit("?page=%2Fcontact&ref=demo-bakery&utm_campaign=spring");
    const gym = await submit("?page=%2Fcontact&ref=demo-gym");
    const direct = await submit("?page=%2Fcontact");
    expect((await list("?ref=demo-bakery")).leads.map((l) => l.id)).toEqual([bakery]);
    expect((await list("?ref=_none")).leads.map((l) => l.id)).toEqual([direct]);
    expect((await list()).leads.find((l) => l.id === bakery)).toMatchObject({
      ref: "demo-bakery",
      page: "/contact",
      utm_campaign: "spring",
    });
    expect((await list("?ref=%3Cscript%3E")).invalid).toBe(true);

    const csv = await (await h.browser.request("/api/studio/leads.csv?ref=demo-gym")).text();
    const [header, first, ...rest] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toContain("Page,Ref,UTM source,UTM medium,UTM campaign,UTM term,UTM content");
    expect(rest).toEqual([]);
    expect(first).toContain(",/contact,demo-gym,");
    expect(first).toContain(gym);
  });

  it("searches by word prefix in name, email, company and message; a miss finds nothing; deleted leads leave the index", async () => {
    const ada = await submit();
    const grace = await submit("", {
      firstName: "Grace",
      lastName: "Hopper",
      email: "grace@navy.example",
      company: "Compiler Co",
      message: "A café menu with online orders.",
    });
    const ids = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).leads.map((l) => l.id);
    expect(await ids("grace hopper")).toEqual([grace]);
    expect(await ids("HOP")).toEqual([grace]);
    expect(await ids("navy.example")).toEqual([grace]);
    expect(await ids("grace@navy.example")).toEqual([grace]);
    expect(await ids("engine workshop")).toEqual([ada]);
    expect(await ids("analytical")).toEqual([ada]);
    expect(await ids("booking")).toEqual([ada]);
    // Accents fold the same way on SQLite and PostgreSQL: typed with or without them, composed or not.
    for (const q of ["cafe", "café", "CAFÉ", "cafe\u0301", "Cafe menu"])
      expect(await ids(q), q).toEqual([grace]);
    expect(await ids("zyxwvut")).toEqual([]);
    // Search syntax is not the visitor's to use: quotes, operators and stars are just punctuation.
    expect(await ids('"grace" OR ada*')).toEqual([]);
    expect(await ids("NOT grace")).toEqual([]);
    expect(await ids("*")).toEqual([]);
    // Combined with a filter and an order.
    expect(await ids("a")).toEqual([grace, ada]);
    expect((await list("?q=a&sort=name")).leads.map((l) => l.id)).toEqual([grace, ada]);

    expect((await h.browser.deleteLead(grace)).status).toBe(302);
    expect(await ids("hopper")).toEqual([]);
    if (testDatabaseKind === "sqlite") {
      const { sql } = await import("kysely");
      const left = await sql<{
        n: number;
      }>`select count(*) as n from leads_fts where leads_fts match 'hopper'`.execute(h.database.db);
      expect(left.rows[0]!.n).toBe(0);
    }
  });

  it("sorts by name, status and budget and pages each order with its keyset cursor", async () => {
    const names = ["adams", "Baker", "baker", "Chen", "de Vries", "Émile", "Zhou", "ortiz"];
    const budgets = [null, "220-340", "340-500", "500-1000", "1000-2500", "2500+"];
    const statuses = ["new", "contacted", "quoted", "won", "lost"] as const;
    const start = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: PAGE_SIZE * 2 + 7 }, (_, i) => ({
      id: randomUUID(),
      first_name: `F${i % 7}`,
      last_name: names[i % names.length]!,
      email: `lead${i}@example.com`,
      phone: null,
      company: null,
      project_type: "basic",
      budget: budgets[i % budgets.length]!,
      timeline: null,
      message: "A site, please.",
      source: "api",
      // Ties on the first key are common: the next keys must break them.
      created_at: new Date(start + Math.floor(i / 3) * 60_000).toISOString(),
      status: statuses[i % statuses.length]!,
    }));
    await h.database.db
      .insertInto("leads")
      .values(rows.map((r) => ({ ...r, search_text: leadSearchText(r) })))
      .execute();

    async function all(sort: string) {
      const seen: Lead[] = [];
      let next: string | undefined;
      do {
        const page = await list(`?sort=${sort}${next ? `&after=${next}` : ""}`);
        expect(page.leads.length).toBeLessThanOrEqual(PAGE_SIZE);
        seen.push(...page.leads);
        next = page.next;
      } while (next);
      expect(new Set(seen.map((l) => l.id)).size).toBe(rows.length);
      return seen;
    }
    const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
    const rank = (list: readonly (string | null)[], v: string | null) => list.indexOf(v);

    const byStatus = await all("status");
    for (let i = 1; i < byStatus.length; i++) {
      const [a, b] = [byStatus[i - 1]!, byStatus[i]!];
      const order =
        cmp(rank(statuses, a.status), rank(statuses, b.status)) ||
        cmp(a.created_at, b.created_at) ||
        cmp(a.id, b.id);
      expect(order, `status order at ${i}`).toBe(-1);
    }
    const byBudget = await all("budget");
    for (let i = 1; i < byBudget.length; i++) {
      const [a, b] = [byBudget[i - 1]!, byBudget[i]!];
      const order =
        cmp(rank(budgets, b.budget), rank(budgets, a.budget)) ||
        cmp(b.created_at, a.created_at) ||
        cmp(b.id, a.id);
      expect(order, `budget order at ${i}`).toBe(-1);
    }
    expect(byBudget[0]!.budget).toBe("2500+");
    expect(byBudget.at(-1)!.budget).toBeNull();

    const byName = await all("name");
    // Case does not split the names apart; ASCII names sort the same on both databases.
    const ascii = byName.map((l) => l.last_name.toLowerCase()).filter((n) => /^[a-z ]+$/.test(n));
    expect([...new Set(ascii)]).toEqual(["adams", "baker", "chen", "de vries", "ortiz", "zhou"]);

    // A cursor made for one order is ignored (flagged) for another.
    const first = await list("?sort=name");
    expect((await list(`?sort=newest&after=${first.next}`)).invalid).toBe(true);
    expect((await list("?after=bm90LWpzb24")).invalid).toBe(true);
  });

  it("shows a lead's payments, exports them with its source, and cuts the link when the person is deleted", async () => {
    const id = await submit("?page=%2Fcontact&ref=demo-bakery&utm_source=newsletter");
    const paymentId = randomUUID();
    const at = new Date(h.clock.now).toISOString();
    await h.database.db
      .insertInto("payments")
      .values({
        id: paymentId,
        package: "pro",
        amount_cents: 45_000,
        currency: "cad",
        status: "paid",
        provider: "sandbox",
        provider_session_id: "sbx_1",
        idempotency_key: randomUUID(),
        failure_reason: null,
        created_at: at,
        updated_at: at,
        paid_at: at,
        failed_at: null,
        quote_id: null,
        lead_id: id,
        kind: "deposit",
      })
      .execute();
    const lead = await h.browser.page<{
      lead: Lead;
      payments: { id: string; amount_cents: number; kind: string }[];
    }>(`/studio/leads/${id}`, "studio/lead");
    expect(lead.lead).toMatchObject({ ref: "demo-bakery", page: "/contact" });
    expect(lead.payments).toMatchObject([{ id: paymentId, amount_cents: 45_000, kind: "deposit" }]);

    const exported = (await (await h.browser.request(`/api/studio/leads/${id}/export.json`)).json()) as {
      inquiry: Record<string, unknown>;
      payments: unknown[];
    };
    expect(exported.inquiry).toMatchObject({
      ref: "demo-bakery",
      page: "/contact",
      utm_source: "newsletter",
      privacy_notice_version: privacyNotice.version,
    });
    expect(exported.payments).toMatchObject([{ package: "pro", amount_cents: 45_000, status: "paid" }]);

    expect((await h.browser.deleteLead(id)).status).toBe(302);
    const payment = await h.database.db
      .selectFrom("payments")
      .selectAll()
      .where("id", "=", paymentId)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ lead_id: null, amount_cents: 45_000, status: "paid" });
    expect(
      await h.database.db.selectFrom("leads").select("id").where("ref", "=", "demo-bakery").execute(),
    ).toEqual([]);
  });
});
