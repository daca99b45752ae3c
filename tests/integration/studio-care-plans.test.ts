import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { AttentionItem } from "../../server/leads/attention-context.server";
import { testDatabaseKind } from "../helpers/databases";
import { dealRows } from "../helpers/deals";
import { builtSite } from "../helpers/site";
import { signedInStudio, type SignedInStudio } from "../helpers/studio";

/**
 * A lead's care plans in the built back office: the home's "Care plans not paid", the lead's
 * page listing the plan and its forms reaching the plan actions (without Stripe here, the
 * cancellation is refused with the reason, and nothing changes).
 */
describe(`studio care plans on ${testDatabaseKind}`, () => {
  let h: SignedInStudio;
  beforeAll(async () => {
    h = await signedInStudio(
      { LOG_LEVEL: "silent", PAYMENTS_PROVIDER: "sandbox" },
      { site: await builtSite() },
    );
  });
  afterAll(async () => {
    await h?.dispose();
  });

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
});
