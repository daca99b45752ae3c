import { data, Form, Link, redirect } from "react-router";

import { Button } from "~/components/ui/button";
import { formatCad } from "~/lib/money";
import { formatSiteDate } from "~/lib/site-time";
import { hoursText } from "~/shared/care-plan-form";

import type { StudioServices } from "../../server/services.server";
import { Section } from "./ui";

type LeadPlan = Awaited<ReturnType<StudioServices["carePlans"]["ofLead"]>>[number];

const PLAN_INTENTS = ["plan-cancel", "plan-resume", "plan-portal"] as const;
type PlanIntent = (typeof PLAN_INTENTS)[number];
export const isPlanIntent = (i: unknown): i is PlanIntent => PLAN_INTENTS.includes(i as PlanIntent);

/** The lead page's care plan forms: cancel at the period's end, take it back, or Stripe's portal (plan, card). */
export async function planAction(
  studio: StudioServices,
  leadId: string,
  intent: PlanIntent,
  form: Record<string, unknown>,
) {
  const plans = studio.carePlans;
  const result =
    intent === "plan-portal"
      ? await plans.portal(leadId, form)
      : await plans.setCancelAtPeriodEnd(leadId, form, intent === "plan-cancel");
  if (!result.ok) return data({ intent, error: result.error }, { status: result.status });
  return result.url ? redirect(result.url) : { intent, error: undefined };
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
