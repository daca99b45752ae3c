import { data, Form, redirect, useNavigation } from "react-router";

import { FormAlert } from "~/components/form";
import { Button } from "~/components/ui/button";
import { readFormPost } from "~/lib/form-post";
import { formatCad } from "~/lib/money";
import { formatSiteDate } from "~/lib/site-time";
import { z } from "~/lib/zod";
import { hoursText } from "~/shared/care-plan-form";

import type { Route } from "./+types/plans";
import { portalMeta, requireClient } from "./guard";

export const meta: Route.MetaFunction = () => portalMeta("Plans");

export async function loader({ context }: Route.LoaderArgs) {
  const { plans, client } = requireClient(context);
  return { plans: await plans.plansOfClient(client.email) };
}

const manageSchema = z.object({ subscriptionId: z.string().trim().min(1).max(100) });
const NOT_OPENED =
  "We could not open billing for this plan just now. Try again in a minute, or email us and we will help.";

/**
 * "Manage billing": a fresh Stripe customer portal session (change plan, update card, cancel at
 * the period's end) for one of the client's own plans, back here afterwards. Another client's plan
 * and one that does not exist answer alike.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormPost(request, context);
  const { plans, client } = requireClient(context);
  const parsed = manageSchema.safeParse(Object.fromEntries(form));
  const url = parsed.success
    ? await plans.clientBillingPortal(client.email, parsed.data.subscriptionId, "/portal/plans")
    : null;
  if (!url) return data({ error: NOT_OPENED }, { status: 404 });
  return redirect(url);
}

type Plan = Route.ComponentProps["loaderData"]["plans"][number];

const STATUS: Record<Plan["status"], string> = {
  pending: "Checkout not finished",
  active: "Active",
  past_due: "Payment failed: update your card",
  canceled: "Ended",
  incomplete: "Payment not finished",
};

function when(p: Plan) {
  if (!p.currentPeriodEnd) return null;
  const day = formatSiteDate(p.currentPeriodEnd);
  if (p.status === "canceled") return `Ended ${day}`;
  return p.cancelAtPeriodEnd ? `Ends ${day}` : `Renews ${day}`;
}

/** The client's care plans (issue 42): each with its price, state and next renewal or end, and Stripe's portal. */
export default function PortalPlans({ loaderData, actionData }: Route.ComponentProps) {
  const { plans } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <div className="grid gap-4">
      <h1 className="font-heading text-2xl font-bold">Plans</h1>
      <FormAlert tone="error" role="alert">
        {actionData?.error}
      </FormAlert>
      {plans.length === 0 ? (
        <p>
          No care plan yet. Our{" "}
          <a className="underline underline-offset-4" href="/pricing">
            pricing page
          </a>{" "}
          lists them.
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="Your care plans">
          {plans.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-md border bg-card p-3"
            >
              <span className="grid">
                <span className="font-semibold">{p.planName}</span>
                <span className="text-sm break-words text-muted-foreground">
                  {[`${formatCad(p.priceCents)} a month + tax`, STATUS[p.status], when(p)]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
                {p.status !== "canceled" && (
                  <span className="text-sm" data-testid="plan-hours">
                    Changes this month: {hoursText(p.usedMinutes)} of {p.changeHours} h used
                  </span>
                )}
              </span>
              {p.status !== "canceled" && (
                <Form method="post">
                  <input type="hidden" name="subscriptionId" value={p.id} />
                  <Button type="submit" variant="outline" disabled={busy}>
                    Manage billing<span className="sr-only"> of {p.planName}</span>
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-muted-foreground">
        Manage billing opens Stripe, our payment processor: change plan, update your card or cancel at the end
        of the period.
      </p>
    </div>
  );
}
