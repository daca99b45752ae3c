import { formatSiteDate } from "~/lib/site-time";

import {
  cad,
  LIST_LIMIT,
  type AttentionContext,
  type AttentionItem,
} from "../../leads/attention-context.server";

/**
 * Care plans whose renewal Stripe could not charge (past due): each on its lead, with the
 * amount and since when. Stripe's retries run meanwhile; a paid retry or the plan's end
 * takes it off the list.
 */
export async function plansPastDue(ctx: AttentionContext): Promise<AttentionItem[]> {
  return [...(await pastDue(ctx)), ...(await plansTwice(ctx))];
}

async function pastDue(ctx: AttentionContext): Promise<AttentionItem[]> {
  const { db, name } = ctx;
  const rows = await db
    .selectFrom("plan_subscriptions as s")
    .innerJoin("leads", "leads.id", "s.lead_id")
    .innerJoin("care_plans as p", "p.id", "s.plan_id")
    .leftJoin("plan_renewals as r", (j) =>
      j.onRef("r.subscription_id", "=", "s.id").on("r.status", "=", "failed"),
    )
    .select(["s.id", "s.lead_id", "p.name as plan", "leads.first_name", "leads.last_name"])
    .select((eb) => [eb.fn.max("r.amount_cents").as("amount"), eb.fn.min("r.created_at").as("since")])
    .where("s.status", "=", "past_due")
    .groupBy(["s.id", "s.lead_id", "p.name", "leads.first_name", "leads.last_name"])
    .orderBy("s.updated_at", "asc")
    .limit(LIST_LIMIT)
    .execute();
  return rows.map((r) => ({
    key: r.id,
    leadId: r.lead_id!,
    name: name(r),
    urgent: true,
    detail: `${r.plan}: ${r.amount === null ? "renewal" : cad(Number(r.amount))} not paid${r.since ? ` since ${formatSiteDate(String(r.since))}` : ""}; Stripe retries the card`,
  }));
}

/**
 * One client billed twice for one plan (two checkouts finished in two tabs: Stripe makes two
 * subscriptions): the later one is listed, for the studio to cancel and refund in Stripe.
 */
async function plansTwice(ctx: AttentionContext): Promise<AttentionItem[]> {
  const { db, name } = ctx;
  const rows = await db
    .selectFrom("plan_subscriptions as s")
    .innerJoin("plan_subscriptions as first", (j) =>
      j
        .onRef("first.plan_id", "=", "s.plan_id")
        // The earlier one stays; same instant: the smaller id does.
        .on((eb) =>
          eb.or([
            eb("first.created_at", "<", eb.ref("s.created_at")),
            eb.and([
              eb("first.created_at", "=", eb.ref("s.created_at")),
              eb("first.id", "<", eb.ref("s.id")),
            ]),
          ]),
        )
        .on((eb) => eb(eb.fn("lower", ["first.email"]), "=", eb.fn("lower", ["s.email"]))),
    )
    .innerJoin("leads", "leads.id", "s.lead_id")
    .innerJoin("care_plans as p", "p.id", "s.plan_id")
    .select(["s.id", "s.lead_id", "p.name as plan", "leads.first_name", "leads.last_name"])
    .where("s.status", "in", ["active", "past_due"])
    .where("first.status", "in", ["active", "past_due"])
    .groupBy(["s.id", "s.lead_id", "p.name", "leads.first_name", "leads.last_name"])
    .limit(LIST_LIMIT)
    .execute();
  return rows.map((r) => ({
    key: `${r.id}-twice`,
    leadId: r.lead_id!,
    name: name(r),
    urgent: true,
    detail: `${r.plan} subscribed twice by the same address: cancel and refund this one in Stripe`,
  }));
}
