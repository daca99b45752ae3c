import { z } from "~/lib/zod";
import type { Province } from "~/shared/taxes";

import type { AppDatabase } from "../../db/database.server";
import { TOKEN_PATTERN } from "../../quotes/checkout-context.server";
import type { CarePlans } from "./plans.server";
import type { createPlanSubscribe, SubscribeResult } from "./subscribe.server";

/** A quote's care plan can be added or changed until the client accepts the quote. */
const CHANGEABLE = ["draft", "sent", "viewed"] as const;

const quotePlanFormSchema = z.object({
  quoteId: z.string().uuid("Choose a quote."),
  // Empty: take the plan off the quote.
  carePlan: z.string().trim().max(40),
});

type QuotePlanDeps = {
  database: AppDatabase;
  plans: CarePlans;
  checkout: ReturnType<typeof createPlanSubscribe>["openCheckout"];
  now?: () => number;
};

/** The studio's side: the plan of each quote, set until the client accepts. */
function quotePlanSettings(deps: QuotePlanDeps) {
  const { database, plans } = deps;
  const { db } = database;
  const now = deps.now ?? Date.now;

  /** The studio sets (or clears) the plan of one of this lead's quotes not yet accepted. */
  async function setOnQuote(leadId: string, form: unknown, actor: string) {
    const parsed = quotePlanFormSchema.safeParse(form);
    if (!parsed.success)
      return { ok: false as const, status: 400 as const, error: "Choose a quote and a plan." };
    const quote = await db
      .selectFrom("quotes")
      .select(["id", "status"])
      .where("id", "=", parsed.data.quoteId)
      .where("lead_id", "=", leadId)
      .executeTakeFirst();
    if (!quote) return { ok: false as const, status: 404 as const, error: "No such quote on this lead." };
    if (!(CHANGEABLE as readonly string[]).includes(quote.status))
      return {
        ok: false as const,
        status: 400 as const,
        error: "The client has accepted this quote: its care plan no longer changes.",
      };
    if (parsed.data.carePlan === "") {
      await db.deleteFrom("quote_care_plans").where("quote_id", "=", quote.id).execute();
      return { ok: true as const, plan: null };
    }
    const plan = await plans.find(parsed.data.carePlan);
    if (!plan || plan.retired)
      return { ok: false as const, status: 400 as const, error: "This plan is no longer sold." };
    const values = {
      plan_id: plan.id,
      plan_name: plan.name,
      price_cents: plan.priceCents,
      added_by: actor,
      added_at: new Date(now()).toISOString(),
    };
    await db
      .insertInto("quote_care_plans")
      .values({ quote_id: quote.id, ...values })
      .onConflict((oc) => oc.column("quote_id").doUpdateSet(values))
      .execute();
    return { ok: true as const, plan };
  }

  /** The plans on these quotes, by quote id (the lead's page). */
  async function ofQuotes(quoteIds: string[]) {
    if (quoteIds.length === 0) return {};
    const rows = await db
      .selectFrom("quote_care_plans")
      .selectAll()
      .where("quote_id", "in", quoteIds)
      .execute();
    return Object.fromEntries(
      rows.map((r) => [
        r.quote_id,
        { planId: r.plan_id, name: r.plan_name, priceCents: Number(r.price_cents) },
      ]),
    );
  }

  return { setOnQuote, ofQuotes };
}

/** The client's side: the quote page's line, and the start once the balance is paid. */
function quotePlanStart(deps: QuotePlanDeps) {
  const { db } = deps.database;

  /**
   * The quote, its plan and whether it has started: by the quote's token (the client's page,
   * never a draft), or by its id (the studio's preview of a draft).
   */
  async function quoteWithPlan(by: { token: string } | { quoteId: string }) {
    if ("token" in by && !TOKEN_PATTERN.test(by.token)) return undefined;
    const row = await db
      .selectFrom("quotes as q")
      .innerJoin("quote_care_plans as c", "c.quote_id", "q.id")
      .innerJoin("leads as l", "l.id", "q.lead_id")
      .select([
        "q.id as quoteId",
        "q.status",
        "q.lead_id as leadId",
        "q.tax_province as province",
        "l.email",
        "c.plan_id as planId",
        "c.plan_name as name",
        "c.price_cents as priceCents",
      ])
      .$if("token" in by, (q) =>
        q.where("q.token", "=", (by as { token: string }).token).where("q.status", "!=", "draft"),
      )
      .$if("quoteId" in by, (q) => q.where("q.id", "=", (by as { quoteId: string }).quoteId))
      .executeTakeFirst();
    if (!row) return undefined;
    const running = await db
      .selectFrom("plan_subscriptions")
      .select("id")
      .where("quote_id", "=", row.quoteId)
      .where("status", "in", ["active", "past_due", "incomplete"])
      .executeTakeFirst();
    return { ...row, priceCents: Number(row.priceCents), started: Boolean(running) };
  }
  const byToken = (token: string) => quoteWithPlan({ token });

  /** The quote page's line: "then $X/month", and whether the client can start it now. */
  function pageLine(q: NonNullable<Awaited<ReturnType<typeof quoteWithPlan>>>) {
    const state = q.started ? "started" : q.status === "paid" ? "startable" : "later";
    return { name: q.name, priceCents: q.priceCents, state } as const;
  }

  /** For the quote page: "then $X/month", and whether the client can start it now. */
  async function ofQuotePage(token: string) {
    const q = await byToken(token);
    return q ? pageLine(q) : null;
  }

  /** For the studio's "Preview as the client" of a draft: the same line the client's page will show. */
  async function ofQuotePreview(quoteId: string) {
    const q = await quoteWithPlan({ quoteId });
    return q ? pageLine(q) : null;
  }

  /** The client starts the quote's plan once its balance is paid: the subscription checkout. */
  async function start(token: string, client: { clientIp: string }): Promise<SubscribeResult> {
    const q = await byToken(token);
    if (!q) return { ok: false, status: 404, error: "This quote has no care plan." };
    if (q.status !== "paid")
      return { ok: false, status: 400, error: "The care plan starts once the quote's balance is paid." };
    if (q.started) return { ok: false, status: 400, error: "This care plan has already started." };
    return deps.checkout(
      { id: q.planId, name: q.name, priceCents: q.priceCents, province: q.province as Province },
      client,
      { quoteId: q.quoteId, leadId: q.leadId, email: q.email, returnPath: `/quote/${token}` },
    );
  }

  return { ofQuotePage, ofQuotePreview, start };
}

/**
 * A care plan on a quote (issue 42): the studio adds a plan to a quote as a recurring line
 * that starts when the balance is paid. The quote page and the client's portal say "then
 * $X/month"; once the quote is paid in full, its page offers "Start the care plan", which
 * opens the same subscription checkout as /pricing (Stripe Checkout in subscription mode, the
 * quote's province deciding GST, PST or HST) at the price the quote states, on the quote's
 * lead, with the lead's email given to Checkout. Started once: a second start while one is
 * running is refused.
 */
export function createQuotePlans(deps: QuotePlanDeps) {
  return { ...quotePlanSettings(deps), ...quotePlanStart(deps) };
}

export type QuotePlans = ReturnType<typeof createQuotePlans>;
