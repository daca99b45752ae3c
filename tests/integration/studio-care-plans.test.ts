import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";

import { siteDay } from "../../app/lib/site-time";
import type { AttentionItem } from "../../server/leads/attention-context.server";
import { testDatabaseKind } from "../helpers/databases";
import { dealRows } from "../helpers/deals";
import { builtSite } from "../helpers/site";
import { loaderData, signedInStudioSuite, SITE, STUDIO_EMAIL, type SignedInStudio } from "../helpers/studio";

/**
 * A lead's care plans in the built back office: the home's "Care plans not paid", the lead's
 * page listing the plan and its forms reaching the plan actions (a plan the sandbox did not
 * make, as from a Stripe account, is refused with the reason, and nothing changes); the Plans
 * view with hours logged; the plans kept on the settings page, each change recorded.
 */
describe(`studio care plans on ${testDatabaseKind}`, () => {
  const suite = signedInStudioSuite();
  let h: SignedInStudio;
  beforeEach(() => ({ h } = suite));

  it("shows a past-due plan on the home and the lead's page, and refuses a plan action without Stripe or on another lead", async () => {
    const t = h.clock.now;
    const { lead } = dealRows(h.database, { now: t });
    const leadId = await lead({ lastName: "Plan", status: "won" });
    const other = await lead({ lastName: "Other" });
    const at = new Date(t).toISOString();
    await h.database.db
      .insertInto("plan_subscriptions")
      .values({
        id: crypto.randomUUID(),
        plan_id: "growth",
        province: "BC",
        price_cents: 12_500,
        lead_id: leadId,
        stripe_subscription_id: "sub_test_1",
        stripe_customer_id: "cus_test_1",
        email: "plan@example.com",
        status: "past_due",
        cancel_at_period_end: 0,
        current_period_end: new Date(t + 20 * 86_400_000).toISOString(),
        stripe_event_at: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const sub = await h.database.db.selectFrom("plan_subscriptions").select("id").executeTakeFirstOrThrow();

    const home = await h.browser.page<{ groups: { id: string; items: AttentionItem[] }[] }>(
      "/studio",
      "studio/home",
    );
    expect(home.groups.find((g) => g.id === "plans-past-due")?.items).toEqual([
      expect.objectContaining({ key: sub.id, leadId, urgent: true }),
    ]);

    const page = await h.browser.page<{ plans: { id: string; planName: string; status: string }[] }>(
      `/studio/leads/${leadId}`,
      "studio/lead",
    );
    expect(page.plans).toEqual([
      expect.objectContaining({ id: sub.id, planName: "Growth Care", status: "past_due" }),
    ]);

    const refused = await h.browser.leadAction(leadId, { intent: "plan-cancel", subscriptionId: sub.id });
    expect(refused.status).toBe(503);
    expect(await refused.text()).toContain("Stripe is not configured here.");
    const elsewhere = await h.browser.leadAction(other, { intent: "plan-cancel", subscriptionId: sub.id });
    expect(elsewhere.status).toBe(404);
    const row = await h.database.db.selectFrom("plan_subscriptions").selectAll().executeTakeFirstOrThrow();
    expect(Number(row.cancel_at_period_end)).toBe(0);
  });

  const post = async (path: string, form: Record<string, string>) => {
    const res = await h.browser.request(`${SITE}${path}.data`, { method: "POST", form });
    const routes = await loaderData(res);
    return {
      status: res.status,
      data: (routes.data ?? Object.values(routes)[0]?.data) as {
        error?: string;
        done?: string;
        fieldErrors?: Record<string, string>;
      },
    };
  };

  it("the Plans view lists each plan with its state, next renewal and hours used; the studio logs work, bad input refused beside the field", async () => {
    const { id } = await sandboxPlan(h, "hours@example.com");
    type Plans = {
      plans: {
        id: string;
        status: string;
        usedMinutes: number;
        changeHours: number;
        currentPeriodEnd: string;
      }[];
    };
    const before = await h.browser.page<Plans>("/studio/plans", "studio/plans");
    expect(before.plans.find((p) => p.id === id)).toMatchObject({
      status: "active",
      usedMinutes: 0,
      changeHours: 1,
    });
    // The studio's day, Vancouver's: from 4 pm there the UTC date is already tomorrow's.
    const today = siteDay(h.clock.now);
    const bad = await post("/studio/plans", {
      intent: "log-hours",
      subscriptionId: id,
      workedOn: today,
      hours: "lots",
    });
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors?.hours).toBe("Enter the hours, such as 1.5.");
    const future = await post("/studio/plans", {
      intent: "log-hours",
      subscriptionId: id,
      workedOn: "2999-01-01",
      hours: "1",
    });
    expect(future.data.fieldErrors?.workedOn).toBe("Enter a day that has passed, or today.");
    const ok = await post("/studio/plans", {
      intent: "log-hours",
      subscriptionId: id,
      workedOn: today,
      hours: "1.5",
      note: "New banner",
    });
    expect(ok.status).toBe(200);
    expect(ok.data.done).toContain("1.5 h logged");
    const after = await h.browser.page<Plans>("/studio/plans?state=active", "studio/plans");
    expect(after.plans.find((p) => p.id === id)).toMatchObject({ usedMinutes: 90 });
    expect(
      (await h.browser.page<Plans>("/studio/plans?state=past_due", "studio/plans")).plans.some(
        (p) => p.id === id,
      ),
    ).toBe(false);
  });

  it("the plans are kept on the settings page: a change is validated beside its field, recorded, and charged by the next checkout", async () => {
    const bad = await post("/studio/settings/plans", {
      intent: "save",
      id: "growth",
      name: "Growth Care",
      price: "free",
      included: "Hosting",
      hours: "3",
    });
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors?.price).toBe("Enter a monthly price in CAD from 1.00 to 10000.00.");
    const saved = await post("/studio/settings/plans", {
      intent: "save",
      id: "growth",
      name: "Growth Care",
      price: "135.00",
      included: "Hosting\nBackups",
      hours: "4",
    });
    expect(saved.status).toBe(200);
    const change = await h.database.db
      .selectFrom("settings_changes")
      .selectAll()
      .where("key", "=", "care-plan:growth")
      .executeTakeFirstOrThrow();
    expect(change.actor).toBe(STUDIO_EMAIL);
    expect(JSON.parse(change.before!)).toMatchObject({ priceCents: 12_500 });
    expect(JSON.parse(change.after)).toMatchObject({ priceCents: 13_500, changeHours: 4 });
    type Kept = { plans: { id: string; priceCents: number; retired: boolean }[] };
    expect(
      (await h.browser.page<Kept>("/studio/settings/plans", "studio/plan-settings")).plans.find(
        (p) => p.id === "growth",
      ),
    ).toMatchObject({ priceCents: 13_500 });
    const { id } = await sandboxPlan(h, "newprice@example.com");
    expect(
      Number(
        (
          await h.database.db
            .selectFrom("plan_subscriptions")
            .select("price_cents")
            .where("id", "=", id)
            .executeTakeFirstOrThrow()
        ).price_cents,
      ),
    ).toBe(13_500);
    const added = await post("/studio/settings/plans", {
      intent: "save",
      name: "Launch Care",
      price: "80",
      included: "Hosting",
      hours: "1",
    });
    expect(added.status).toBe(200);
    expect((await h.browser.page<Kept>("/studio/settings/plans", "studio/plan-settings")).plans).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: "launch-care", priceCents: 8_000 })]),
    );
    expect((await post("/studio/settings/plans", { intent: "retire", id: "launch-care" })).status).toBe(200);
    const retired = await h.browser.request(`${SITE}/api/care-plans/subscribe`, {
      method: "POST",
      form: { plan: "launch-care", province: "BC" },
    });
    expect(retired.status).toBe(404);
  });
});

