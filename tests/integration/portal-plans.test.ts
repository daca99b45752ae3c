import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { postSignedEvent, startFakeStripeApi, type FakeStripeApi } from "../fakes/stripe-api";
import { testDatabaseKind } from "../helpers/databases";
import { dealRows } from "../helpers/deals";
import { randomIp } from "../helpers/inquiries";
import { capturingLogger } from "../helpers/logs";
import { PORTAL_SITE_URL as SITE_URL, startPortal, type Portal } from "../helpers/portal";

/**
 * The portal's Plans page (issues 39 and 42) against the built site, on Stripe's fake: each
 * client sees the care plans billed to the address they proved and no other, and "Manage billing"
 * opens Stripe's customer portal only for the plan's own client.
 */

const WEBHOOK_SECRET = "whsec_test_portal_plans";
const ORIGIN = { "sec-fetch-site": "same-origin" };

describe(`the portal's plans (${testDatabaseKind})`, () => {
  let stripe: FakeStripeApi;
  let portal: Portal;
  let database: Portal["database"];
  let app: Portal["app"];

  beforeAll(async () => {
    stripe = await startFakeStripeApi();
    portal = await startPortal({
      env: {
        PAYMENTS_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_portal_plans",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        GST_HST_NUMBER: "123456789 RT0001",
      },
      logger: capturingLogger("warn").logger,
      payments: { stripeApi: stripe.api },
    });
    ({ database, app } = portal);
  });
  afterAll(async () => {
    await portal?.stop();
    await stripe?.close();
  });

  /** A client: an enquiry from the address (so a sign-in link is sent), then the link followed. */
  async function signIn(email: string) {
    await portal.newLead(email);
    return portal.signIn(email);
  }

  /** A plan bought on /pricing and paid at Stripe by `email`; its events delivered: our subscription's id. */
  async function planFor(email: string, plan: string) {
    const res = await app.request("/api/care-plans/subscribe", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: SITE_URL,
        "x-forwarded-for": randomIp(),
      },
      body: new URLSearchParams({ plan, province: "BC" }).toString(),
    });
    expect(res.status).toBe(303);
    const sessionId = new URL(res.headers.get("location")!).pathname.split("/").at(-1)!;
    const paid = stripe.billing.completeCheckout(sessionId, { email, name: "Plan Client" });
    const now = Date.now();
    const events: [string, object][] = [
      ["checkout.session.completed", paid.session],
      ["invoice.paid", paid.invoice],
      ["customer.subscription.updated", paid.subscription],
    ];
    for (const [i, [type, object]] of events.entries()) {
      const delivered = await postSignedEvent(app, WEBHOOK_SECRET, {
        id: `evt_${crypto.randomUUID().slice(0, 18)}`,
        type,
        created: now + i * 1000,
        object: object as Record<string, unknown>,
      });
      expect(delivered.status).toBe(200);
    }
    return paid.session.metadata.plan_subscription_id!;
  }

  const page = (cookie?: string) =>
    app.request("/portal/plans", { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const manage = (cookie: string | undefined, subscriptionId: string) =>
    app.request("/portal/plans", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(cookie ? { cookie } : {}),
        ...ORIGIN,
      },
      body: new URLSearchParams({ subscriptionId }).toString(),
      redirect: "manual",
    });

  it("each client sees their own plans only, and Stripe's portal opens for a plan's own client alone", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const alice = `alice-plans-${run}@example.com`;
    const bob = `bob-plans-${run}@example.com`;
    const aliceGrowth = await planFor(alice, "growth");
    // The address Stripe's checkout took in other letters is still Alice's.
    const alicePartner = await planFor(alice.toUpperCase(), "partner");
    const bobEssential = await planFor(bob, "essential");
    const aliceCookie = await signIn(alice);
    const bobCookie = await signIn(bob);

    const plansOf = async (cookie: string) => {
      const res = await page(cookie);
      expect(res.status).toBe(200);
      const html = await res.text();
      return {
        html,
        ids: [...html.matchAll(/name="subscriptionId" value="([^"]+)"/g)].map((m) => m[1]).sort(),
      };
    };
    const a = await plansOf(aliceCookie);
    expect(a.ids).toEqual([aliceGrowth, alicePartner].sort());
    expect(a.html).toContain("Growth Care");
    expect(a.html).toContain("Partner Care");
    expect(a.html).toMatch(/\$125\.00 a month \+ tax · Active · Renews /);
    expect(a.html).not.toContain("Essential Care");
    const b = await plansOf(bobCookie);
    expect(b.ids).toEqual([bobEssential]);
    expect(b.html).not.toContain("Growth Care");
    expect(b.html).not.toContain(alice);
    // The page's data route as React Router reads it: the same scoping.
    const data = await (await app.request("/portal/plans.data", { headers: { cookie: bobCookie } })).text();
    expect(data).toContain(bobEssential);
    expect(data).not.toContain(aliceGrowth);

    // Alice's own plan: a redirect to a fresh Stripe portal session for her customer, back to the page.
    const sessions = stripe.billing.portalSessions.length;
    const own = await manage(aliceCookie, aliceGrowth);
    expect([302, 303]).toContain(own.status);
    expect(own.headers.get("location")).toMatch(/^https:\/\/billing\.stripe\.com\//);
    const opened = stripe.billing.portalSessions.at(-1)!;
    expect(opened.return_url).toBe(`${SITE_URL}/portal/plans`);
    expect(opened.customer).toBe(
      (
        await database.db
          .selectFrom("plan_subscriptions")
          .select("stripe_customer_id")
          .where("id", "=", aliceGrowth)
          .executeTakeFirstOrThrow()
      ).stripe_customer_id,
    );
    expect(stripe.billing.portalSessions.length).toBe(sessions + 1);

    // Bob asking for Alice's plan, an unknown id, a missing one, or nobody signed in: nothing opens.
    for (const [cookie, id] of [
      [bobCookie, aliceGrowth],
      [bobCookie, alicePartner],
      [aliceCookie, bobEssential],
      [aliceCookie, "no-such-plan"],
      [aliceCookie, ""],
      [undefined, aliceGrowth],
    ] as const) {
      const res = await manage(cookie, id);
      expect(res.headers.get("location") ?? "", `${id} by ${cookie ? "a client" : "nobody"}`).not.toMatch(
        /stripe\.com/,
      );
      if (cookie) {
        expect(res.status).toBe(404);
        expect(await res.text()).toContain("We could not open billing for this plan");
      }
    }
    expect(stripe.billing.portalSessions.length).toBe(sessions + 1);

    // A cross-site post is refused before it reaches the page.
    const forged = await app.request("/portal/plans", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: aliceCookie,
        origin: "https://evil.example",
      },
      body: new URLSearchParams({ subscriptionId: aliceGrowth }).toString(),
    });
    expect(forged.status).toBe(403);
    expect(stripe.billing.portalSessions.length).toBe(sessions + 1);
  });

  it("shows a plan cancelled at the period's end with its end date, and no plan at all plainly", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const carol = `carol-plans-${run}@example.com`;
    const id = await planFor(carol, "growth");
    await database.db
      .updateTable("plan_subscriptions")
      .set({ cancel_at_period_end: 1 })
      .where("id", "=", id)
      .execute();
    const html = await (await page(await signIn(carol))).text();
    expect(html).toMatch(/Active · Ends /);
    const dave = await signIn(`dave-plans-${run}@example.com`);
    expect(await (await page(dave)).text()).toContain("No care plan yet.");
    // Signed out: the sign-in page, not the plans.
    const anonymous = await page();
    expect(anonymous.status).toBe(302);
  });

  it("a quote with a care plan says on the client's projects: then $X/month once the balance is paid", async () => {
    const email = `quoted-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const cookie = await signIn(email);
    const lead = await database.db
      .selectFrom("leads")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const quoteId = await dealRows(database, { now: Date.now() }).quote(lead.id, {
      token: randomBytes(32).toString("base64url"),
    });
    await database.db
      .insertInto("quote_care_plans")
      .values({
        quote_id: quoteId,
        plan_id: "growth",
        plan_name: "Growth Care",
        price_cents: 12_500,
        added_by: "studio@example.com",
        added_at: new Date().toISOString(),
      })
      .execute();
    const page = await app.request("/portal", { headers: { cookie } });
    expect(page.status).toBe(200);
    expect((await page.text()).replaceAll("<!-- -->", "")).toContain(
      "Growth Care, then $125.00/month + tax once the balance is paid",
    );
  });
});
