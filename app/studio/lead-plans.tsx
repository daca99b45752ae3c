import { data, Form, Link, redirectDocument } from "react-router";

import { Button } from "~/components/ui/button";
import { formatCad } from "~/lib/money";
import { formatSiteDate } from "~/lib/site-time";
import { hoursText } from "~/shared/care-plan-form";

import type { StudioServices } from "../../server/services.server";
import { Section } from "./ui";

type LeadPlan = Awaited<ReturnType<StudioServices["carePlans"]["ofLead"]>>[number];

const PLAN_INTENTS = ["plan-cancel", "plan-resume", "plan-portal", "quote-plan"] as const;
type PlanIntent = (typeof PLAN_INTENTS)[number];
export const isPlanIntent = (i: unknown): i is PlanIntent => PLAN_INTENTS.includes(i as PlanIntent);

/** The lead page's care plan forms: cancel at the period's end, take it back, or Stripe's portal (plan, card). */
export async function planAction(
  studio: StudioServices & { user: { email: string } },
  leadId: string,
  intent: PlanIntent,
  form: Record<string, unknown>,
) {
  const plans = studio.carePlans;
  if (intent === "quote-plan") {
    const r = await plans.quotePlans.setOnQuote(leadId, form, studio.user.email);
    return r.ok
      ? {
          intent,
          error: undefined,
          done: r.plan ? `${r.plan.name} added to the quote.` : "Care plan taken off the quote.",
        }
      : data({ intent, error: r.error }, { status: r.status });
  }
  const result =
    intent === "plan-portal"
      ? await plans.portal(leadId, form)
      : await plans.setCancelAtPeriodEnd(leadId, form, intent === "plan-cancel");
  if (!result.ok) return data({ intent, error: result.error }, { status: result.status });
  // A whole page load: Stripe's portal, or the sandbox's on this very site (not a route of the app's router).
  return result.url ? redirectDocument(result.url) : { intent, error: undefined };
}

const stateLabel: Record<LeadPlan["status"], string> = {
  pending: "Checkout not finished",
  active: "Active",
  past_due: "Payment failed: Stripe retries",
  canceled: "Ended",
  incomplete: "Incomplete",
};

/** A lead's care plans, each with its state, next renewal and the studio's actions. */
export function LeadPlans({
  plans,
  busy,
  error,
}: {
  plans: LeadPlan[];
  busy: boolean;
  error: (intent: string) => React.ReactNode;
}) {
  if (plans.length === 0) return null;
  return (
    <Section id="care-plans" title="Care plans">
      <ul className="grid gap-4">
        {plans.map((p) => (
          <li key={p.id} className="grid gap-2 rounded-md border p-4">
            <p className="font-semibold">
              {p.planName}, {formatCad(p.priceCents, { withCode: true })} a month + tax ({p.province})
            </p>
            <p>
              {stateLabel[p.status]}
              {p.currentPeriodEnd && p.status !== "canceled"
                ? p.cancelAtPeriodEnd
                  ? `; ends ${formatSiteDate(p.currentPeriodEnd)}`
                  : `; renews ${formatSiteDate(p.currentPeriodEnd)}`
                : ""}
            </p>
            {p.status !== "canceled" && p.status !== "pending" && (
              <p className="text-sm">
                Changes this month: {hoursText(p.usedMinutes)} of {p.changeHours} h (
                <Link to="/studio/plans" className="text-primary underline underline-offset-4">
                  log work in Plans
                </Link>
                )
              </p>
            )}
            {p.status !== "canceled" && p.status !== "pending" && (
              <div className="flex flex-wrap gap-2">
                <Form method="post">
                  <input type="hidden" name="subscriptionId" value={p.id} />
                  <input
                    type="hidden"
                    name="intent"
                    value={p.cancelAtPeriodEnd ? "plan-resume" : "plan-cancel"}
                  />
                  <Button type="submit" variant="outline" disabled={busy}>
                    {p.cancelAtPeriodEnd ? "Keep the plan going" : "Cancel at the period's end"}
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="subscriptionId" value={p.id} />
                  <input type="hidden" name="intent" value="plan-portal" />
                  <Button type="submit" variant="outline" disabled={busy}>
                    Change plan or card (Stripe)
                  </Button>
                </Form>
              </div>
            )}
          </li>
        ))}
      </ul>
      {error("plan-cancel")}
      {error("plan-resume")}
      {error("plan-portal")}
    </Section>
  );
}

type QuotePlansData = {
  onQuotes: Record<string, { planId: string; name: string; priceCents: number }>;
  offered: { id: string; name: string; priceCents: number }[];
};

/**
 * A care plan on each of the lead's quotes (issue 42): a recurring line that starts when the
 * balance is paid, "then $X/month" on the quote's page. Changed until the client accepts.
 */
export function LeadQuotePlans({
  quotes,
  quotePlans,
  busy,
  error,
}: {
  quotes: { id: string; reference: string; status: string }[];
  quotePlans: QuotePlansData;
  busy: boolean;
  error: (intent: string) => React.ReactNode;
}) {
  const changeable = (status: string) => ["draft", "sent", "viewed"].includes(status);
  const shown = quotes.filter((q) => changeable(q.status) || quotePlans.onQuotes[q.id]);
  if (shown.length === 0 || quotePlans.offered.length === 0) return null;
  const cad = (cents: number) => formatCad(cents, { withCode: true });
  return (
    <Section id="quote-care-plans" title="Care plan after launch">
      <ul className="grid gap-3">
        {shown.map((q) => {
          const on = quotePlans.onQuotes[q.id];
          return (
            <li key={q.id} className="grid gap-2 rounded-md border p-4">
              <p>
                Quote {q.reference}:{" "}
                {on
                  ? `then ${on.name}, ${cad(on.priceCents)} a month + tax, from when the balance is paid`
                  : "no care plan"}
              </p>
              {changeable(q.status) && (
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="quote-plan" />
                  <input type="hidden" name="quoteId" value={q.id} />
                  <label className="grid gap-1 text-sm font-semibold" htmlFor={`quote-plan-${q.id}`}>
                    Care plan on quote {q.reference}
                    <select
                      id={`quote-plan-${q.id}`}
                      name="carePlan"
                      defaultValue={on?.planId ?? ""}
                      className="h-10 rounded-md border bg-background px-3 font-normal"
                    >
                      <option value="">None</option>
                      {quotePlans.offered.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.name}, {cad(p.priceCents)} a month
                        </option>
                      ))}
                    </select>
                  </label>
                  <Button type="submit" variant="outline" disabled={busy}>
                    Save the care plan
                  </Button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
      {error("quote-plan")}
    </Section>
  );
}