describe(`a care plan on a quote, built site, ${testDatabaseKind}`, () => {
  const suite = signedInStudioSuite();
  let h: SignedInStudio;
  beforeEach(() => ({ h } = suite));

  it("the studio adds a plan to a quote from the lead's page; the quote page says then $X/month and starts it once paid", async () => {
    const { lead, quote } = dealRows(h.database, { now: h.clock.now });
    const leadId = await lead({ lastName: "Quoted", email: "quoted-site@example.com" });
    const token = randomBytes(32).toString("base64url");
    const quoteId = await quote(leadId, { token });
    const added = await h.browser.leadAction(leadId, { intent: "quote-plan", quoteId, carePlan: "partner" });
    expect(added.status).toBe(200);
    type LeadPage = { quotePlans: { onQuotes: Record<string, { name: string; priceCents: number }> } };
    const page = await h.browser.page<LeadPage>(`/studio/leads/${leadId}`, "studio/lead");
    expect(page.quotePlans.onQuotes[quoteId]).toMatchObject({ name: "Partner Care", priceCents: 30_000 });
    // The page's text, without React's markers between the pieces of a sentence.
    const quotePage = async () =>
      (await (await h.browser.request(`${SITE}/quote/${token}`)).text()).replaceAll("<!-- -->", "");
    const html = await quotePage();
    expect(html).toContain("then $300.00/month");
    expect(html).not.toContain("Start the Partner Care care plan");
    await h.database.db.updateTable("quotes").set({ status: "paid" }).where("id", "=", quoteId).execute();
    expect(await quotePage()).toContain("Start the Partner Care care plan");
    const start = await h.browser.request(`${SITE}/quote/${token}`, {
      method: "POST",
      form: { intent: "start-plan" },
    });
    expect(start.status).toBe(303);
    expect(start.headers.get("location")).toMatch(/\/billing\/sandbox\/checkout\/sbx_cs_/);
    // Paid: the studio can no longer change it.
    const refused = await h.browser.leadAction(leadId, { intent: "quote-plan", quoteId, carePlan: "" });
    expect(refused.status).toBe(400);
  });
});

