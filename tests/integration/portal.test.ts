import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import routeTable from "~/routes";

import { LINK_SENT } from "../../app/content/portal";
import { CLIENT_VERIFY_PATH } from "../../server/auth/client-auth.server";
import { testDatabaseKind } from "../helpers/databases";
import { dealRows } from "../helpers/deals";
import { randomIp } from "../helpers/inquiries";
import { PORTAL_SITE_URL as SITE_URL, startPortal, type Portal } from "../helpers/portal";

/**
 * The client portal (issue 39) against the built site: sign-in by an emailed link (single
 * use, 15 minutes, one answer for known and unknown emails), and the authorization matrix: every
 * portal page, data route and download of one client refused to another client and to an
 * anonymous visitor, enumerated from the router's table and the server's own routes.
 */

/** What a browser says of a post from the site itself (the in-process request has no real host to match an Origin). */
const ORIGIN = { "sec-fetch-site": "same-origin" };
type TableEntry = { path?: string; children?: TableEntry[] };

/** Every path of the route table under /portal (layouts' paths joined to their children's). */
function portalPagePaths(entries: TableEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    return entry.children?.length ? portalPagePaths(entry.children, path) : [path || "/"];
  });
}

describe(`the client portal (${testDatabaseKind})`, () => {
  let portal: Portal;
  let database: Portal["database"];
  let smtp: Portal["smtp"];
  let services: Portal["services"];
  let app: Portal["app"];

  beforeAll(async () => {
    portal = await startPortal();
    ({ database, smtp, services, app } = portal);
  });
  afterAll(async () => {
    await portal?.stop();
  });

  const drain = () => portal.drain();
  const newLead = (email: string) => portal.newLead(email);
  const askLink = (email: string, ip?: string) => portal.askLink(email, ip);
  const linkFor = (email: string) => portal.linkFor(email);
  const signIn = (email: string) => portal.signIn(email);

  /** A lead with a quote signed and its deposit paid: an agreement, an invoice and a receipt. */
  async function dealFor(email: string) {
    const leadId = await newLead(email);
    const created = await services.quotes.create(
      { inquiryId: leadId, packageType: "pro", amountCents: 200_000, depositPercent: 50 },
      "owner@studio.example",
    );
    if (!created.ok) throw new Error(created.error);
    const quote = created.value.quote;
    expect((await services.quotes.send(quote.id, "owner@studio.example")).ok).toBe(true);
    const paid = await services.quoteCheckout.pay(
      quote.token,
      { clientIp: randomIp() },
      { legalName: "Ada Lovelace", agree: "on" },
    );
    if (!paid.ok) throw new Error(paid.error);
    const payment = await database.db
      .selectFrom("payments")
      .select("provider_session_id")
      .where("quote_id", "=", quote.id)
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow();
    await services.payments.service.fulfil(payment.provider_session_id!, { status: "paid" }, "test");
    const bookingId = randomUUID();
    const at = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await database.db
      .insertInto("bookings")
      .values({
        id: bookingId,
        lead_id: leadId,
        starts_at: at,
        ends_at: new Date(Date.parse(at) + 30 * 60_000).toISOString(),
        status: "booked",
        time_zone: "America/Vancouver",
        topic: `Kickoff for ${email}`,
        company: null,
        manage_token_hash: randomUUID(),
        rescheduled_from: null,
        cancelled_at: null,
        cancelled_by: null,
        held_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return { leadId, quote, bookingId };
  }

  const get = (path: string, cookie?: string) =>
    app.request(path, { headers: cookie ? { cookie } : {}, redirect: "manual" });

  it("a link signs in once; used again, altered, expired or opened by two tabs at once, it gives one session or a clear refusal", async () => {
    const email = `link-${randomUUID().slice(0, 8)}@example.com`;
    await dealFor(email);
    expect((await askLink(email)).status).toBe(200);
    const link = await linkFor(email);
    // The link in the email is never stored: only its digest is.
    const token = new URL(link, SITE_URL).searchParams.get("token")!;
    const rows = await database.db
      .selectFrom("client_verifications")
      .select(["identifier", "value"])
      .execute();
    expect(rows.some((r) => r.identifier.includes(token) || r.value.includes(token))).toBe(false);

    // Two tabs at once: exactly one session.
    const [a, b] = await Promise.all([app.request(link), app.request(link)]);
    const sessions = [a, b].filter((r) =>
      /portal\.session_token=[^;]/.test(r.headers.getSetCookie().join(";")),
    );
    expect(sessions).toHaveLength(1);
    // Reused: refused, back to the sign-in page with a clear message.
    const again = await app.request(link);
    expect(again.headers.get("location")).toMatch(/\/portal\?error=/);
    expect(again.headers.getSetCookie().join(";")).not.toMatch(/portal\.session_token=[^;]/);
    const page = await get(
      new URL(again.headers.get("location")!).pathname + new URL(again.headers.get("location")!).search,
    );
    expect(await page.text()).toContain("expired or was already used");

    // A changed character: refused.
    expect((await askLink(email)).status).toBe(200);
    const fresh = await linkFor(email);
    const altered = fresh.replace(/token=(.)/, (_m, c: string) => `token=${c === "a" ? "b" : "a"}`);
    const refused = await app.request(altered);
    expect(refused.headers.get("location")).toMatch(/error=/);
    // Expired after 15 minutes: refused (the row's expiry moved to the past, as the clock would).
    await database.db
      .updateTable("client_verifications")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() as never })
      .execute();
    const late = await app.request(fresh);
    expect(late.headers.get("location")).toMatch(/error=/);
  });

  it("a link for one email never signs in another: the session is the email the link was sent to", async () => {
    const one = `one-${randomUUID().slice(0, 8)}@example.com`;
    const two = `two-${randomUUID().slice(0, 8)}@example.com`;
    await newLead(one);
    await newLead(two);
    const cookie = await signIn(one);
    const page = await (await get("/portal/data", cookie)).text();
    expect(page).toContain(one);
    expect(page).not.toContain(two);
  });

  it("the answer is the same page for a known and an unknown email, and only a known one gets a mail", async () => {
    const known = `known-${randomUUID().slice(0, 8)}@example.com`;
    const unknown = `unknown-${randomUUID().slice(0, 8)}@example.com`;
    await newLead(known);
    const strip = (html: string) => html.replace(/nonce="[^"]*"/g, "");
    const [a, b] = [await askLink(known), await askLink(unknown)];
    expect(a.status).toBe(b.status);
    const [ta, tb] = [strip(await a.text()), strip(await b.text())];
    expect(ta).toContain(LINK_SENT);
    expect(ta).toBe(tb);
    await drain();
    expect(smtp.messages.some((m) => m.to.includes(known))).toBe(true);
    expect(smtp.messages.some((m) => m.to.includes(unknown))).toBe(false);
  });

  it("limits links per email and per address", async () => {
    const email = `limit-${randomUUID().slice(0, 8)}@example.com`;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await askLink(email)).status);
    expect(answers).toEqual([200, 200, 200, 429]);
    const ip = randomIp();
    const fromOne = [];
    for (let i = 0; i < 11; i++)
      fromOne.push((await askLink(`x${i}-${randomUUID().slice(0, 6)}@example.com`, ip)).status);
    expect(fromOne.filter((s) => s === 429)).toHaveLength(1);
  });

  it("every portal page, data route and download of one client is refused to another client and to an anonymous visitor", async () => {
    const alice = `alice-${randomUUID().slice(0, 8)}@example.com`;
    const bob = `bob-${randomUUID().slice(0, 8)}@example.com`;
    const aliceDeal = await dealFor(alice);
    const bobDeal = await dealFor(bob);
    const aliceCookie = await signIn(alice);
    const bobCookie = await signIn(bob);

    const docsOf = (leadId: string) =>
      database.db
        .selectFrom("money_documents")
        .select(["id", "number"])
        .where("lead_id", "=", leadId)
        .execute();
    const aliceDocs = await docsOf(aliceDeal.leadId);
    // A care plan billed to Alice (as Stripe's events leave it): the Plans page's row.
    const alicePlan = randomUUID();
    const at = new Date().toISOString();
    await database.db
      .insertInto("plan_subscriptions")
      .values({
        id: alicePlan,
        plan_id: "growth",
        province: "BC",
        price_cents: 12_500,
        lead_id: aliceDeal.leadId,
        checkout_session_id: null,
        stripe_subscription_id: `sub_${alicePlan}`,
        stripe_customer_id: `cus_${alicePlan}`,
        email: alice,
        name: "Alice",
        status: "active",
        cancel_at_period_end: 0,
        current_period_end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        stripe_event_at: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const bobDocs = await docsOf(bobDeal.leadId);
    expect(aliceDocs.length).toBeGreaterThanOrEqual(2);

    // Every portal path: the router's pages and the server's own routes under /portal.
    const pages = portalPagePaths(routeTable as TableEntry[]).filter((p) => p.startsWith("/portal"));
    const hono = app.routes.map((r) => r.path).filter((p) => p.startsWith("/portal/") && !p.endsWith("*"));
    expect(pages).toEqual(
      expect.arrayContaining([
        "/portal",
        "/portal/documents",
        "/portal/calls",
        "/portal/plans",
        "/portal/data",
      ]),
    );
    const fill = (path: string, deal: typeof aliceDeal, docId: string) =>
      path.replace(":id", docId).replace(":quoteId", deal.quote.id);
    // Each page and its React Router data request; each server route (downloads, the export).
    const dataOf = (p: string) => (p === "/portal" ? "/portal.data" : `${p}.data`);
    const aliceAll = [...new Set([...pages, ...pages.map(dataOf), ...hono])].map((p) =>
      fill(p, aliceDeal, aliceDocs[0]!.id),
    );
    expect(aliceAll).toEqual(
      expect.arrayContaining([
        `/portal/documents/${aliceDocs[0]!.id}`,
        `/portal/agreements/${aliceDeal.quote.id}`,
      ]),
    );

    const aliceMarks = [
      alice,
      aliceDeal.quote.token,
      ...aliceDocs.map((d) => d.number),
      `Kickoff for ${alice}`,
      alicePlan,
    ];
    let reads = 0;
    for (const path of aliceAll) {
      for (const target of [path]) {
        // Alice herself reads it.
        const own = await get(target, aliceCookie);
        expect(own.status, target).toBeLessThan(400);
        // Bob and an anonymous visitor get none of Alice's.
        for (const cookie of [bobCookie, undefined]) {
          const res = await get(target, cookie);
          const body = res.headers.get("content-type")?.includes("pdf") ? "%PDF" : await res.text();
          expect(body.startsWith("%PDF"), `${target} as ${cookie ? "bob" : "anonymous"}`).toBe(false);
          for (const mark of aliceMarks) expect(body, `${target} leaks ${mark}`).not.toContain(mark);
          reads++;
        }
      }
    }
    // Bob's own documents download for Bob only.
    const bobPdf = await get(`/portal/documents/${bobDocs[0]!.id}`, bobCookie);
    expect(bobPdf.headers.get("content-type")).toContain("application/pdf");
    expect((await get(`/portal/documents/${bobDocs[0]!.id}`, aliceCookie)).status).toBe(404);
    expect(reads).toBeGreaterThan(10);
  });

  it("lists exactly the documents issued to the client's leads, newest first", async () => {
    const email = `count-${randomUUID().slice(0, 8)}@example.com`;
    const first = await dealFor(email);
    const second = await dealFor(email.toUpperCase());
    await dealFor(`other-${randomUUID().slice(0, 8)}@example.com`);
    const cookie = await signIn(email);
    const issued = await database.db
      .selectFrom("money_documents")
      .select("number")
      .where("lead_id", "in", [first.leadId, second.leadId])
      .execute();
    const agreements = await database.db
      .selectFrom("agreements")
      .select("quote_id")
      .where("lead_id", "in", [first.leadId, second.leadId])
      .execute();
    const html = await (await get("/portal/documents", cookie)).text();
    const listed = [...html.matchAll(/href="(\/portal\/(?:documents|agreements)\/[^"]+)"/g)].map((m) => m[1]);
    expect(listed).toHaveLength(issued.length + agreements.length);
    for (const d of issued) expect(html).toContain(d.number);
  });

  it("a call booked from a signed-in session is the client's (verified), on their lead, and shows in their calls", async () => {
    const email = `booker-${randomUUID().slice(0, 8)}@example.com`;
    const leadId = await newLead(email);
    const cookie = await signIn(email);
    const page = await (await app.request("/book?tz=America/Vancouver")).text();
    const slot = /name="slot" value="([^"]+)"/.exec(page)?.[1];
    expect(slot).toBeDefined();
    const res = await app.request(`${SITE_URL}/book`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: SITE_URL,
        "x-forwarded-for": randomIp(),
        cookie,
      },
      // The name and email typed are not what identifies a signed-in client.
      body: new URLSearchParams({
        name: "Typed Name",
        email: "typed@example.com",
        topic: "Portal call",
        slot: slot!,
        tz: "America/Vancouver",
        botcheck: "",
        elapsedMs: "5000",
      }).toString(),
    });
    expect(res.status).toBe(303);
    const booked = await database.db
      .selectFrom("bookings")
      .select(["lead_id", "identity", "email"])
      .where("topic", "=", "Portal call")
      .executeTakeFirstOrThrow();
    expect(booked).toEqual({ lead_id: leadId, identity: "client", email });
    const calls = await (await get("/portal/calls", cookie)).text();
    expect(calls).toContain("Portal call");
    expect(calls).toMatch(/href="\/book\/manage\/[A-Za-z0-9_-]{43}"/);
  });

  it("their data: the export holds the client's leads only, and asking for deletion notes it on each lead for the studio", async () => {
    const email = `data-${randomUUID().slice(0, 8)}@example.com`;
    const { leadId } = await dealFor(email);
    const other = await newLead(`else-${randomUUID().slice(0, 8)}@example.com`);
    const cookie = await signIn(email);
    const res = await get("/portal/data/export.json", cookie);
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const data = (await res.json()) as { leads: { inquiry: { id: string; email: string } }[] };
    expect(data.leads.map((l) => l.inquiry.id)).toEqual([leadId]);
    expect(JSON.stringify(data)).not.toContain(other);

    const unconfirmed = await app.request("/portal/data", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...ORIGIN },
      body: "",
    });
    expect(await unconfirmed.text()).toContain("Tick the box to confirm.");
    const asked = await app.request("/portal/data", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...ORIGIN },
      body: "confirm=yes",
    });
    expect(await asked.text()).toContain("We have your request");
    const notes = await database.db
      .selectFrom("lead_activity")
      .select(["lead_id", "actor_email", "body"])
      .where("kind", "=", "note")
      .where("actor_email", "=", "client")
      .where("lead_id", "in", [leadId, other])
      .execute();
    expect(notes).toEqual([
      { lead_id: leadId, actor_email: "client", body: expect.stringContaining("deleted") as string },
    ]);
    // A cross-site post is refused before it reaches the page.
    const forged = await app.request("/portal/data", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie,
        origin: "https://evil.example",
      },
      body: "confirm=yes",
    });
    expect(forged.status).toBe(403);
  });

  it("a client session never opens the studio or its API", async () => {
    const email = `studio-${randomUUID().slice(0, 8)}@example.com`;
    await newLead(email);
    const cookie = await signIn(email);
    const page = await get("/studio", cookie);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/studio/login");
    expect((await get("/api/studio/leads.csv", cookie)).status).toBe(401);
  });

  it("the link path is the one better-auth endpoint reachable for clients", async () => {
    expect(CLIENT_VERIFY_PATH).toBe("/api/portal/auth/magic-link/verify");
    const res = await app.request("/api/portal/auth/sign-in/magic-link", {
      method: "POST",
      headers: { "content-type": "application/json", ...ORIGIN },
      body: JSON.stringify({ email: "x@example.com" }),
    });
    expect(res.status).toBe(404);
  });
  it("takes as long for a known email as for an unknown one: the difference of medians is within the noise of 100 tries each", async () => {
    const rows = dealRows(database, { now: Date.now() });
    const run = randomUUID().slice(0, 6);
    const known = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        rows.lead({ email: `timing-${run}-${i}@example.com` }).then(() => `timing-${run}-${i}@example.com`),
      ),
    );
    const unknown = known.map((_, i) => `nobody-${run}-${i}@example.com`);
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await askLink(email);
      await res.text();
      expect(res.status).toBe(200);
      return performance.now() - started;
    };
    // Interleaved, so a slow moment of the machine falls on both alike.
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < 100; i++) {
      a.push(await timed(known[i]!));
      b.push(await timed(unknown[i]!));
    }
    const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
    const quantile = (xs: number[], q: number) => sorted(xs)[Math.floor(q * (xs.length - 1))]!;
    const iqr = (xs: number[]) => quantile(xs, 0.75) - quantile(xs, 0.25);
    const gap = Math.abs(quantile(a, 0.5) - quantile(b, 0.5));
    expect(gap).toBeLessThan(Math.max(iqr(a), iqr(b)));
  });
});
