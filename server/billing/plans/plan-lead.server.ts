import { randomUUID } from "node:crypto";

import type { Executor } from "../../db/database.server";
import { insertLead } from "../../leads/insert.server";

/**
 * The lead a care plan bought from /pricing stands on, so the studio finds the plan on a
 * lead's page and on "Needs attention". The first event that brings the client's address
 * (the checkout's completion or its first invoice, whichever Stripe delivers first) creates
 * it, Won, page /pricing. Always a new lead: an address typed at Stripe's checkout proves
 * nothing about who owns a lead already here, so nothing is joined to one by its email.
 * The row's lock (PostgreSQL) or the write lock (SQLite) lets only one racing event create it.
 */
export async function ensurePlanLead(
  trx: Executor,
  subscriptionId: string,
  who: { email: string | null | undefined; name: string | null | undefined },
  at: number,
) {
  const email = who.email?.trim();
  if (!email) return;
  // The address Stripe bills is where the plan's emails go, whichever event brought it first.
  for (const [column, value] of [
    ["email", email.slice(0, 254)],
    ["name", who.name?.trim().slice(0, 200) || null],
  ] as const)
    if (value)
      await trx
        .updateTable("plan_subscriptions")
        .set({ [column]: value })
        .where("id", "=", subscriptionId)
        .where(column, "is", null)
        .execute();
  const leadId = randomUUID();
  const claimed = await trx
    .updateTable("plan_subscriptions")
    .set({ lead_id: leadId })
    .where("id", "=", subscriptionId)
    .where("lead_id", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return;
  const name = (who.name ?? "").trim().slice(0, 100);
  const space = name.indexOf(" ");
  const plan = await trx
    .selectFrom("plan_subscriptions as s")
    .innerJoin("care_plans as p", "p.id", "s.plan_id")
    .select("p.name")
    .where("s.id", "=", subscriptionId)
    .executeTakeFirstOrThrow();
  await insertLead(trx, {
    id: leadId,
    first_name: space > 0 ? name.slice(0, space) : name || email.slice(0, email.indexOf("@")),
    last_name: space > 0 ? name.slice(space + 1) : "",
    email: email.slice(0, 254),
    phone: null,
    company: null,
    project_type: "maintenance",
    budget: null,
    timeline: null,
    message: `Subscribed to ${plan.name} from the pricing page.`,
    source: "form",
    created_at: new Date(at).toISOString(),
    status: "won",
    page: "/pricing",
  });
}