describe(`a care plan on a quote previewed as the client, built site, ${testDatabaseKind}`, () => {
  const suite = signedInStudioSuite({}, async () => ({ site: await builtSite() }));
  let h: SignedInStudio;
  beforeEach(() => ({ h } = suite));

  it("the preview of a draft shows its care plan row exactly as the client's page shows it once sent", async () => {
    const { lead, quote } = dealRows(h.database, { now: h.clock.now });
    const leadId = await lead({ lastName: "Previewed", email: "previewed@example.com" });
    const token = randomBytes(32).toString("base64url");
    const quoteId = await quote(leadId, { token });
    await h.database.db.updateTable("quotes").set({ status: "draft" }).where("id", "=", quoteId).execute();
    const added = await h.browser.leadAction(leadId, { intent: "quote-plan", quoteId, carePlan: "growth" });
    expect(added.status).toBe(200);
    const planRow = async (path: string) => {
      const res = await h.browser.request(`${SITE}${path}`);
      expect(res.status).toBe(200);
      const html = (await res.text()).replaceAll("<!-- -->", "");
      return /<tr data-testid="quote-care-plan">.*?<\/tr>/s.exec(html)?.[0];
    };
    const previewed = await planRow(`/studio/leads/${leadId}/quotes/${quoteId}/preview`);
    expect(previewed).toContain("Growth Care care plan, from when the balance is paid, plus tax");
    expect(previewed).toContain("then $125.00/month");
    // Sent as it is: the client's page shows the very same row.
    await h.database.db.updateTable("quotes").set({ status: "sent" }).where("id", "=", quoteId).execute();
    expect(await planRow(`/quote/${token}`)).toBe(previewed);
  });
});

/** A plan bought through the sandbox's checkout, as a visitor does from /pricing: our subscription's id. */
async function sandboxPlan(h: SignedInStudio, email: string) {
  const opened = await h.browser.request(`${SITE}/api/care-plans/subscribe`, {
    method: "POST",
    form: { plan: "growth", province: "BC" },
  });
  expect(opened.status).toBe(303);
  const path = new URL(opened.headers.get("location")!).pathname;
  expect(
    (await h.browser.request(`${SITE}${path}`, { method: "POST", form: { email, name: "Pat Client" } }))
      .status,
  ).toBe(200);
  const row = await h.database.db
    .selectFrom("plan_subscriptions")
    .select("id")
    .where("checkout_session_id", "=", path.split("/").at(-1)!)
    .executeTakeFirstOrThrow();
  return row;
}
